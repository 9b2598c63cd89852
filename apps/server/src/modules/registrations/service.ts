import { createAltcha } from './altcha.ts';
import type { RegistrationsDeps } from './deps.ts';
import { createRegistrationDecisions } from './decisions.ts';
import { createInvitations } from './invitations.ts';
import { registrationProcessors } from './processors.ts';
import { REGISTRATION_EVENTS } from './events.ts';
import { createRegistrationsRepository, type NewRegistration } from './repository.ts';
import { createSignUp } from './sign-up.ts';

export type RegistrationsService = ReturnType<typeof createRegistrationsService>;

/** Joining the network by signing up, and the administrators' decisions where joining is moderated. */
export function createRegistrationsService(deps: RegistrationsDeps) {
  const context = { ...deps, repository: createRegistrationsRepository(deps.db) };
  return {
    ...createSignUp(context),
    ...createRegistrationDecisions(context),
    ...createInvitations(context),
    challenge: () => deps.altcha.challenge(),
    /** Pending registrations as if signed up (the demo's), each recording its event. */
    async addPending(networkId: string, entries: Array<Omit<NewRegistration, 'networkId'>>) {
      await deps.events.transaction(async (tx) => {
        for (const entry of entries) {
          const row = await context.repository.insertPending(tx, { ...entry, networkId });
          if (!row) continue;
          await deps.events.record(tx, {
            networkId,
            type: REGISTRATION_EVENTS.created,
            actorId: null,
            subject: { type: 'registration', id: row.id },
            changes: { email: row.email, first_name: row.firstName, last_name: row.lastName },
          });
        }
      });
    },
    processors: registrationProcessors(context),
    close: () => deps.altcha.close(),
  };
}

export { createAltcha };
