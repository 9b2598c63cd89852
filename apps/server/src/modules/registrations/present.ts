import type { JoinProfileValues, RegistrationItem } from '@agora/contracts';
import { abilities, type Actor } from '../../platform/policy/index.ts';
import { registrationPolicy } from './policy.ts';
import type { RegistrationRow } from './repository.ts';

/** A registration as the administrators' list shows it. */
export function presentRegistration(
  actor: Actor,
  row: RegistrationRow,
  deciders: Map<string, { id: string; name: string }>,
): RegistrationItem {
  const can = abilities(registrationPolicy, actor, row);
  return {
    id: row.id,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    profile: row.profile as JoinProfileValues,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    decided_at: row.decidedAt?.toISOString() ?? null,
    decided_by: (row.decidedById && deciders.get(row.decidedById)) || null,
    can: { approve: can.approve, reject: can.reject },
  };
}
