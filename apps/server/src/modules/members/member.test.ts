import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createMember,
  createNetwork,
  createTestApp,
  signedInMember,
  type Session,
  type TestApp,
} from '../../testing/index.ts';

let t: TestApp;
let networkId: string;
let member: Awaited<ReturnType<typeof signedInMember>>;
let admin: Awaited<ReturnType<typeof signedInMember>>;

beforeAll(async () => {
  t = await createTestApp();
  networkId = (await createNetwork(t.services)).id;
  member = await signedInMember(t.app, t.services, networkId, { firstName: 'Grace', lastName: 'Hopper' });
  admin = await signedInMember(t.app, t.services, networkId, { admin: true });
});
afterAll(() => t.close());

const getMember = (id: string, session: Session | null) =>
  t.app.inject({ url: `/members/${id}`, headers: session ? session.headers : { accept: 'application/json' } });

describe('GET /members/:id', () => {
  it('answers 401 to an anonymous request', async () => {
    const response = await getMember(member.membership.id, null);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'unauthorized' });
  });

  it('shows a member their own profile, which they may update but not administrate', async () => {
    const response = await getMember(member.membership.id, member.session);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const body = response.json();
    expect(body).toMatchObject({
      id: member.membership.id,
      name: 'Grace Hopper',
      first_name: 'Grace',
      last_name: 'Hopper',
      path: `/members/${member.membership.id}`,
      is_external: false,
      locked: false,
    });
    expect(body.can).toMatchObject({
      update_registration: true,
      update_profile: true,
      edit: false,
      edit_groups: false,
      destroy: false,
      ignore: false,
    });
  });

  it('shows another member without rights over them', async () => {
    const { membership } = await createMember(t.services, networkId);
    const response = await getMember(membership.id, member.session);
    expect(response.statusCode).toBe(200);
    expect(response.json().can).toMatchObject({
      update_registration: false,
      update_profile: false,
      edit: false,
      edit_groups: false,
      destroy: false,
    });
  });

  it('lets an admin edit and destroy other members', async () => {
    const response = await getMember(member.membership.id, admin.session);
    expect(response.statusCode).toBe(200);
    expect(response.json().can).toMatchObject({
      update_registration: false,
      update_profile: true,
      edit: true,
      edit_groups: true,
      destroy: true,
    });
  });

  it('offers ignoring a member exactly where ignoring them is accepted', async () => {
    const other = await createMember(t.services, networkId);
    const locked = await createMember(t.services, networkId, { locked: true });
    const cases: Array<[Session, string, boolean]> = [
      [member.session, other.membership.id, true],
      [member.session, member.membership.id, false],
      [member.session, admin.membership.id, false],
      [admin.session, locked.membership.id, true],
      [admin.session, admin.membership.id, false],
    ];
    for (const [session, id, allowed] of cases) {
      expect((await getMember(id, session)).json().can.ignore, id).toBe(allowed);
      const ignored = await t.app.inject({ method: 'POST', url: `/members/${id}/ignore`, headers: session.headers });
      expect(ignored.statusCode, ignored.body).toBe(allowed ? 200 : 422);
    }
  });

  it('does not let an admin destroy themselves', async () => {
    const response = await getMember(admin.membership.id, admin.session);
    expect(response.statusCode).toBe(200);
    expect(response.json().can).toMatchObject({ edit: true, destroy: false, update_registration: true });
  });

  it('hides a locked member from other members but shows them to admins', async () => {
    const { membership } = await createMember(t.services, networkId, { locked: true });
    const hidden = await getMember(membership.id, member.session);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({ error: 'not_found' });
    const shown = await getMember(membership.id, admin.session);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({ id: membership.id, locked: true, can: { chat: false } });
  });

  it('answers 404 for a membership of another network, also to an admin', async () => {
    const other = await createNetwork(t.services, { host: 'elsewhere.test' });
    const { membership } = await createMember(t.services, other.id);
    for (const session of [member.session, admin.session]) {
      const response = await getMember(membership.id, session);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'not_found' });
    }
  });

  it('answers 404 for an id that is not one, and for one that does not exist', async () => {
    for (const id of ['not-an-id', 'ZZZZZZZZZZZZZZZZZZZZZZZZ', '0123456789abcdef01234567']) {
      const response = await getMember(id, member.session);
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toEqual({ error: 'not_found' });
    }
  });

  it('answers with data to the .json suffix without an Accept header', async () => {
    const response = await t.app.inject({
      url: `/members/${member.membership.id}.json`,
      headers: { cookie: member.session.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toMatchObject({ id: member.membership.id, can: { update_profile: true } });
  });

  it('answers with data to the .json suffix even when the client asks for HTML', async () => {
    const response = await t.app.inject({
      url: `/members/${member.membership.id}.json`,
      headers: { cookie: member.session.cookie, accept: 'text/html,application/xhtml+xml' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: member.membership.id });
  });
});
