import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../policy/index.ts';
import { createNetwork, signedInMember, type Session } from '../../testing/index.ts';
import { NETWORK_OWNER } from './owners.ts';
import { storageTestApp, uploadFile, type StorageTestApp } from './upload-test-support.ts';

const OTHER_HOST = 'elsewhere.test';

describe.each(['disk', 's3'] as const)('access to stored objects on the %s driver', (driver) => {
  let t: StorageTestApp;
  let networkId: string;
  let alice: Session;
  let aliceId: string;
  let bob: Session;
  let bobId: string;
  let admin: Session;
  let adminId: string;
  let stranger: Session;
  const anonymous = { host: 'localhost', accept: 'application/json' };
  // A module owning uploads ('note'): readers and editors per note, and who may lock.
  const readers = new Map<string, Set<string>>();
  const editors = new Map<string, Set<string>>();

  beforeAll(async () => {
    t = await storageTestApp(driver);
    networkId = (await createNetwork(t.services)).id;
    const a = await signedInMember(t.app, t.services, networkId);
    alice = a.session;
    aliceId = a.membership.id;
    const b = await signedInMember(t.app, t.services, networkId);
    bob = b.session;
    bobId = b.membership.id;
    const c = await signedInMember(t.app, t.services, networkId, { admin: true });
    admin = c.session;
    adminId = c.membership.id;
    const other = await createNetwork(t.services, { host: OTHER_HOST });
    stranger = (await signedInMember(t.app, t.services, other.id, {}, OTHER_HOST)).session;
    t.services.storage.registerOwner('note', {
      readableIds: async (actor, ids) => new Set(ids.filter((id) => actor && readers.get(id)?.has(actor.membershipId))),
      canUpdate: async (actor, id) => editors.get(id)?.has(actor.membershipId) ?? false,
      canLock: async (actor, id) => editors.get(id)?.has(actor.membershipId) ?? false,
    });
  });
  afterAll(() => t.close());

  async function upload(session: Session = alice, content = 'hello world', name = 'hello.txt') {
    const response = await uploadFile(t.app, session.headers, 'files', name, content);
    expect(response.statusCode).toBe(200);
    return response.json<{ id: string; token: string }>();
  }

  const download = (id: string, headers: Record<string, string>, query = '') =>
    t.app.inject({ url: `/api/storage/files/${id}/get/hello.txt${query}`, headers });
  const publish = (session: Session, body: object, directory = 'files') =>
    t.app.inject({ method: 'POST', url: `/api/storage/${directory}/publish`, headers: session.headers, payload: body });
  const remove = (id: string, headers: Record<string, string>, directory = 'files') =>
    t.app.inject({ method: 'DELETE', url: `/api/storage/${directory}/${id}`, headers });
  const lock = (id: string, headers: Record<string, string>, lockedUntil: string | null) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/storage/files/${id}/lock`,
      headers,
      payload: { locked_until: lockedUntil },
    });
  const token = (id: string, headers: Record<string, string>) =>
    t.app.inject({ url: `/api/storage/files/${id}/token`, headers });
  const actorOf = (membershipId: string, isNetworkAdmin = false): Actor => ({
    userId: 'user',
    membershipId,
    networkId,
    isNetworkAdmin,
    isExternal: false,
    locale: null,
    sessionId: 'session',
  });

  it('answers 401 to every call without a session', async () => {
    const { id } = await upload();
    const calls = [
      () => publish({ headers: anonymous } as unknown as Session, { files: [{ id }] }),
      () => remove(id, anonymous),
      () => lock(id, anonymous, null),
      () => token(id, anonymous),
      () => download(id, anonymous),
      () => t.app.inject({ url: '/api/storage/v2/discover', headers: anonymous }),
    ];
    for (const call of calls) expect((await call()).statusCode).toBe(401);
  });

  it('keeps a volatile upload to its uploader: others in the network and elsewhere get 404', async () => {
    const { id } = await upload();
    for (const session of [bob, admin, stranger]) {
      expect((await download(id, session.headers)).statusCode).toBe(404);
      expect((await token(id, session.headers)).statusCode).toBe(404);
      expect((await remove(id, session.headers)).statusCode).toBe(404);
      expect((await lock(id, session.headers, 'default')).statusCode).toBe(404);
      expect((await publish(session, { files: [{ id }] })).statusCode).toBe(404);
    }
    expect((await download(id, alice.headers)).statusCode).toBe(200);
  });

  it('publishes the uploader’s volatile items, all or nothing', async () => {
    const mine = await upload();
    const theirs = await upload(bob);
    const refused = await publish(alice, { files: [{ id: mine.id }, { id: theirs.id }] });
    expect(refused.statusCode).toBe(404);
    const wrongDirectory = await publish(alice, { images: [{ id: mine.id }] }, 'images');
    expect(wrongDirectory.statusCode).toBe(404);
    expect((await publish(alice, { files: [{ id: 'nonsense' }] })).statusCode).toBe(404);

    const published = await publish(alice, { files: [{ id: mine.id, name: 'ignored' }] });
    expect(published.statusCode).toBe(200);
    expect(published.json()).toEqual({
      files: [expect.objectContaining({ id: mine.id, state: 'published', name: 'hello.txt' })],
    });
    expect(published.json().files[0].token).toMatch(/^\d+\./);
    // Again: nothing changes, nothing fails (a form saved twice).
    expect((await publish(alice, { files: [{ id: mine.id }] })).json().files[0].state).toBe('published');
    // Published but not attached: still the uploader's alone.
    expect((await download(mine.id, bob.headers)).statusCode).toBe(404);
  });

  it('answers 422 to a publish body that is not keyed by directory', async () => {
    expect((await publish(alice, { files: 'x' })).statusCode).toBe(422);
    expect((await publish(alice, { files: [{}] })).statusCode).toBe(422);
    expect((await publish(alice, {}, 'secrets')).statusCode).toBe(404);
    expect((await publish(alice, {})).json()).toEqual({});
  });

  it('lets the owner decide once a module attaches an upload', async () => {
    const { id } = await upload();
    const noteId = 'note-1';
    readers.set(noteId, new Set([aliceId, bobId]));
    editors.set(noteId, new Set([bobId]));
    const aliceActor = actorOf(aliceId);
    const bobActor = actorOf(bobId);

    // Only the uploader's own uploads can be attached, all or none.
    const bobsUpload = await upload(bob);
    await expect(
      t.services.storage.attach(
        aliceActor,
        [id, bobsUpload.id],
        { type: 'note', id: noteId },
        { field: 'attachments' },
      ),
    ).rejects.toMatchObject({ statusCode: 422, body: { errors: { attachments: ['invalid'] } } });
    await expect(t.services.storage.attach(aliceActor, [id], { type: 'unknown', id: 'x' })).rejects.toThrow(
      /No storage owner unknown/,
    );
    const [attached] = await t.services.storage.attach(aliceActor, [id], { type: 'note', id: noteId });
    expect(attached).toMatchObject({ state: 'published', ownerType: 'note', ownerId: noteId });
    // Attaching again to the same owner passes; to another owner it fails.
    await t.services.storage.attach(aliceActor, [id], { type: 'note', id: noteId });
    await expect(t.services.storage.attach(aliceActor, [id], { type: 'note', id: 'note-2' })).rejects.toMatchObject({
      statusCode: 422,
    });

    expect((await download(id, bob.headers)).body).toBe('hello world');
    expect((await download(id, admin.headers)).statusCode).toBe(404);
    expect((await t.services.storage.readableMany(bobActor, [id, bobsUpload.id, id])).map((r) => r.id)).toEqual([
      id,
      bobsUpload.id,
    ]);
    expect(await t.services.storage.readableMany(actorOf(adminId), [id, bobsUpload.id])).toEqual([]);
    expect((await t.services.storage.owned(networkId, 'note', [noteId, 'none'])).get(noteId)).toHaveLength(1);

    // The uploader reads it, but removing it is the note's editors' call.
    expect((await remove(id, alice.headers)).statusCode).toBe(403);
    const removed = await remove(id, bob.headers);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ id, state: 'removed' });
    expect((await download(id, bob.headers)).statusCode).toBe(404);
    expect((await t.storedKeys()).filter((k) => k.includes(id))).toEqual([]);
  });

  it('removes a volatile upload for its uploader, bytes and all', async () => {
    const { id } = await upload();
    const response = await remove(id, alice.headers);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id, state: 'removed' });
    expect((await t.storedKeys()).filter((k) => k.includes(id))).toEqual([]);
    expect((await remove(id, alice.headers)).statusCode).toBe(404);
    expect((await remove('not-an-id', alice.headers)).statusCode).toBe(404);
  });

  it('removes what an owner holds when the owner goes', async () => {
    const first = await upload();
    const second = await upload();
    await t.services.storage.attach(actorOf(aliceId), [first.id, second.id], { type: 'note', id: 'note-gone' });
    const removed = await t.services.storage.removeOwned(networkId, { type: 'note', ids: ['note-gone'] });
    expect(removed.map((r) => r.state)).toEqual(['removed', 'removed']);
    expect((await t.storedKeys()).filter((k) => k.includes(first.id) || k.includes(second.id))).toEqual([]);
  });

  it('shows the network’s own uploads to everyone, anonymous visitors included', async () => {
    const { id } = await upload(admin, 'logo bytes', 'logo.txt');
    // Before it is the network's, anonymous visitors are asked to sign in.
    expect((await download(id, anonymous)).statusCode).toBe(401);
    const row = await t.services.storage.attach(actorOf(adminId, true), [id], { type: NETWORK_OWNER, id: networkId });
    expect(row[0]!.ownerType).toBe('network');
    expect((await download(id, anonymous)).body).toBe('logo bytes');
    expect((await download(id, bob.headers)).statusCode).toBe(200);
    // Removing is for network admins.
    expect((await remove(id, bob.headers)).statusCode).toBe(403);
    // Another network's visitors do not see it.
    expect((await download(id, { host: OTHER_HOST })).statusCode).toBe(401);
    expect((await download(id, stranger.headers)).statusCode).toBe(404);
    expect((await remove(id, admin.headers)).statusCode).toBe(200);
  });

  describe('downloads', () => {
    let id: string;
    beforeAll(async () => {
      id = (await upload(alice, '0123456789', 'Übersicht (Q1) 50%.txt')).id;
    });

    it('sends the bytes with the sniffed type, validators and a safe disposition', async () => {
      const response = await download(id, alice.headers, '?_=v1');
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe('0123456789');
      expect(response.headers).toMatchObject({
        'content-type': 'text/plain; charset=utf-8',
        'content-length': '10',
        'accept-ranges': 'bytes',
        'x-content-type-options': 'nosniff',
        'cache-control': 'private, no-cache',
        etag: `"${id}-1"`,
        'content-disposition': `inline; filename="Ubersicht (Q1) 50_.txt"; filename*=UTF-8''%C3%9Cbersicht%20%28Q1%29%2050%25.txt`,
      });
      expect(Date.parse(response.headers['last-modified'] as string)).not.toBeNaN();
      const attachment = await download(id, alice.headers, '?download');
      expect(attachment.headers['content-disposition']).toMatch(/^attachment; /);

      const head = await t.app.inject({
        method: 'HEAD',
        url: `/api/storage/files/${id}/get/x`,
        headers: alice.headers,
      });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-length']).toBe('10');
      expect(head.body).toBe('');

      const again = await download(id, { ...alice.headers, 'if-none-match': `"${id}-1"` });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
    });

    it('answers ranges with 206, and 416 beyond the end', async () => {
      const part = await download(id, { ...alice.headers, range: 'bytes=2-5' });
      expect(part.statusCode).toBe(206);
      expect(part.body).toBe('2345');
      expect(part.headers['content-range']).toBe('bytes 2-5/10');
      expect(part.headers['content-length']).toBe('4');
      expect((await download(id, { ...alice.headers, range: 'bytes=-3' })).body).toBe('789');
      expect((await download(id, { ...alice.headers, range: 'bytes=7-' })).body).toBe('789');
      const beyond = await download(id, { ...alice.headers, range: 'bytes=10-20' });
      expect(beyond.statusCode).toBe(416);
      expect(beyond.headers['content-range']).toBe('bytes */10');
      // A changed object (another ETag) gets all of it.
      const stale = await download(id, { ...alice.headers, range: 'bytes=2-5', 'if-range': '"other"' });
      expect(stale.statusCode).toBe(200);
      expect(stale.body).toBe('0123456789');
    });

    it('never shows HTML or SVG inline', async () => {
      const html = await upload(alice, '<html><script>alert(1)</script></html>', 'page.html');
      const response = await download(html.id, alice.headers);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['content-disposition']).toMatch(/^attachment; /);
      const svg = await upload(alice, '<svg xmlns="http://www.w3.org/2000/svg"/>', 'x.svg');
      expect((await download(svg.id, alice.headers)).headers['content-disposition']).toMatch(/^attachment; /);
    });

    it('reads with a download token instead of the session, for five minutes, for that file only', async () => {
      const answer = await token(id, alice.headers);
      expect(answer.statusCode).toBe(200);
      const { token: value } = answer.json();
      const withToken = await download(id, anonymous, `?token=${value}`);
      expect(withToken.statusCode).toBe(200);
      expect(withToken.body).toBe('0123456789');
      const ranged = await download(id, { ...anonymous, range: 'bytes=0-0' }, `?token=${value}&download`);
      expect(ranged.statusCode).toBe(206);
      expect(ranged.headers['content-disposition']).toMatch(/^attachment; /);

      const other = await upload();
      expect((await download(other.id, anonymous, `?token=${value}`)).statusCode).toBe(401);
      expect((await download(id, anonymous, `?token=${value.replace(/.$/, 'A')}x`)).statusCode).toBe(401);
      expect((await download(id, { host: OTHER_HOST }, `?token=${value}`)).statusCode).toBe(401);
      // A bad token with a session falls back to the session.
      expect((await download(id, alice.headers, '?token=bad')).statusCode).toBe(200);
      expect((await download(id, bob.headers, '?token=bad')).statusCode).toBe(404);
    });
  });

  describe('locks', () => {
    it('locks for the default period, unlocks, and refuses a time in the past', async () => {
      const { id } = await upload();
      const before = Date.now();
      const locked = await lock(id, alice.headers, 'default');
      expect(locked.statusCode).toBe(200);
      const body = locked.json();
      expect(body.locked_by_id).toBe(aliceId);
      const until = Date.parse(body.locked_until);
      // The network's default_lock_period_days: 7.
      expect(until - before).toBeGreaterThanOrEqual(7 * 86_400_000 - 1000);
      expect(until - before).toBeLessThan(7 * 86_400_000 + 60_000);

      const explicit = new Date(Date.now() + 3_600_000).toISOString();
      expect((await lock(id, alice.headers, explicit)).json()).toEqual({
        locked_until: explicit,
        locked_by_id: aliceId,
      });
      const past = await lock(id, alice.headers, '2001-01-01T00:00:00Z');
      expect(past.statusCode).toBe(422);
      expect(past.json()).toEqual({ errors: { locked_until: ['must_be_in_future'] } });
      expect((await lock(id, alice.headers, 'tomorrow')).statusCode).toBe(422);
      expect((await lock(id, alice.headers, null)).json()).toEqual({ locked_until: null, locked_by_id: null });
    });

    it('asks the owner’s canLock, and keeps another member’s lock', async () => {
      const { id } = await upload();
      const noteId = 'note-locks';
      readers.set(noteId, new Set([aliceId, bobId]));
      editors.set(noteId, new Set([aliceId, bobId]));
      await t.services.storage.attach(actorOf(aliceId), [id], { type: 'note', id: noteId });

      expect((await lock(id, bob.headers, 'default')).statusCode).toBe(200);
      // Alice may lock the note's files, but not take over Bob's lock, nor delete the file meanwhile.
      const taken = await lock(id, alice.headers, null);
      expect(taken.statusCode).toBe(403);
      expect(taken.json()).toEqual({ error: 'locked' });
      expect((await remove(id, alice.headers)).statusCode).toBe(403);

      editors.set(noteId, new Set([bobId]));
      expect((await lock(id, alice.headers, 'default')).statusCode).toBe(403);
      expect((await lock(id, bob.headers, null)).statusCode).toBe(200);
    });
  });

  it('says whether the store answers', async () => {
    const response = await t.app.inject({ url: '/api/storage/v2/discover', headers: alice.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
  });
});
