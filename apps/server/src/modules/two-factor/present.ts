import type { AuthenticationFactor } from '@agora/contracts';
import type { FactorRow } from './repository.ts';

/** A factor as the list shows it; its secret never leaves the server. */
export function presentFactor(row: FactorRow): AuthenticationFactor {
  return { id: row.id, type: row.type, last_used_at: row.lastUsedAt?.toISOString() ?? null };
}
