import type { Processor } from '../../platform/events/index.ts';
import { localeFor } from '../../platform/i18n/index.ts';
import type { RegistrationsContext } from './deps.ts';
import { REGISTRATION_EVENTS } from './events.ts';
import { registrationDecisionMail } from './mails.ts';

/** Where administrators decide registrations. */
const REGISTRATIONS_PATH = '/administration/registrations';

/**
 * Tells the network's administrators of a new registration to decide; mails the person who
 * signed up how it was decided, in the language they used.
 */
export function registrationProcessors(deps: RegistrationsContext): Processor[] {
  return [
    {
      name: 'registrations.tell-admins',
      types: [REGISTRATION_EVENTS.created],
      async handle(event, context) {
        const row = await deps.repository.byId(event.networkId, event.subject.id);
        if (!row || row.status !== 'pending') return;
        const admins = await deps.members.networkAdminIds(event.networkId);
        await context.transaction((tx) =>
          deps.notifications.notify(
            {
              networkId: event.networkId,
              recipientIds: admins,
              type: 'registration_pending',
              subject: {
                type: 'registration',
                id: row.id,
                title: `${row.firstName} ${row.lastName}`.trim(),
                path: REGISTRATIONS_PATH,
              },
            },
            { tx, afterCommit: context.afterCommit },
          ),
        );
      },
    },
    {
      name: 'registrations.decision-mail',
      types: [REGISTRATION_EVENTS.approved, REGISTRATION_EVENTS.rejected],
      async handle(event, context) {
        const row = await deps.repository.byId(event.networkId, event.subject.id);
        const network = await deps.networks.get(event.networkId);
        if (!row || !network) return;
        const decision = event.type === REGISTRATION_EVENTS.approved ? 'approved' : 'rejected';
        const locale = localeFor(row.locale, network.language);
        const content = registrationDecisionMail(locale, decision, {
          name: `${row.firstName} ${row.lastName}`.trim(),
          network: network.name,
          signInUrl: `${deps.publicUrl}/users/sign_in`,
        });
        // Rendered before the transaction: inside it only its `tx` may be used.
        const mail = await deps.mailer.prepare({
          networkId: network.id,
          networkName: network.name,
          to: row.email,
          locale,
          ...content,
        });
        await context.transaction((tx) => deps.mailer.enqueue([mail], tx));
      },
    },
  ];
}
