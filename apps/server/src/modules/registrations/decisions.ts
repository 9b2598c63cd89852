import {
  idSchema,
  JOIN_ERROR_KEYS,
  REGISTRATIONS_PER_PAGE,
  type RegistrationItem,
  type RegistrationsPage,
  type RegistrationStatus,
} from '@agora/contracts';
import { notFound, unprocessable } from '../../platform/errors.ts';
import { authorize, type Actor, type NetworkContext } from '../../platform/policy/index.ts';
import { memberName } from '../members/index.ts';
import { settingsOf, type RegistrationsContext } from './deps.ts';
import { REGISTRATION_EVENTS } from './events.ts';
import { registrationPolicy } from './policy.ts';
import { presentRegistration } from './present.ts';
import type { RegistrationRow } from './repository.ts';

/** The administrators' side of moderated joining: the list, approving and rejecting. */
export function createRegistrationDecisions(deps: RegistrationsContext) {
  async function deciders(networkId: string, rows: RegistrationRow[]) {
    const ids = [...new Set(rows.flatMap((r) => (r.decidedById ? [r.decidedById] : [])))];
    const members = ids.length > 0 ? await deps.members.findMany(networkId, ids) : [];
    return new Map(members.map((m) => [m.id, { id: m.id, name: memberName(m) }]));
  }

  const present = async (actor: Actor, row: RegistrationRow) =>
    presentRegistration(actor, row, await deciders(actor.networkId, [row]));

  /** A registration of the actor's network the actor may read; 404 otherwise. */
  async function load(actor: Actor, rawId: string): Promise<RegistrationRow> {
    const id = idSchema.safeParse(rawId);
    const row = id.success ? await deps.repository.byId(actor.networkId, id.data) : null;
    if (!row) throw notFound();
    authorize(registrationPolicy, 'read', actor, row);
    return row;
  }

  const alreadyDecided = () => unprocessable({ status: [JOIN_ERROR_KEYS.alreadyDecided] });

  return {
    async list(actor: Actor, status: RegistrationStatus, page: number): Promise<RegistrationsPage> {
      const { rows, total } = await deps.repository.page(
        actor.networkId,
        status,
        REGISTRATIONS_PER_PAGE,
        (page - 1) * REGISTRATIONS_PER_PAGE,
      );
      const names = await deciders(actor.networkId, rows);
      return {
        items: rows.map((row) => presentRegistration(actor, row, names)),
        page,
        per: REGISTRATIONS_PER_PAGE,
        total,
      };
    },

    /**
     * Makes the member with the password they chose (`membership.created` via registration),
     * then marks the registration approved (`registration.approved`, whose processor mails
     * them). As a guest when the network lets people join only as guests.
     */
    async approve(network: NetworkContext, actor: Actor, rawId: string): Promise<RegistrationItem> {
      const row = await load(actor, rawId);
      if (row.status !== 'pending') throw alreadyDecided();
      const settings = await settingsOf(deps, network);
      const { membership } = await deps.accounts.addMember(
        network,
        {
          email: row.email,
          firstName: row.firstName,
          lastName: row.lastName,
          passwordHash: row.passwordHash,
          locale: row.locale,
          isExternal: settings.join_as_external,
          profile: row.profile,
          onboardingPending: await deps.profileEdit.onboardingOnJoin(network.id, row.profile, true),
        },
        { actorId: actor.membershipId, via: 'registration', details: { registration_id: row.id } },
      );
      const decided = await deps.events.transaction(async (tx) => {
        const updated = await deps.repository.decide(tx, row.id, {
          status: 'approved',
          decidedById: actor.membershipId,
          membershipId: membership.id,
        });
        if (!updated) return null;
        await deps.events.record(tx, {
          networkId: network.id,
          type: REGISTRATION_EVENTS.approved,
          actorId: actor.membershipId,
          subject: { type: 'registration', id: row.id },
          changes: { membership_id: membership.id, email: row.email },
        });
        return updated;
      });
      if (!decided) throw alreadyDecided();
      return present(actor, decided);
    },

    /** Marks the registration rejected (`registration.rejected`, whose processor tells them). */
    async reject(network: NetworkContext, actor: Actor, rawId: string): Promise<RegistrationItem> {
      const row = await load(actor, rawId);
      if (row.status !== 'pending') throw alreadyDecided();
      const decided = await deps.events.transaction(async (tx) => {
        const updated = await deps.repository.decide(tx, row.id, {
          status: 'rejected',
          decidedById: actor.membershipId,
        });
        if (!updated) return null;
        await deps.events.record(tx, {
          networkId: network.id,
          type: REGISTRATION_EVENTS.rejected,
          actorId: actor.membershipId,
          subject: { type: 'registration', id: row.id },
          changes: { email: row.email },
        });
        return updated;
      });
      if (!decided) throw alreadyDecided();
      return present(actor, decided);
    },
  };
}
