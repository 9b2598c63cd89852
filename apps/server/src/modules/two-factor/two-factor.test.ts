import { and, eq } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createMember as createMemberIn,
  createNetwork,
  createTestApp,
  signIn,
  storeNetworkSettings,
  type Session,
  type TestApp,
} from '../../testing/index.ts';
import { domainEvents } from '../../platform/events/tables.ts';
import { startMailbox } from '../../testing/mailbox.ts';
import { authenticationBackupCodes, authenticationFactors } from './tables.ts';

let t: TestApp;
let mailbox: Awaited<ReturnType<typeof startMailbox>>;
let enabled: string;
let enforced: string;
let disabled: string;
const HOSTS = ['enabled.example.test', 'enforced.example.test', 'disabled.example.test'] as const;
const hosts = new Map<string, string>();

beforeAll(async () => {
  mailbox = await startMailbox();
  t = await createTestApp({ SMTP_URL: mailbox.url });
  enabled = (await createNetwork(t.services, { host: HOSTS[0] })).id;
  enforced = (await createNetwork(t.services, { host: HOSTS[1] })).id;
  disabled = (await createNetwork(t.services, { host: HOSTS[2] })).id;
  hosts.set(enabled, HOSTS[0]).set(enforced, HOSTS[1]).set(disabled, HOSTS[2]);
  await storeNetworkSettings(t.database.db, enabled, { two_factor: 'enabled' });
  await storeNetworkSettings(t.database.db, enforced, { two_factor: 'enforced', two_factor_email_available: false });
});
afterAll(async () => {
  await t.close();
  await mailbox.close();
});

/** A member of the network, remembered with its host for signing in. */
const createMember = async (services: TestApp['services'], networkId: string, options: { admin?: boolean } = {}) => {
  const made = await createMemberIn(services, networkId, options);
  emailHosts.set(made.user.email, hosts.get(networkId)!);
  return made;
};
const emailHosts = new Map<string, string>();
const signInAt = (email: string) => signIn(t.app, email, undefined, emailHosts.get(email));

