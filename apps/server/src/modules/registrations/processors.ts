import type { Processor } from '../../platform/events/index.ts';
import { localeFor } from '../../platform/i18n/index.ts';
import type { RegistrationsContext } from './deps.ts';
import { REGISTRATION_EVENTS } from './events.ts';
import { registrationDecisionMail } from './mails.ts';

/** Mails the person who signed up how their registration was decided, in the language they used. */
export function registrationProcessors(deps: RegistrationsContext): Processor[] {
  return [
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
