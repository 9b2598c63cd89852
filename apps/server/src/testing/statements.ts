import { vi } from 'vitest';
import type { Database } from '../platform/db/client.ts';

/**
 * The statements `work` sends to the database, leaving out what the background workers (event
 * deliveries, the job queue) ask the same pool meanwhile.
 */
export async function statementsDuring(database: Database, work: () => Promise<unknown>): Promise<string[]> {
  const target = (database.pglite ?? database.pool) as { query: (...args: unknown[]) => unknown };
  const spy = vi.spyOn(target, 'query');
  try {
    await work();
    return spy.mock.calls
      .map(([query]) => (typeof query === 'string' ? query : (query as { text: string }).text))
      .filter((text) => !/event_deliveries|domain_events|pgboss/.test(text));
  } finally {
    spy.mockRestore();
  }
}
