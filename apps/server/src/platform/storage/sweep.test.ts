import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { networkSettingsSchema } from '@agora/contracts';
import { createNetwork, signedInMember, type Session } from '../../testing/index.ts';
import { createDiskDriver } from './disk-driver.ts';
import type { VirusScanner } from './scanner.ts';
import { createStorage } from './service.ts';
import { storedObjects } from './tables.ts';
import { storageTestApp, tempDir, uploadFile, type StorageTestApp } from './upload-test-support.ts';

const HOUR = 60 * 60 * 1000;

describe.each(['disk', 's3'] as const)('the sweep on the %s driver', (driver) => {
  let t: StorageTestApp;
  let networkId: string;
  let alice: Session;

  beforeAll(async () => {
    t = await storageTestApp(driver);
    networkId = (await createNetwork(t.services)).id;
    alice = (await signedInMember(t.app, t.services, networkId)).session;
  });
  afterAll(() => t.close());

  const upload = async (content: string) =>
    (await uploadFile(t.app, alice.headers, 'files', 'a.txt', content)).json<{ id: string }>().id;
  const stateOf = async (id: string) =>
    (await t.database.db.select().from(storedObjects).where(eq(storedObjects.id, id)))[0]?.state ?? 'gone';
  const keysOf = async (id: string) => (await t.storedKeys()).filter((k) => k.includes(id));

  it('deletes volatile uploads older than a day, rows and bytes, and keeps the rest', async () => {
    const stale = await upload('never published');
    const kept = await upload('published');
    await t.app.inject({
      method: 'POST',
      url: '/api/storage/files/publish',
      headers: alice.headers,
      payload: { files: [{ id: kept }] },
    });
    const removed = await upload('removed');
    await t.app.inject({ method: 'DELETE', url: `/api/storage/files/${removed}`, headers: alice.headers });

    // An hour later nothing is due.
    expect((await t.services.storage.sweep(new Date(Date.now() + HOUR))).removed).toBe(0);
    expect(await stateOf(stale)).toBe('volatile');
    expect(await stateOf(removed)).toBe('removed');

    const result = await t.services.storage.sweep(new Date(Date.now() + 25 * HOUR));
    expect(result.removed).toBeGreaterThanOrEqual(2);
    expect(await stateOf(stale)).toBe('gone');
    expect(await keysOf(stale)).toEqual([]);
    expect(await stateOf(removed)).toBe('gone');
    expect(await stateOf(kept)).toBe('published');
    expect(await keysOf(kept)).toHaveLength(1);
  });

  it('runs on the job queue', async () => {
    const id = await upload('swept by the job');
    // Made stale by moving its creation back: the job sweeps with the real clock.
    await t.database.db
      .update(storedObjects)
      .set({ createdAt: new Date(Date.now() - 25 * HOUR) })
      .where(eq(storedObjects.id, id));
    await t.services.storage.scheduleSweep();
    await t.services.jobs.settled(20_000);
    expect(await stateOf(id)).toBe('gone');
    expect(await keysOf(id)).toEqual([]);
  });
});

describe('quarantine', () => {
  let t: StorageTestApp;
  let networkId: string;
  let membershipId: string;
  const storage = tempDir('agora-quarantine-');

  beforeAll(async () => {
    t = await storageTestApp('disk');
    networkId = (await createNetwork(t.services)).id;
    membershipId = (await signedInMember(t.app, t.services, networkId)).membership.id;
  });
  afterAll(async () => {
    await t.close();
    storage.remove();
  });

  // A scanner that finds a virus in anything saying so.
  const fakeScanner: VirusScanner = {
    kind: 'clamav',
    async scan(open) {
      let text = '';
      for await (const chunk of await open()) text += String(chunk);
      return text.includes('VIRUS') ? { infected: true, signature: 'Test.Virus' } : { infected: false };
    },
  };

  it('keeps an infected upload as a record that nobody can ever read, without its bytes', async () => {
    const driver = createDiskDriver(storage.dir);
    const service = createStorage({
      db: t.database.db,
      driver,
      scanner: fakeScanner,
      secret: 'x'.repeat(32),
      maxBytes: 1024,
      networkSettings: async () => networkSettingsSchema.parse({}),
    });
    const actor = {
      userId: 'u',
      membershipId,
      networkId,
      isNetworkAdmin: true,
      isExternal: false,
      locale: null,
      sessionId: 's',
    };
    const input = { networkId, uploaderId: membershipId, directory: 'files' as const, fileName: 'evil.txt' };
    const infected = await service.store({ ...input, body: Readable.from([Buffer.from('a VIRUS inside')]) });
    expect(infected).toMatchObject({ state: 'quarantine', quarantineReason: 'Test.Virus', name: 'evil.txt' });
    expect(await driver.stat(infected.key)).toBeNull();
    await expect(service.loadReadable(actor, networkId, 'files', infected.id)).rejects.toMatchObject({
      statusCode: 404,
    });
    await expect(service.publish(actor, { files: [{ id: infected.id }] })).rejects.toMatchObject({ statusCode: 404 });
    await expect(service.attach(actor, [infected.id], { type: 'network', id: networkId })).rejects.toMatchObject({
      statusCode: 422,
    });

    const clean = await service.store({ ...input, body: Readable.from([Buffer.from('all fine')]) });
    expect(clean.state).toBe('volatile');
    expect((await service.loadReadable(actor, networkId, 'files', clean.id)).id).toBe(clean.id);

    // The record stays for a month, then goes too.
    await service.sweep(new Date(Date.now() + 25 * HOUR));
    expect((await t.database.db.select().from(storedObjects).where(eq(storedObjects.id, infected.id))).length).toBe(1);
    await service.sweep(new Date(Date.now() + 31 * 24 * HOUR));
    expect((await t.database.db.select().from(storedObjects).where(eq(storedObjects.id, infected.id))).length).toBe(0);
  });
});
