import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberAdminDetail, MemberAdminPage } from '@agora/contracts';
import {
  createMember,
  createNetwork,
  createTestApp,
  signedInMember,
  signIn,
  storeNetworkSettings,
  type Session,
  type TestApp,
} from '../../testing/index.ts';

let t: TestApp;
let networkId: string;
let admin: Awaited<ReturnType<typeof signedInMember>>;
let member: Awaited<ReturnType<typeof signedInMember>>;
let groupAdmin: Awaited<ReturnType<typeof signedInMember>>;

beforeAll(async () => {
  t = await createTestApp();
  networkId = (await createNetwork(t.services, { name: 'Admin Network' })).id;
  admin = await signedInMember(t.app, t.services, networkId, { admin: true, firstName: 'Anna', lastName: 'Admin' });
  member = await signedInMember(t.app, t.services, networkId, { firstName: 'Max', lastName: 'Member' });
  groupAdmin = await signedInMember(t.app, t.services, networkId, { firstName: 'Greta', lastName: 'Groupadmin' });
  const [category] = await t.services.groups.createCategories(networkId, [
    { slug: 'teams', name: 'Team', pluralName: 'Teams' },
  ]);
  const [group] = await t.services.groups.createGroups(networkId, [
    { groupCategoryId: category!.id, slug: 'ops', name: 'Ops' },
  ]);
  await t.services.groups.addMembers(networkId, [
    { groupId: group!.id, membershipId: groupAdmin.membership.id, role: 'admin' },
  ]);
  await t.services.networks.setConfig(networkId, { guest_users_allowed: true, membership_roles_enabled: true });
});
afterAll(() => t.close());

const as = (session: Session | null) => (session ? session.headers : { accept: 'application/json' });
const call = (session: Session | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: as(session), ...(payload === undefined ? {} : { payload: payload as object }) });

const newUser = (values: Record<string, unknown> = {}) => ({
  user: {
    email: `new-${Math.random().toString(36).slice(2)}@example.test`,
    first_name: 'Nora',
    last_name: 'Neu',
    ...values,
  },
});

describe('who may administrate members', () => {
  it('answers 401 anonymously and 403 to a member and a group admin on every route', async () => {
    const id = member.membership.id;
    const routes: Array<['GET' | 'POST' | 'PUT' | 'DELETE', string, unknown?]> = [
      ['GET', '/administration/members'],
      ['GET', '/administration/members/options'],
      ['POST', '/administration/members', newUser({ password: 'long-enough-password' })],
      ['GET', `/administration/members/${id}`],
      ['PUT', `/administration/members/${id}`, { user: { first_name: 'X' } }],
      ['POST', `/administration/members/${id}/lock`],
      ['POST', `/administration/members/${id}/unlock`],
      ['DELETE', `/administration/members/${id}`],
      ['GET', `/administration/members/${id}/group-memberships`],
      ['POST', `/administration/members/${id}/group-memberships`, { group_id: id }],
      ['DELETE', `/administration/members/${id}/group-memberships/${id}`],
    ];
    for (const [method, url, payload] of routes) {
      expect((await call(null, method, url, payload)).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(member.session, method, url, payload)).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(groupAdmin.session, method, url, payload)).statusCode, `${method} ${url}`).toBe(403);
    }
  });
});

