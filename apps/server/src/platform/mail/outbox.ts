import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { mailOutbox } from './tables.ts';

export type OutboxRow = typeof mailOutbox.$inferSelect;
export type OutboxEntry = Pick<OutboxRow, 'networkId' | 'to' | 'subject' | 'text' | 'html' | 'deliveryError'>;

/** The outbox table: written by the mail worker, read by network admins (and tests). */
export function createOutbox(db: Db) {
  return {
    async insert(entry: OutboxEntry): Promise<void> {
      await db.insert(mailOutbox).values(entry);
    },

    /** One page of a network's mails, newest first, with the total for the pager. */
    async page(networkId: string, page: number, per: number) {
      const where = eq(mailOutbox.networkId, networkId);
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: mailOutbox.id,
            to: mailOutbox.to,
            subject: mailOutbox.subject,
            deliveryError: mailOutbox.deliveryError,
            createdAt: mailOutbox.createdAt,
          })
          .from(mailOutbox)
          .where(where)
          .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
          .limit(per)
          .offset((page - 1) * per),
        db.select({ n: count() }).from(mailOutbox).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async find(networkId: string, id: string): Promise<OutboxRow | undefined> {
      const [row] = await db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.networkId, networkId), eq(mailOutbox.id, id)))
        .limit(1);
      return row;
    },

    /** The newest mails to an address. */
    to(address: string, limit = 20): Promise<OutboxRow[]> {
      return db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to, address))
        .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
        .limit(limit);
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
