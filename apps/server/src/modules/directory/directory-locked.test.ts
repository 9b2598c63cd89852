import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DirectoryMembersResult, MemberProfile } from '@agora/contracts';
import {
  createMember,
  createNetwork,
  createTestApp,
  signedInMember,
  storeNetworkSettings,
  type Session,
  type TestApp,
} from '../../testing/index.ts';

let t: TestApp;
let networkId: string;
let member: { membership: { id: string }; session: Session };
let admin: { membership: { id: string }; session: Session };
const ids: Record<string, string> = {};

const SETTINGS = { directory_profile_fields: ['department'], directory_filter_profile_fields: ['department'] };

beforeAll(async () => {
  t = await createTestApp();
  networkId = (await createNetwork(t.services)).id;
  await storeNetworkSettings(t.database.db, networkId, SETTINGS);
  member = await signedInMember(t.app, t.services, networkId, { firstName: 'Mia', lastName: 'Mitglied' });
  admin = await signedInMember(t.app, t.services, networkId, { firstName: 'Ada', lastName: 'Admin', admin: true });
  ids.member = member.membership.id;
  ids.admin = admin.membership.id;
  ids.locked = (
    await createMember(t.services, networkId, { firstName: 'Lothar', lastName: 'Locked', locked: true })
  ).membership.id;
  ids.deleted = (await createMember(t.services, networkId, { firstName: 'Doris', lastName: 'Deleted' })).membership.id;
  ids.consumer = (
    await createMember(t.services, networkId, { firstName: 'Conny', lastName: 'Kundin', locked: true, consumer: true })
  ).membership.id;
  const deleted = await t.app.inject({
    method: 'DELETE',
    url: `/administration/members/${ids.deleted}`,
    headers: admin.session.headers,
  });
  expect(deleted.statusCode, deleted.body).toBe(204);
});
afterAll(() => t.close());

const showLocked = (on: boolean) =>
  storeNetworkSettings(t.database.db, networkId, { ...SETTINGS, show_locked_memberships: on });

async function listed(query: Record<string, string> = {}, session = member.session) {
  const response = await t.app.inject({ url: '/directory/members', query, headers: session.headers });
  expect(response.statusCode, response.body).toBe(200);
  const result = response.json<DirectoryMembersResult>();
  return result.members.map((m) => [Object.keys(ids).find((key) => ids[key] === m.id), m.locked]);
}

const profile = (id: string, session: Session) =>
  t.app.inject({ url: `/members/${id}`, headers: { ...session.headers, accept: 'application/json' } });

describe("the network's show_locked_memberships", () => {
  it('off (the default): the directory leaves locked and deleted members out, their profiles are 404', async () => {
    await storeNetworkSettings(t.database.db, networkId, SETTINGS);
    expect(await listed()).toEqual([
      ['admin', false],
      ['member', false],
    ]);
    expect((await profile(ids.locked!, member.session)).statusCode).toBe(404);
    await showLocked(false);
    expect(await listed({ q: 'lo' })).toEqual([]);
    expect((await profile(ids.locked!, member.session)).statusCode).toBe(404);
  });

  it('on: locked members are listed and marked, found by search, and their profiles readable', async () => {
    await showLocked(true);
    try {
      expect(await listed()).toEqual([
        ['admin', false],
        ['locked', true],
        ['member', false],
      ]);
      expect(await listed({ q: 'loth' })).toEqual([['locked', true]]);
      const response = await profile(ids.locked!, member.session);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<MemberProfile>()).toMatchObject({ id: ids.locked, locked: true, contact: { chat: false } });
    } finally {
      await showLocked(false);
    }
  });

  it('never lists a deleted member nor shows their profile to members; contacts stay out', async () => {
    for (const on of [false, true]) {
      await showLocked(on);
      const keys = (await listed({}, admin.session)).map(([key]) => key);
      expect(keys).not.toContain('deleted');
      expect(keys).not.toContain('consumer');
      expect((await profile(ids.deleted!, member.session)).statusCode).toBe(404);
    }
    await showLocked(false);
  });

  it("serves a locked member's image to members only while the network shows locked members", async () => {
    const png = await sharp({ create: { width: 100, height: 100, channels: 3, background: '#888' } })
      .png()
      .toBuffer();
    const stored = await t.services.storage.store({
      networkId,
      uploaderId: ids.locked!,
      directory: 'images',
      fileName: 'me.png',
      body: Readable.from(png),
    });
    const owner = (await t.services.members.find(networkId, ids.locked!))!;
    const actor = t.services.members.actorFor(owner, 'test', null);
    await t.services.storage.attach(actor, [stored.id], { type: 'membership', id: owner.id });
    await t.services.members.setProfileImage(networkId, owner.id, stored.id);
    const url = `/api/storage/images/${stored.id}/get/80x80`;
    const status = async () => (await t.app.inject({ url, headers: { cookie: member.session.cookie } })).statusCode;
    await showLocked(false);
    expect(await status()).toBe(404);
    await showLocked(true);
    try {
      expect(await status()).toBe(200);
    } finally {
      await showLocked(false);
    }
  });
});
