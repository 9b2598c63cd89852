import type { Processor } from '../../platform/events/index.ts';
import type { NotificationsService } from '../notifications/index.ts';
import { CHANGE_REQUEST_ACCEPTED, CHANGE_REQUEST_REJECTED, type ChangeRequestDecidedChanges } from './service.ts';

/** The member whose profile it is, and the author when someone else asked, hear of the decision. */
export function changeRequestProcessors(deps: { notifications: Pick<NotificationsService, 'notify'> }): Processor[] {
  return [
    {
      name: 'change-requests.decision-notices',
      types: [CHANGE_REQUEST_ACCEPTED, CHANGE_REQUEST_REJECTED],
      async handle(event, context) {
        const changes = event.changes as ChangeRequestDecidedChanges;
        const accepted = event.type === CHANGE_REQUEST_ACCEPTED;
        await context.transaction((tx) =>
          deps.notifications.notify(
            {
              networkId: event.networkId,
              recipientIds: [...new Set([changes.membership_id, changes.author_id])],
              type: accepted ? 'profile_change_request_accepted' : 'profile_change_request_rejected',
              actorId: event.actorId,
              subject: {
                type: 'membership',
                id: changes.membership_id,
                title: '',
                path: `/members/${changes.membership_id}`,
              },
            },
            { tx, afterCommit: context.afterCommit },
          ),
        );
      },
    },
  ];
}