type Call = { method?: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: unknown };
const call = (session: Session, { method = 'GET', url, payload }: Call) =>
  t.app.inject({
    method,
    url,
    headers: session.headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const totpCode = (secret: string, offsetSteps = 0) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate({
    timestamp: Date.now() + offsetSteps * 30_000,
  });

/** The code in the last mail to an address. */
async function mailedCode(to: string, count: number): Promise<string> {
  await t.services.jobs.settled();
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mails = mailbox.mails.filter((m) => m.to.includes(to));
    if (mails.length >= count) return /\b(\d{6})\b/.exec(mails[count - 1]!.text)![1]!;
    if (Date.now() > deadline) throw new Error(`no mail ${count} to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Adds an authenticator app: answers its secret and the backup codes. */
async function addTotp(session: Session) {
  const fresh = await call(session, { url: '/api/v1/authentication/factors/new?type=totp' });
  expect(fresh.statusCode).toBe(200);
  const { secret_key: secret } = fresh.json<{ secret_key: string }>();
  const added = await call(session, {
    method: 'POST',
    url: '/api/v1/authentication/factors',
    payload: { type: 'totp', code: totpCode(secret), secret_key: secret },
  });
  expect(added.statusCode).toBe(201);
  return { secret, backupCodes: added.json<{ backup_codes: string[] }>().backup_codes };
}

describe('two-factor authentication', () => {
  it('adds an authenticator app, signs in with its code, a backup code once, and refuses a replayed code', async () => {
    const { user } = await createMember(t.services, enabled);
    const session = await signInAt(user.email);

    const empty = await call(session, { url: '/api/v1/authentication/factors' });
    expect(empty.json()).toEqual({ factors: [], available_types: ['totp', 'email'], backup_codes_left: 0 });

    const unknown = await call(session, { url: '/api/v1/authentication/factors/new?type=sms' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toEqual({ errors: { type: ['unkown_type'] } });

    const fresh = await call(session, { url: '/api/v1/authentication/factors/new?type=totp' });
    const body = fresh.json<{ provisioning_uri: string; secret_key: string; qr_svg: string }>();
    expect(body.provisioning_uri).toMatch(/^otpauth:\/\/totp\/.+secret=/);
    expect(body.qr_svg).toMatch(/^<svg/);

    const wrong = await call(session, {
      method: 'POST',
      url: '/api/v1/authentication/factors',
      payload: { type: 'totp', code: '000000', provisioning_uri: body.provisioning_uri },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: 'invalid_code', message: expect.stringContaining('code') });
    expect((await call(session, { url: '/api/v1/authentication/factors' })).json().factors).toEqual([]);

    const setupCode = totpCode(body.secret_key);
    const added = await call(session, {
      method: 'POST',
      url: '/api/v1/authentication/factors',
      payload: { type: 'totp', code: setupCode, provisioning_uri: body.provisioning_uri },
    });
    expect(added.statusCode).toBe(201);
    const backupCodes = added.json<{ backup_codes: string[] }>().backup_codes;
    expect(backupCodes).toHaveLength(10);
    expect(new Set(backupCodes).size).toBe(10);
    const listed = (await call(session, { url: '/api/v1/authentication/factors' })).json();
    expect(listed).toMatchObject({ factors: [{ type: 'totp' }], available_types: ['email'], backup_codes_left: 10 });
    // Stored encrypted and the backup codes hashed.
    const stored = JSON.stringify([
      await t.database.db.select().from(authenticationFactors),
      await t.database.db.select().from(authenticationBackupCodes),
    ]);
    expect(stored).not.toContain(body.secret_key);
    expect(stored).not.toContain(backupCodes[0]);

    // Signing in now waits for a code: nothing but the two-factor calls answer.
    const pending = await signInAt(user.email);
    const info = await call(pending, { url: '/api/v1/session' });
    expect(info.json()).toMatchObject({ second_factor: 'verify' });
    const blocked = await call(pending, { url: `/members/${user.id}/locale_settings` });
    expect(blocked.statusCode).toBe(401);
    expect(blocked.json()).toEqual({ error: 'second_factor_required' });
    const notNow = await call(pending, { url: '/api/v1/authentication/factors/new?type=totp' });
    expect(notNow.json()).toEqual({ error: 'second_factor_required' });

    const verify = (code: string) =>
      call(pending, { method: 'PUT', url: '/users/two_factor_authentication.json', payload: { code } });
    expect((await verify(setupCode)).statusCode).toBe(400);
    expect((await verify('')).statusCode).toBe(422);
    const passed = await verify(backupCodes[0]!);
    expect(passed.statusCode).toBe(200);
    expect(passed.json()).toEqual({ redirect_to: '/' });
    expect((await call(pending, { url: '/api/v1/session' })).json().second_factor).toBeUndefined();
    expect((await call(pending, { url: `/api/v1/authentication/factors` })).json().backup_codes_left).toBe(9);

    // The backup code is used up; the next step's code works, once.
    const again = await signInAt(user.email);
    const verifyAgain = (code: string) =>
      call(again, { method: 'PUT', url: '/users/two_factor_authentication', payload: { code } });
    expect((await verifyAgain(backupCodes[0]!)).statusCode).toBe(400);
    const next = totpCode(body.secret_key, 1);
    expect((await verifyAgain(next)).statusCode).toBe(200);
    const third = await signInAt(user.email);
    expect(
      (await call(third, { method: 'PUT', url: '/users/two_factor_authentication', payload: { code: next } }))
        .statusCode,
    ).toBe(400);
  });

  it('removes an authenticator app and renews backup codes only with a right code', async () => {
    const { user } = await createMember(t.services, enabled);
    const session = await signInAt(user.email);
    const { secret, backupCodes } = await addTotp(session);
    const [factor] = (await call(session, { url: '/api/v1/authentication/factors' })).json().factors;

    const renewWrong = await call(session, {
      method: 'POST',
      url: `/api/v1/authentication/factors/${factor.id}/reset-backup-codes`,
      payload: { code: '123456' },
    });
    expect(renewWrong.statusCode).toBe(400);
    const renewed = await call(session, {
      method: 'POST',
      url: `/api/v1/authentication/factors/${factor.id}/reset-backup-codes`,
      payload: { code: totpCode(secret, 1) },
    });
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json().backup_codes).toHaveLength(10);
    expect(renewed.json().backup_codes).not.toEqual(backupCodes);

    const other = await createMember(t.services, enabled);
    const otherSession = await signInAt(other.user.email);
    const foreign = await call(otherSession, {
      method: 'DELETE',
      url: `/api/v1/authentication/factors/${factor.id}`,
      payload: { code: '123456' },
    });
    expect(foreign.statusCode).toBe(404);
    // The code of the step just used is refused; so is a wrong one.
    const replay = await call(session, {
      method: 'DELETE',
      url: `/api/v1/authentication/factors/${factor.id}`,
      payload: { code: totpCode(secret, 1) },
    });
    expect(replay.statusCode).toBe(400);
    expect((await call(session, { url: '/api/v1/authentication/factors' })).json().factors).toHaveLength(1);
  });

  it('adds the e-mail factor with a mailed code and signs in with one', async () => {
    const { user } = await createMember(t.services, enabled);
    const session = await signInAt(user.email);
    const sent = await call(session, { url: '/api/v1/authentication/factors/new?type=email' });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({});
    const code = await mailedCode(user.email, 1);
    const wrong = await call(session, {
      method: 'POST',
      url: '/api/v1/authentication/factors',
      payload: { type: 'email', code: code === '111111' ? '222222' : '111111' },
    });
    expect(wrong.statusCode).toBe(400);
    const added = await call(session, {
      method: 'POST',
      url: '/api/v1/authentication/factors',
      payload: { type: 'email', code },
    });
    expect(added.statusCode).toBe(201);

    // Signing in mails a code.
    const pending = await signInAt(user.email);
    const signInCode = await mailedCode(user.email, 2);
    const passed = await call(pending, {
      method: 'PUT',
      url: '/users/two_factor_authentication',
      payload: { code: signInCode },
    });
    expect(passed.statusCode).toBe(200);
    const [factor] = (await call(session, { url: '/api/v1/authentication/factors' })).json().factors;
    expect(factor.last_used_at).not.toBeNull();

    // Removing it asks for a new mailed code.
    await call(session, { url: '/api/v1/authentication/factors/new?type=email' });
    const removeCode = await mailedCode(user.email, 3);
    const removed = await call(session, {
      method: 'DELETE',
      url: `/api/v1/authentication/factors/${factor.id}`,
      payload: { code: removeCode },
    });
    expect(removed.statusCode).toBe(204);
    const after = (await call(session, { url: '/api/v1/authentication/factors' })).json();
    expect(after).toMatchObject({ factors: [], backup_codes_left: 0 });
    const plain = await signInAt(user.email);
    expect((await call(plain, { url: '/api/v1/session' })).json().second_factor).toBeUndefined();
  });

  it('makes a member of an enforcing network set a factor up before anything else', async () => {
    const { user } = await createMember(t.services, enforced);
    const session = await signInAt(user.email);
    expect((await call(session, { url: '/api/v1/session' })).json()).toMatchObject({ second_factor: 'setup' });
    expect((await call(session, { url: `/members/${user.id}/locale_settings` })).statusCode).toBe(401);
    const list = (await call(session, { url: '/api/v1/authentication/factors' })).json();
    expect(list.available_types).toEqual(['totp']);

    const fresh = (await call(session, { url: '/api/v1/authentication/factors/new?type=totp' })).json();
    const added = await call(session, {
      method: 'POST',
      url: '/api/v1/authentication/factors',
      payload: { type: 'totp', code: totpCode(fresh.secret_key), secret_key: fresh.secret_key },
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ redirect_to: '/' });
    expect((await call(session, { url: '/api/v1/session' })).json().second_factor).toBeUndefined();
  });

  it('offers nothing where two-factor is disabled', async () => {
    const { user } = await createMember(t.services, disabled);
    const session = await signInAt(user.email);
    expect((await call(session, { url: '/api/v1/authentication/factors' })).json().available_types).toEqual([]);
    const refused = await call(session, { url: '/api/v1/authentication/factors/new?type=totp' });
    expect(refused.statusCode).toBe(403);
  });

  it('lets network admins reset a member’s factors', async () => {
    const admin = await createMember(t.services, enabled, { admin: true });
    const target = await createMember(t.services, enabled);
    const adminSession = await signInAt(admin.user.email);
    const targetSession = await signInAt(target.user.email);
    await addTotp(targetSession);

    const url = `/administration/members/${target.membership.id}/authentication/factors`;
    expect((await call(targetSession, { method: 'DELETE', url })).statusCode).toBe(403);
    const reset = await call(adminSession, { method: 'DELETE', url });
    expect(reset.statusCode).toBe(204);
    expect((await call(targetSession, { url: '/api/v1/authentication/factors' })).json().factors).toEqual([]);
    const plain = await signInAt(target.user.email);
    expect((await call(plain, { url: '/api/v1/session' })).json().second_factor).toBeUndefined();
    const events = await t.database.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.type, 'two_factor.reset'), eq(domainEvents.subjectId, target.membership.id)));
    expect(events).toMatchObject([{ actorId: admin.membership.id }]);
    const missing = await call(adminSession, {
      method: 'DELETE',
      url: '/administration/members/nobody/authentication/factors',
    });
    expect(missing.statusCode).toBe(404);
  });

  it('limits attempts at codes per member', async () => {
    const { user } = await createMember(t.services, enabled);
    const session = await signInAt(user.email);
    const { secret } = await addTotp(session);
    const pending = await signInAt(user.email);
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const response = await call(pending, {
        method: 'PUT',
        url: '/users/two_factor_authentication',
        payload: { code: '000000' },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    // Even the right code waits now.
    const right = await call(pending, {
      method: 'PUT',
      url: '/users/two_factor_authentication',
      payload: { code: totpCode(secret, 1) },
    });
    expect(right.statusCode).toBe(429);
  });
});
