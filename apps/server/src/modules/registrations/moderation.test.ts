import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegistrationsPage } from '@agora/contracts';
import {
  createNetwork,
  createTestApp,
  signedInMember,
  storeNetworkSettings,
  type Session,
  type TestApp,
} from '../../testing/index.ts';

let t: TestApp;
let networkId: string;
let admin: Session;
let member: Session;

beforeAll(async () => {
  t = await createTestApp();
  networkId = (await createNetwork(t.services, { name: 'Moderated Network' })).id;
  await storeNetworkSettings(t.database.db, networkId, {
    join_user_can_initiate: true,
    join_moderated: true,
    altcha_captcha: false,
  });
  admin = (await signedInMember(t.app, t.services, networkId, { admin: true })).session;
  member = (await signedInMember(t.app, t.services, networkId)).session;
});
afterAll(() => t.close());

let n = 0;
async function register(values: Record<string, unknown> = {}) {
  const user = {
    email: `waiting-${++n}@example.test`,
    first_name: 'Zoë',
    last_name: 'Brändle',
    password: 'a-long-password',
    password_confirmation: 'a-long-password',
    locale: 'de',
    ...values,
  };
  const response = await t.app.inject({ method: 'POST', url: '/users', payload: { user } });
  return { user, response };
}

const list = (headers: Record<string, string> = { accept: 'application/json' }, query = '') =>
  t.app.inject({ url: `/administration/registrations${query}`, headers });
const decide = (id: string, verb: 'approve' | 'reject', headers: Record<string, string> = admin.headers) =>
  t.app.inject({ method: 'POST', url: `/administration/registrations/${id}/${verb}`, headers });
const signInStatus = async (email: string, password: string) =>
  (await t.app.inject({ method: 'POST', url: '/users/sign_in', payload: { user: { email, password } } })).statusCode;

async function mailsTo(email: string) {
  await t.services.events.settled();
  await t.services.jobs.settled();
  return t.services.mailer.outbox(email);
}

async function pendingIdOf(email: string): Promise<string> {
  const page = (await list(admin.headers)).json<RegistrationsPage>();
  const item = page.items.find((i) => i.email === email);
  expect(item).toBeDefined();
  return item!.id;
}

describe('moderated sign-up', () => {
  it('waits for an administrator: no member, no session, a second sign-up refused', async () => {
    const { user, response } = await register();
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ status: 'pending', redirect_to: null, session: null });
    expect(response.cookies.find((c) => c.name === 'agora_session')).toBeUndefined();
    expect(await signInStatus(user.email, user.password)).toBe(401);
    const again = await register({ email: user.email });
    expect(again.response.statusCode).toBe(422);
    expect(again.response.json().errors).toEqual({ email: ['already_registered'] });
  });

  it('tells the network admins, and no one else', async () => {
    await register({ first_name: 'Ida', last_name: 'Neu' });
    await t.services.events.settled();
    const texts = async (session: Session) =>
      (await t.app.inject({ url: '/api/v1/notifications', headers: session.headers }))
        .json<{ notifications: Array<{ text: string; subject: { path: string } }> }>()
        .notifications.filter((n) => n.subject.path === '/administration/registrations')
        .map((n) => n.text);
    expect(await texts(admin)).toContain('Ida Neu signed up and waits for your decision.');
    expect(await texts(member)).toEqual([]);
  });

  it('lists the pending registrations for network admins only', async () => {
    const { user } = await register();
    expect((await list()).statusCode).toBe(401);
    expect((await list(member.headers)).statusCode).toBe(403);
    const page = (await list(admin.headers)).json<RegistrationsPage>();
    expect(page).toMatchObject({ page: 1, per: 25 });
    expect(page.items.find((i) => i.email === user.email)).toMatchObject({
      first_name: 'Zoë',
      last_name: 'Brändle',
      status: 'pending',
      can: { approve: true, reject: true },
    });
  });

  it('approving makes the member with the chosen password and mails them', async () => {
    const { user } = await register();
    const id = await pendingIdOf(user.email);
    expect((await decide(id, 'approve', member.headers)).statusCode).toBe(403);
    const approved = await decide(id, 'approve');
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved', can: { approve: false, reject: false } });
    expect(approved.json().decided_by.name).toBeTruthy();
    expect(await signInStatus(user.email, user.password)).toBe(200);
    const [mail] = await mailsTo(user.email);
    expect(mail!.subject).toBe('Willkommen bei Moderated Network');
    expect(mail!.text).toContain('http://localhost:3000/users/sign_in');
    const twice = await decide(id, 'approve');
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors).toEqual({ status: ['already_decided'] });
    const decided = (await list(admin.headers, '?status=approved')).json<RegistrationsPage>();
    expect(decided.items.map((i) => i.id)).toContain(id);
  });

  it('rejecting makes no member and tells them', async () => {
    const { user } = await register({ locale: 'en' });
    const id = await pendingIdOf(user.email);
    const rejected = await decide(id, 'reject');
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({ status: 'rejected' });
    expect(await signInStatus(user.email, user.password)).toBe(401);
    const [mail] = await mailsTo(user.email);
    expect(mail!.subject).toBe('Your registration with Moderated Network');
    expect((await decide(id, 'approve')).statusCode).toBe(422);
  });

  it('answers 404 for an unknown or malformed registration', async () => {
    expect((await decide('0123456789abcdef01234567', 'approve')).statusCode).toBe(404);
    expect((await decide('nope', 'reject')).statusCode).toBe(404);
  });
});
