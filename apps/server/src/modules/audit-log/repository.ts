import { and, count, desc, eq, gte, inArray, lt, type SQL } from 'drizzle-orm';
import type { AuditEventType } from '@agora/contracts';
import type { Db } from '../../platform/db/client.ts';
import { auditLogEntries } from './tables.ts';

export type AuditLogRow = typeof auditLogEntries.$inferSelect;
export type NewAuditLogRow = Omit<typeof auditLogEntries.$inferInsert, 'id'>;

/** What a page of the audit log is limited to; every part is optional but the network. */
export type AuditLogQuery = {
  networkId: string;
  eventTypes?: readonly AuditEventType[];
  /** Inclusive. */
  from?: Date;
  /** Exclusive. */
  to?: Date;
  actorId?: string;
  membershipId?: string;
};

export function createAuditLogRepository(db: Db) {
  function where(query: AuditLogQuery): SQL | undefined {
    const t = auditLogEntries;
    const conditions: SQL[] = [eq(t.networkId, query.networkId)];
    if (query.eventTypes && query.eventTypes.length > 0) conditions.push(inArray(t.eventType, [...query.eventTypes]));
    if (query.from) conditions.push(gte(t.occurredAt, query.from));
    if (query.to) conditions.push(lt(t.occurredAt, query.to));
    if (query.actorId) conditions.push(eq(t.actorId, query.actorId));
    if (query.membershipId) conditions.push(eq(t.membershipId, query.membershipId));
    return and(...conditions);
  }

  return {
    /** Written in the processor's transaction; a repeated delivery of the same event writes nothing. */
    async insert(tx: Db, rows: NewAuditLogRow[]): Promise<void> {
      if (rows.length === 0) return;
      await tx.insert(auditLogEntries).values(rows).onConflictDoNothing({ target: auditLogEntries.sourceEventId });
    },

    /** One page, newest first, with the number of all matching entries. */
    async page(query: AuditLogQuery, page: number, per: number): Promise<{ rows: AuditLogRow[]; total: number }> {
      const condition = where(query);
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(auditLogEntries)
          .where(condition)
          .orderBy(desc(auditLogEntries.occurredAt), desc(auditLogEntries.id))
          .limit(per)
          .offset((page - 1) * per),
        db.select({ n: count() }).from(auditLogEntries).where(condition),
      ]);
      return { rows, total: counted?.n ?? 0 };
    },
  };
}

export type AuditLogRepository = ReturnType<typeof createAuditLogRepository>;
