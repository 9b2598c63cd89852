import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MEMBER_SETTINGS, type MemberSettingsAnswer, type RegistrationAnswer } from '@agora/contracts';
import { startMailbox } from '../../testing/mailbox.ts';
import {
  createMember,
  createNetwork,
  createTestApp,
  signIn,
  signedInMember,
  TEST_PASSWORD,
  type Session,
  type TestApp,
} from '../../testing/index.ts';

const BOUNCE_TOKEN = 'bounce-token-of-the-mail-system';

let t: TestApp;
let mailbox: Awaited<ReturnType<typeof startMailbox>>;
let networkId: string;
let categoryId: string;

beforeAll(async () => {
  mailbox = await startMailbox();
  t = await createTestApp({ SMTP_URL: mailbox.url, MAIL_BOUNCE_TOKEN: BOUNCE_TOKEN });
  networkId = (await createNetwork(t.services)).id;
  const [category] = await t.services.groups.createCategories(networkId, [
    { slug: 'teams', name: 'Team', pluralName: 'Teams' },
  ]);
  categoryId = category!.id;
});
afterAll(async () => {
  await t.close();
  await mailbox.close();
});

type Person = Awaited<ReturnType<typeof signedInMember>>;
const person = () => signedInMember(t.app, t.services, networkId);
let slugs = 0;
async function groupOf(...members: Person[]) {
  const [group] = await t.services.groups.createGroups(networkId, [
    { groupCategoryId: categoryId, slug: `settings-group-${++slugs}`, name: `Group ${slugs}`, access: 'open' },
  ]);
  await t.services.groups.addMembers(
    networkId,
    members.map((m) => ({ groupId: group!.id, membershipId: m.membership.id })),
  );
  return group!;
}

const inject = (session: Session | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: session?.headers ?? { accept: 'application/json' },
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
const settingsOf = (p: Person) => `/members/${p.membership.id}/settings`;
const put = (p: Person, settings: unknown) => inject(p.session, 'PUT', settingsOf(p), { settings });

/** Sends a direct message and waits until its mails are handed to the mailbox (or not). */
async function message(from: Person, to: Person[], subject: string) {
  const response = await inject(from.session, 'POST', '/api/v1/messages', {
    to: to.map((p) => p.membership.id),
    subject,
    content: '<p>Hello</p>',
  });
  expect(response.statusCode, response.body).toBe(201);
  await t.services.events.settled();
  await t.services.jobs.settled();
}
const mailsTo = (p: Person, subject: string) =>
  mailbox.mails.filter((m) => m.to.includes(p.user.email) && m.subject.includes(subject));

describe('GET, PUT /members/:id/settings', () => {
  it('answers the defaults without a stored row; 401, 403 and 404 as for every member page', async () => {
    const [a, b] = [await person(), await person()];
    const group = await groupOf(a);
    const response = await inject(a.session, 'GET', settingsOf(a));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<MemberSettingsAnswer>()).toEqual({
      settings: DEFAULT_MEMBER_SETTINGS,
      email_bounced_at: null,
      groups: [{ id: group.id, name: group.name }],
      can: { update: true, admin_notifications: false },
    });
    expect((await inject(null, 'GET', settingsOf(a))).statusCode).toBe(401);
    expect((await inject(b.session, 'GET', settingsOf(a))).statusCode).toBe(403);
    expect((await put(b, {})).statusCode).toBe(200);
    expect((await inject(b.session, 'PUT', settingsOf(a), { settings: {} })).statusCode).toBe(403);
    expect((await inject(a.session, 'GET', '/members/0123456789abcdef01234567/settings')).statusCode).toBe(404);
  });

  it('merges a change, keeps the rest, and maps the switch onto enabled and group_ids', async () => {
    const a = await person();
    const [first, second] = [await groupOf(a), await groupOf(a)];
    const response = await put(a, {
      email_notifications: false,
      email_digests: { enabled: true, group_ids: [first.id, first.id] },
      email_daily_digests: { enabled: false },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { settings } = response.json<MemberSettingsAnswer>();
    expect(settings).toEqual({
      ...DEFAULT_MEMBER_SETTINGS,
      email_notifications: false,
      email_digests: { enabled: true, group_ids: [first.id], include_network_level: true },
      email_daily_digests: { ...DEFAULT_MEMBER_SETTINGS.email_daily_digests, enabled: false },
    });
    // Back to all groups: group_ids null; stored, as the next read shows.
    await put(a, { email_digests: { group_ids: null, include_network_level: false } });
    const read = (await inject(a.session, 'GET', settingsOf(a))).json<MemberSettingsAnswer>();
    expect(read.settings.email_digests).toEqual({ enabled: true, group_ids: null, include_network_level: false });
    expect(read.settings.email_notifications).toBe(false);
    expect(read.groups.map((g) => g.id).sort()).toEqual([first.id, second.id].sort());
  });

  it('takes group_ids only of groups the member belongs to, and answers 422 to bad input changing nothing', async () => {
    const [a, b] = [await person(), await person()];
    const own = await groupOf(a);
    const foreign = await groupOf(b);
    const refused = await put(a, { email_digests: { group_ids: [own.id, foreign.id] }, email_newsletter: false });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ 'email_digests.group_ids': ['invalid'] });
    for (const bad of [
      { email_notifications: 'yes' },
      { email_digests: { group_ids: ['not-an-id'] } },
      { email_daily_digests: { enabled: null } },
      'settings',
    ]) {
      expect((await put(a, bad)).statusCode, JSON.stringify(bad)).toBe(422);
    }
    expect((await inject(a.session, 'PUT', settingsOf(a), {})).statusCode).toBe(422);
    const read = (await inject(a.session, 'GET', settingsOf(a))).json<MemberSettingsAnswer>();
    expect(read.settings).toEqual(DEFAULT_MEMBER_SETTINGS);
  });
});