describe('GET /administration/members', () => {
  it('lists, searches by name and address, filters and pages', async () => {
    const locked = await createMember(t.services, networkId, {
      firstName: 'Lotte',
      lastName: 'Locked',
      locked: true,
      email: 'lotte.locked@example.test',
    });
    const guest = await createMember(t.services, networkId, { firstName: 'Gina', lastName: 'Guest', external: true });
    const list = async (query: string) => {
      const response = await call(admin.session, 'GET', `/administration/members?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<MemberAdminPage>();
    };
    const all = await list('');
    expect(all.total).toBeGreaterThanOrEqual(5);
    expect(all.items.find((i) => i.id === locked.membership.id)).toMatchObject({
      locked: true,
      email: 'lotte.locked@example.test',
      can: { edit: true, lock: true, destroy: true },
    });
    expect(all.items.find((i) => i.id === admin.membership.id)?.can).toMatchObject({ lock: false, destroy: false });
    expect((await list('q=lott')).items.map((i) => i.id)).toEqual([locked.membership.id]);
    expect((await list('q=lotte.locked%40')).items.map((i) => i.id)).toEqual([locked.membership.id]);
    expect((await list('locked=true')).items.map((i) => i.id)).toEqual([locked.membership.id]);
    expect((await list('external=true')).items.map((i) => i.id)).toEqual([guest.membership.id]);
    const page = await list('per=2&page=2');
    expect(page).toMatchObject({ page: 2, per: 2, total: all.total });
    expect(page.items).toHaveLength(2);
    expect((await call(admin.session, 'GET', '/administration/members?per=1000')).statusCode).toBe(422);
  });
});

describe('GET /administration/members/options', () => {
  it('says what the forms offer', async () => {
    const [role] = await t.services.membershipRoles.create(networkId, [
      { name: 'Betriebsrat', pluralName: 'Betriebsräte' },
    ]);
    const response = await call(admin.session, 'GET', '/administration/members/options');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ guest_users_allowed: true, membership_roles_enabled: true });
    expect(response.json().roles.map((r: { id: string }) => r.id)).toContain(role!.id);
  });
});

describe('POST /administration/members', () => {
  it('makes a member who signs in with the password given', async () => {
    const body = newUser({ password: 'a-good-password', profile: { department: 'Sales' } });
    const response = await call(admin.session, 'POST', '/administration/members', body);
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json<MemberAdminDetail>();
    expect(created).toMatchObject({ first_name: 'Nora', last_name: 'Neu', email: body.user.email, locked: false });
    await expect(signIn(t.app, body.user.email, 'a-good-password')).resolves.toBeTruthy();
    expect((await t.services.members.find(networkId, created.id))?.profile).toEqual({ department: 'Sales' });
  });

  it('sends a member made here through the onboarding where the network asks for profile data', async () => {
    const pendingOf = async () => {
      const response = await call(
        admin.session,
        'POST',
        '/administration/members',
        newUser({ password: 'a-good-password', profile: { room: '1' } }),
      );
      expect(response.statusCode, response.body).toBe(201);
      return !!(await t.services.members.find(networkId, response.json<MemberAdminDetail>().id))?.onboardingPendingAt;
    };
    expect(await pendingOf()).toBe(false);
    await storeNetworkSettings(t.database.db, networkId, { join_ask_for_profile_data: true });
    try {
      // The administrator's values are not the member's own.
      expect(await pendingOf()).toBe(true);
    } finally {
      await storeNetworkSettings(t.database.db, networkId, {});
    }
  });

  it('refuses what the rules refuse, making nobody', async () => {
    const cases: Array<[Record<string, unknown>, Record<string, string[]>]> = [
      [{ email: '' }, { email: ['required'], password: ['required'] }],
      [{ email: 'not-an-address', password: 'a-good-password' }, { email: ['invalid'] }],
      [{ password: 'short' }, { password: ['too_short'] }],
      [{ first_name: ' ', password: 'a-good-password' }, { first_name: ['required'] }],
      [{ password: 'a-good-password', profile: { shoe_size: '44' } }, { 'profile.shoe_size': ['invalid'] }],
    ];
    for (const [values, errors] of cases) {
      const response = await call(admin.session, 'POST', '/administration/members', newUser(values));
      expect(response.statusCode, JSON.stringify(values)).toBe(422);
      expect(response.json().errors).toMatchObject(errors);
    }
    const taken = await call(admin.session, 'POST', '/administration/members', {
      user: { email: member.user.email.toUpperCase(), first_name: 'A', last_name: 'B', password: 'a-good-password' },
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ email: ['taken'] });
  });

  it('answers the second of two requests for one address at once with taken', async () => {
    const body = newUser({ password: 'a-good-password' });
    const answers = await Promise.all([1, 2].map(() => call(admin.session, 'POST', '/administration/members', body)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 422]);
  });

  it('refuses an external member where guest users are not allowed', async () => {
    await t.services.networks.setConfig(networkId, { guest_users_allowed: false });
    try {
      const response = await call(
        admin.session,
        'POST',
        '/administration/members',
        newUser({ password: 'a-good-password', is_external: true }),
      );
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({ is_external: ['not_allowed'] });
    } finally {
      await t.services.networks.setConfig(networkId, { guest_users_allowed: true });
    }
  });

  it('mails a welcome with a link to choose the first password', async () => {
    const body = newUser({ send_welcome_mail: true });
    const response = await call(admin.session, 'POST', '/administration/members', body);
    expect(response.statusCode, response.body).toBe(201);
    await t.services.events.settled();
    await t.services.jobs.settled();
    const [mail] = await t.services.mailer.outbox(body.user.email, 1);
    expect(mail?.subject).toBe('Welcome to Admin Network');
    expect(mail?.text).toContain('Anna Admin');
    const link = mail!.text.match(/https?:\/\/\S+reset_password_token=\S+/)![0];
    const token = new URL(link).searchParams.get('reset_password_token')!;
    const set = await t.app.inject({
      method: 'PUT',
      url: '/users/password',
      payload: {
        user: {
          reset_password_token: token,
          password: 'my-first-password',
          password_confirmation: 'my-first-password',
        },
      },
    });
    expect(set.statusCode, set.body).toBe(200);
    await expect(signIn(t.app, body.user.email, 'my-first-password')).resolves.toBeTruthy();
  });
});
