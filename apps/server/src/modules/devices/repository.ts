import { and, eq, inArray, lt, ne } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { devices, webTokenRedemptions } from './tables.ts';

export type DeviceRow = typeof devices.$inferSelect;
export type NewDeviceRow = typeof devices.$inferInsert;

/** How often a process clears exchanged web tokens past their expiry (they can no longer be replayed). */
const REDEMPTION_PURGE_MS = 10 * 60_000;

export function createDevicesRepository(db: Db, now: () => number = Date.now) {
  let nextPurge = 0;
  return {
    /**
     * Records a web token's nonce as exchanged: true the first time in any process, false when it
     * was exchanged before. Now and then the expired records go, on the expiry index.
     */
    async redeemWebToken(nonce: string, expiresAt: Date): Promise<boolean> {
      if (now() >= nextPurge) {
        nextPurge = now() + REDEMPTION_PURGE_MS;
        await db.delete(webTokenRedemptions).where(lt(webTokenRedemptions.expiresAt, new Date(now())));
      }
      const inserted = await db
        .insert(webTokenRedemptions)
        .values({ nonce, expiresAt })
        .onConflictDoNothing()
        .returning({ nonce: webTokenRedemptions.nonce });
      return inserted.length === 1;
    },
    /**
     * Registers the member's device, or refreshes the one with this token (its platform, name,
     * keys and when it was last seen); its settings stay.
     */
    async upsert(row: NewDeviceRow, tx: Db = db): Promise<DeviceRow> {
      const [saved] = await tx
        .insert(devices)
        .values(row)
        .onConflictDoUpdate({
          target: [devices.membershipId, devices.token],
          set: { platform: row.platform, name: row.name, keys: row.keys, lastSeenAt: new Date() },
        })
        .returning();
      return saved!;
    },
    /** Other members' devices with this token (a browser one member used before another): removed, their ids. */
    async removeOthersWithToken(
      networkId: string,
      membershipId: string,
      token: string,
      tx: Db = db,
    ): Promise<string[]> {
      const removed = await tx
        .delete(devices)
        .where(and(eq(devices.networkId, networkId), eq(devices.token, token), ne(devices.membershipId, membershipId)))
        .returning({ id: devices.id });
      return removed.map((r) => r.id);
    },
    async find(networkId: string, membershipId: string, id: string): Promise<DeviceRow | undefined> {
      const [row] = await db
        .select()
        .from(devices)
        .where(and(eq(devices.networkId, networkId), eq(devices.membershipId, membershipId), eq(devices.id, id)))
        .limit(1);
      return row;
    },
    async byId(networkId: string, id: string, tx: Db = db): Promise<DeviceRow | undefined> {
      const [row] = await tx
        .select()
        .from(devices)
        .where(and(eq(devices.networkId, networkId), eq(devices.id, id)))
        .limit(1);
      return row;
    },
    /** The devices of these members (one indexed query per call), in the caller's transaction when given. */
    ofMembers(
      networkId: string,
      membershipIds: string[],
      tx: Db = db,
    ): Promise<Pick<DeviceRow, 'id' | 'membershipId'>[]> {
      if (membershipIds.length === 0) return Promise.resolve([]);
      return tx
        .select({ id: devices.id, membershipId: devices.membershipId })
        .from(devices)
        .where(and(eq(devices.networkId, networkId), inArray(devices.membershipId, membershipIds)));
    },
    async saveSettings(
      id: string,
      settings: Record<string, Record<string, boolean>>,
      tx: Db = db,
    ): Promise<DeviceRow | undefined> {
      const [row] = await tx.update(devices).set({ settings }).where(eq(devices.id, id)).returning();
      return row;
    },
    async remove(networkId: string, id: string, tx: Db = db): Promise<boolean> {
      const removed = await tx
        .delete(devices)
        .where(and(eq(devices.networkId, networkId), eq(devices.id, id)))
        .returning({ id: devices.id });
      return removed.length > 0;
    },
  };
}
