import { REALTIME_EVENTS, type UnreadsChangedEvent } from '@agora/contracts';
import type { Processor, ProcessorContext, StoredEvent } from '../../platform/events/index.ts';
import { localeFor } from '../../platform/i18n/index.ts';
import type { MailJob, Mailer } from '../../platform/mail/mailer.ts';
import type { Realtime } from '../../platform/realtime/index.ts';
import type { AccountsService } from '../accounts/index.ts';
import type { MemberSettingsService } from '../member-settings/index.ts';
import { memberName, type MembersService } from '../members/index.ts';
import type { NetworksService } from '../networks/index.ts';
import type { NotificationsService } from '../notifications/index.ts';
import {
  GROUP_MEMBERSHIP_EVENTS as E,
  type GroupAdminChanges,
  type GroupLeftChanges,
  type JoinRequestChanges,
} from './membership-events.ts';
import { joinDecisionMail } from './membership-mails.ts';
import type { GroupsService } from './service.ts';

export type MembershipNoticeDeps = {
  groups: Pick<GroupsService, 'joinRequests'>;
  members: Pick<MembersService, 'find' | 'findMany'>;
  notifications: Pick<NotificationsService, 'notify'>;
  accounts: Pick<AccountsService, 'mailAddresses'>;
  /** Whom optional mail may reach, by their mail settings and bounced addresses. */
  memberSettings: Pick<MemberSettingsService, 'mailAddresses'>;
  networks: Pick<NetworksService, 'get'>;
  mailer: Pick<Mailer, 'prepare' | 'enqueue'>;
  realtime: Pick<Realtime, 'toMember'>;
  publicUrl: string;
};

const groupPath = (slug: string) => `/groups/${slug}`;

/**
 * What follows from membership events: notifications and mails to the members concerned, and
 * the `GroupJoinRequests` count pushed to the group's administrators whenever it changes.
 */
export function membershipProcessors(deps: MembershipNoticeDeps): Processor[] {
  /** Pushes each administrator of the group their new counts, after the commit. */
  async function pushCounts(event: StoredEvent, only?: string[]): Promise<void> {
    const ids = only ?? (await deps.groups.joinRequests.administratorIds(event.subject.id, event.context?.id ?? ''));
    for (const id of new Set(ids)) {
      const counts = await deps.groups.joinRequests.unreadCounts(event.networkId, id);
      const payload: UnreadsChangedEvent = { GroupJoinRequests: counts };
      deps.realtime.toMember(id, REALTIME_EVENTS.unreadsChanged, payload);
    }
  }

  async function actorName(event: StoredEvent): Promise<string> {
    const actor = event.actorId ? await deps.members.find(event.networkId, event.actorId) : undefined;
    return actor ? memberName(actor) : '';
  }

  /** The decision's notification and mail to the member who asked. */
  async function announceDecision(event: StoredEvent, context: ProcessorContext, decision: 'accepted' | 'rejected') {
    const changes = event.changes as JoinRequestChanges;
    const { networkId } = event;
    const path = groupPath(changes.slug);
    const [name, network, addresses] = await Promise.all([
      actorName(event),
      deps.networks.get(networkId),
      deps.memberSettings.mailAddresses(networkId, [changes.membership_id], 'notification'),
    ]);
    const mails: MailJob[] = [];
    const address = addresses.get(changes.membership_id);
    if (address) {
      const locale = localeFor(address.locale, network?.language);
      const content = joinDecisionMail(locale, decision, {
        actorName: name,
        groupName: changes.name,
        message: changes.message ?? '',
        url: `${deps.publicUrl}${path}`,
      });
      mails.push(
        await deps.mailer.prepare({ networkId, networkName: network?.name, to: address.email, locale, ...content }),
      );
    }
    const withMessage = decision === 'rejected' && !!changes.message;
    await context.transaction(async (tx) => {
      await deps.notifications.notify(
        {
          networkId,
          recipientIds: [changes.membership_id],
          type: `group_join_request_${decision}${withMessage ? '_with_message' : ''}`,
          actorId: event.actorId,
          subject: { type: 'group', id: event.subject.id, title: changes.name, path },
          params: withMessage ? { message: changes.message! } : {},
        },
        { tx, afterCommit: context.afterCommit },
      );
      await deps.mailer.enqueue(mails, tx);
    });
    context.afterCommit(() => pushCounts(event));
  }

  /** A notification to some members about the group, in the processor's transaction. */
  async function notifyAbout(
    event: StoredEvent,
    context: ProcessorContext,
    recipientIds: string[],
    type: string,
    path?: string,
  ) {
    const changes = event.changes as { name: string; slug: string };
    await context.transaction((tx) =>
      deps.notifications.notify(
        {
          networkId: event.networkId,
          recipientIds,
          type,
          actorId: event.actorId,
          subject: { type: 'group', id: event.subject.id, title: changes.name, path: path ?? groupPath(changes.slug) },
        },
        { tx, afterCommit: context.afterCommit },
      ),
    );
  }

  return [
    {
      name: 'groups.join-request-notices',
      types: [E.joinRequested, E.joinRequestAccepted, E.joinRequestRejected, E.joinRequestWithdrawn],
      async handle(event, context) {
        if (event.type === E.joinRequestAccepted) return announceDecision(event, context, 'accepted');
        if (event.type === E.joinRequestRejected) return announceDecision(event, context, 'rejected');
        if (event.type === E.joinRequested) {
          const changes = event.changes as JoinRequestChanges;
          const admins = await deps.groups.joinRequests.administratorIds(event.subject.id, event.context?.id ?? '');
          await notifyAbout(
            event,
            context,
            admins,
            'group_join_requested',
            `${groupPath(changes.slug)}/administration/join_requests`,
          );
        }
        // A new or withdrawn request changes the admins' counts.
        context.afterCommit(() => pushCounts(event));
      },
    },
    {
      name: 'groups.membership-notices',
      types: [E.adminAppointed, E.adminRemoved, E.left],
      async handle(event, context) {
        if (event.type === E.adminAppointed || event.type === E.adminRemoved) {
          const changes = event.changes as GroupAdminChanges;
          // The group's requests now count for the new admin, or no longer.
          context.afterCommit(() => pushCounts(event, [changes.membership_id]));
          if (event.type === E.adminAppointed) {
            await notifyAbout(event, context, [changes.membership_id], 'group_admin_added');
          }
          return;
        }
        const changes = event.changes as GroupLeftChanges;
        if (changes.by_admin) await notifyAbout(event, context, [changes.membership_id], 'group_member_removed');
      },
    },
  ];
}
