import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { appNavigations, navigations } from './tables.ts';

export type NavigationRow = typeof navigations.$inferSelect;
export type AppNavigationRow = typeof appNavigations.$inferSelect;

/** The network's navigation (group null) or a group's. */
const scopeOf = (networkId: string, groupId: string | null) =>
  and(eq(navigations.networkId, networkId), groupId ? eq(navigations.groupId, groupId) : isNull(navigations.groupId));

export function createNavigationRepository(db: Db) {
  return {
    async navigation(networkId: string, groupId: string | null, tx: Db = db): Promise<NavigationRow | undefined> {
      const [row] = await tx.select().from(navigations).where(scopeOf(networkId, groupId)).limit(1);
      return row;
    },
    async saveNavigation(networkId: string, groupId: string | null, items: unknown[], tx: Db): Promise<NavigationRow> {
      const [row] = await tx
        .insert(navigations)
        .values({ networkId, groupId, items })
        .onConflictDoUpdate({
          target: [navigations.networkId, navigations.groupId],
          set: { items, updatedAt: new Date() },
        })
        .returning();
      return row!;
    },
    async appNavigation(networkId: string, tx: Db = db): Promise<AppNavigationRow | undefined> {
      const [row] = await tx.select().from(appNavigations).where(eq(appNavigations.networkId, networkId)).limit(1);
      return row;
    },
    async saveAppNavigation(networkId: string, items: unknown[], tx: Db): Promise<AppNavigationRow> {
      const [row] = await tx
        .insert(appNavigations)
        .values({ networkId, items })
        .onConflictDoUpdate({ target: appNavigations.networkId, set: { items, updatedAt: new Date() } })
        .returning();
      return row!;
    },
  };
}