describe('which mails go out', () => {
  it('sends no notification mail to who switched them off, and still to the others', async () => {
    const [sender, quiet, loud] = [await person(), await person(), await person()];
    expect((await put(quiet, { email_notifications: false })).statusCode).toBe(200);
    await message(sender, [quiet, loud], 'Switched off');
    await mailbox.waitFor(loud.user.email);
    expect(mailsTo(loud, 'Switched off')).toHaveLength(1);
    expect(mailsTo(quiet, 'Switched off')).toHaveLength(0);
    // The notification itself is still there.
    const notifications = await inject(quiet.session, 'GET', '/api/v1/notifications');
    expect(notifications.body).toContain('Switched off');
  });

  it('stops mail to a bounced address until the member activates it again', async () => {
    const [sender, bounced] = [await person(), await person()];
    const report = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/mail/bounces',
        headers: { authorization: `Bearer ${token}` },
        payload: { emails: [bounced.user.email.toUpperCase(), 'nobody@example.test'] },
      });
    expect((await report('wrong')).statusCode).toBe(401);
    const reported = await report(BOUNCE_TOKEN);
    expect(reported.statusCode, reported.body).toBe(200);
    expect(reported.json()).toEqual({ marked: 1 });
    const shown = (await inject(bounced.session, 'GET', settingsOf(bounced))).json<MemberSettingsAnswer>();
    expect(shown.email_bounced_at).not.toBeNull();
    expect(await t.services.memberSettings.mailAllowed(bounced.membership.id, 'notification', networkId)).toBe(false);

    await message(sender, [bounced], 'While bounced');
    expect(mailsTo(bounced, 'While bounced')).toHaveLength(0);

    const activated = await inject(bounced.session, 'POST', `${settingsOf(bounced)}/activate_email`);
    expect(activated.statusCode, activated.body).toBe(200);
    expect(activated.json<MemberSettingsAnswer>().email_bounced_at).toBeNull();
    await message(sender, [bounced], 'Activated again');
    await mailbox.waitFor(bounced.user.email);
    expect(mailsTo(bounced, 'Activated again')).toHaveLength(1);
  });
});

describe('/api/v1/users/registration', () => {
  const registration = (session: Session | null, method: 'GET' | 'PUT' = 'GET', user?: unknown) =>
    inject(session, method, '/api/v1/users/registration', user === undefined ? undefined : { user });

  it('changes the address only once the link mailed to the new one is opened', async () => {
    const a = await person();
    const newEmail = `renamed-${a.membership.id}@example.test`;
    expect((await registration(null)).statusCode).toBe(401);
    expect((await registration(a.session, 'PUT', { current_password: 'wrong', email: newEmail })).statusCode).toBe(422);
    const other = await createMember(t.services, networkId);
    const taken = await registration(a.session, 'PUT', { current_password: TEST_PASSWORD, email: other.user.email });
    expect(taken.json().errors).toEqual({ email: ['taken'] });

    const changed = await registration(a.session, 'PUT', { current_password: TEST_PASSWORD, email: newEmail });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<RegistrationAnswer>()).toMatchObject({ email: a.user.email, unconfirmed_email: newEmail });
    await t.services.jobs.settled();
    const mail = await mailbox.waitFor(newEmail);
    const token = /confirmation_token=([\w-]+)/.exec(mail.text)?.[1];
    expect(token).toBeTruthy();

    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/confirmation',
      payload: { confirmation_token: 'guessed' },
    });
    expect(wrong.statusCode).toBe(422);
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/confirmation',
      payload: { confirmation_token: token },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await registration(a.session)).json<RegistrationAnswer>()).toMatchObject({
      email: newEmail,
      unconfirmed_email: null,
    });
    await signIn(t.app, newEmail);
  });

  it('changes the password with the current one, as sign-up rules it, and signs out the other sessions', async () => {
    const a = await person();
    const elsewhere = await signIn(t.app, a.user.email);
    const change = (user: Record<string, string>) => registration(a.session, 'PUT', user);
    const wrong = await change({
      current_password: 'not-it',
      password: 'a-new-password',
      password_confirmation: 'a-new-password',
    });
    expect(wrong.json().errors).toEqual({ current_password: ['invalid'] });
    const short = await change({ current_password: TEST_PASSWORD, password: 'short', password_confirmation: 'short' });
    expect(short.json().errors).toEqual({ password: ['too_short'] });
    const mismatch = await change({
      current_password: TEST_PASSWORD,
      password: 'a-new-password',
      password_confirmation: 'other',
    });
    expect(mismatch.json().errors).toEqual({ password_confirmation: ['confirmation_mismatch'] });

    const done = await change({
      current_password: TEST_PASSWORD,
      password: 'a-new-password',
      password_confirmation: 'a-new-password',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect((await registration(a.session)).statusCode).toBe(200);
    expect((await registration(elsewhere)).statusCode).toBe(401);
    await signIn(t.app, a.user.email, 'a-new-password');
  });
});
