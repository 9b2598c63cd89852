import { createDecipheriv, createECDH, hkdfSync, randomBytes, type ECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webPush from 'web-push';
import { buildApp } from '../../app.ts';
import type { DevicePushSettingsAnswer, PushMessage, WebPushKeyAnswer, WebTokenAnswer } from '@agora/contracts';
import { createWebPushProvider } from '../../platform/push/web-push.ts';
import { createNetwork, createTestApp, signedInMember, type Session, type TestApp } from '../../testing/index.ts';

const vapid = webPush.generateVAPIDKeys();
const VAPID = { publicKey: vapid.publicKey, privateKey: vapid.privateKey, subject: 'mailto:push@example.test' };

let t: TestApp;
let networkId: string;
let anna: { session: Session; membershipId: string; userId: string };
let bert: { session: Session; membershipId: string };

/** A push service stand-in: records each request, answers with `status`. */
type Received = { path: string; headers: IncomingHttpHeaders; body: Buffer };
const received: Received[] = [];
let status = 201;
let pushService: Server;
let pushOrigin: string;

beforeAll(async () => {
  t = await createTestApp({
    VAPID_PUBLIC_KEY: VAPID.publicKey,
    VAPID_PRIVATE_KEY: VAPID.privateKey,
    VAPID_SUBJECT: VAPID.subject,
  });
  networkId = (await createNetwork(t.services, { name: 'Push Net' })).id;
  const a = await signedInMember(t.app, t.services, networkId);
  anna = { session: a.session, membershipId: a.membership.id, userId: a.user.id };
  const b = await signedInMember(t.app, t.services, networkId);
  bert = { session: b.session, membershipId: b.membership.id };
  pushService = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
  pushOrigin = `http://127.0.0.1:${(pushService.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => pushService.close(resolve));
  await t.close();
});

/** A browser's subscription keys: its P-256 key pair and auth secret. */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return { ecdh, auth, keys: { p256dh: ecdh.getPublicKey('base64url'), auth: auth.toString('base64url') } };
}

/** Decrypts an aes128gcm Web Push message as the browser does (RFC 8291). */
function decrypt(body: Buffer, ecdh: ECDH, auth: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const senderKey = body.subarray(21, 21 + idLength);
  const cipherText = body.subarray(21 + idLength);
  const secret = ecdh.computeSecret(senderKey);
  const info = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', secret, auth, info, 32));
  const key = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', key, nonce);
  decipher.setAuthTag(cipherText.subarray(-16));
  const plain = Buffer.concat([decipher.update(cipherText.subarray(0, -16)), decipher.final()]);
  // The last record ends with the delimiter 2 and its padding.
  return plain.subarray(0, plain.lastIndexOf(2)).toString('utf8');
}

const register = (session: Session, device: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/v1/devices', headers: session.headers, payload: { device } });

const ENDPOINT = 'https://push.example.org/send/abc';

describe('registering devices', () => {
  it('registers a browser, and the same token again refreshes it', async () => {
    const { keys } = browserKeys();
    const first = await register(anna.session, { platform: 'web', token: ENDPOINT, name: 'Firefox', keys });
    expect(first.statusCode).toBe(200);
    const made = first.json<DevicePushSettingsAnswer>();
    expect(made.device).toMatchObject({ platform: 'web', name: 'Firefox' });
    expect(made.device).not.toHaveProperty('token');
    expect(made.settings.messages).toEqual({ direct_message: true, circular_letter: true });

    await t.app.inject({
      method: 'POST',
      url: `/api/v1/devices/${made.device.id}/settings`,
      headers: anna.session.headers,
      payload: { settings: { messages: { circular_letter: false } } },
    });
    const again = await register(anna.session, { platform: 'web', token: ENDPOINT, name: 'Firefox 2', keys });
    expect(again.statusCode).toBe(200);
    const refreshed = again.json<DevicePushSettingsAnswer>();
    expect(refreshed.device.id).toBe(made.device.id);
    expect(refreshed.device.name).toBe('Firefox 2');
    // The settings stay.
    expect(refreshed.settings.messages).toEqual({ direct_message: true, circular_letter: false });

    // The browser passes to another member (who signs in on it): it pushes to them alone now.
    const other = await register(bert.session, { platform: 'web', token: ENDPOINT, keys });
    expect(other.json<DevicePushSettingsAnswer>().device.id).not.toBe(made.device.id);
    const annas = await t.app.inject({
      url: `/api/v1/devices/${made.device.id}/settings`,
      headers: anna.session.headers,
    });
    expect(annas.statusCode).toBe(404);

    const app = await register(anna.session, { platform: 'ios', token: 'a1b2c3d4'.repeat(8), name: 'iPhone' });
    expect(app.statusCode).toBe(200);
  });

  it('refuses endpoints that are not https URLs of public hosts, and incomplete bodies', async () => {
    const { keys } = browserKeys();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ platform: 'web', token: 'http://push.example.org/x', keys }, 'token', 'invalid_url'],
      [{ platform: 'web', token: 'javascript:alert(1)', keys }, 'token', 'invalid_url'],
      [{ platform: 'web', token: `https://push.example.org/${'ä'.repeat(1900)}`, keys }, 'token', 'invalid_url'],
      [{ platform: 'web', token: 'https://user:pw@push.example.org/x', keys }, 'token', 'invalid_url'],
      [{ platform: 'web', token: 'https://127.0.0.1/x', keys }, 'token', 'address_not_allowed'],
      [{ platform: 'web', token: 'https://[::1]/x', keys }, 'token', 'address_not_allowed'],
      [{ platform: 'web', token: 'https://10.0.0.7/x', keys }, 'token', 'address_not_allowed'],
      [{ platform: 'web', token: 'https://169.254.169.254/latest', keys }, 'token', 'address_not_allowed'],
      [{ platform: 'web', token: 'https://[::ffff:192.168.0.1]/x', keys }, 'token', 'address_not_allowed'],
      [{ platform: 'web', token: 'https://localhost/x', keys }, 'token', 'address_not_allowed'],
      [{ platform: 'web', token: 'https://metadata.internal/x', keys }, 'token', 'address_not_allowed'],
      [{ platform: 'web', token: 'https://intranet/x', keys }, 'token', 'address_not_allowed'],
      [{ platform: 'web', token: ENDPOINT }, 'keys', 'required'],
      [{ platform: 'web', token: ENDPOINT, keys: { p256dh: 'a b', auth: 'x' } }, 'keys.p256dh', 'invalid'],
      [{ platform: 'ios', token: 'not a token' }, 'token', 'invalid'],
      [{ platform: 'windows', token: 'x' }, 'platform', 'invalid_enum_value'],
    ];
    for (const [device, field] of cases) {
      const response = await register(anna.session, device);
      expect(response.statusCode, JSON.stringify(device)).toBe(422);
      expect(Object.keys(response.json<{ errors: Record<string, string[]> }>().errors)).toContain(field);
    }
    for (const [device, field, key] of cases.filter(([, field]) => field === 'token')) {
      const response = await register(anna.session, device);
      expect(response.json<{ errors: Record<string, string[]> }>().errors[field], String(device.token)).toEqual([key]);
    }
  });

  it('answers 401 to anonymous requests', async () => {
    for (const [method, url] of [
      ['POST', '/api/v1/devices'],
      ['GET', '/api/v1/get-web-token'],
      ['GET', '/api/v1/devices/web-push-key'],
    ] as const) {
      const response = await t.app.inject({ method, url, headers: { accept: 'application/json' } });
      expect(response.statusCode).toBe(401);
    }
  });

  it('hands out the public key', async () => {
    const response = await t.app.inject({ url: '/api/v1/devices/web-push-key', headers: anna.session.headers });
    expect(response.json<WebPushKeyAnswer>()).toEqual({ public_key: VAPID.publicKey });
  });
});

describe('settings and removal', () => {
  it("reads and changes a device's settings, own devices only", async () => {
    const made = (
      await register(anna.session, { platform: 'android', token: 'fcm:token-settings_1', name: 'Pixel' })
    ).json<DevicePushSettingsAnswer>();
    const url = `/api/v1/devices/${made.device.id}/settings`;

    const read = await t.app.inject({ url, headers: anna.session.headers });
    expect(read.statusCode).toBe(200);
    expect(Object.values(read.json<DevicePushSettingsAnswer>().settings).flatMap(Object.values)).not.toContain(false);

    const changed = await t.app.inject({
      method: 'POST',
      url,
      headers: anna.session.headers,
      payload: { settings: { activities: { activity_mention: false }, groups: { group_invite: false } } },
    });
    // `group_invite` is an invite's flag, not a group's.
    expect(changed.statusCode).toBe(422);

    const saved = await t.app.inject({
      method: 'POST',
      url,
      headers: anna.session.headers,
      payload: { settings: { activities: { activity_mention: false }, invites: { group_invite: false } } },
    });
    expect(saved.statusCode).toBe(200);
    const settings = saved.json<DevicePushSettingsAnswer>().settings;
    expect(settings.activities).toEqual({ activity_mention: false, activity_reply: true, activity_answer: true });
    expect(settings.invites!.group_invite).toBe(false);
    expect(
      (await t.app.inject({ url, headers: anna.session.headers })).json<DevicePushSettingsAnswer>().settings,
    ).toEqual(settings);

    for (const payload of [{ settings: { nope: {} } }, { settings: { messages: { direct_message: 'yes' } } }, {}]) {
      const refused = await t.app.inject({ method: 'POST', url, headers: anna.session.headers, payload });
      expect(refused.statusCode, JSON.stringify(payload)).toBe(422);
    }

    // Bert sees nothing of Anna's device.
    expect((await t.app.inject({ url, headers: bert.session.headers })).statusCode).toBe(404);
    const foreign = await t.app.inject({
      method: 'POST',
      url,
      headers: bert.session.headers,
      payload: { settings: { messages: { direct_message: false } } },
    });
    expect(foreign.statusCode).toBe(404);
    const foreignDelete = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/devices/${made.device.id}`,
      headers: bert.session.headers,
    });
    expect(foreignDelete.statusCode).toBe(404);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/devices/${made.device.id}`,
      headers: anna.session.headers,
    });
    expect(removed.statusCode).toBe(204);
    expect((await t.app.inject({ url, headers: anna.session.headers })).statusCode).toBe(404);
  });
});

describe('the web token', () => {
  it("signs the app's web view in once", async () => {
    const issued = await t.app.inject({ url: '/api/v1/get-web-token', headers: anna.session.headers });
    expect(issued.statusCode).toBe(200);
    const { token, expires_in } = issued.json<WebTokenAnswer>();
    expect(expires_in).toBe(60);

    const target = `/members/${anna.membershipId}/settings/edit?tab=push&device_id=x`;
    const url = `/api/v1/web-session?token=${encodeURIComponent(token)}&redirect=${encodeURIComponent(target)}`;
    const opened = await t.app.inject({ url });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe(target);
    const cookie = opened.cookies.find((c) => c.name === 'agora_session');
    expect(cookie).toBeDefined();
    const session = await t.app.inject({
      url: '/api/v1/session',
      headers: { cookie: `agora_session=${cookie!.value}`, accept: 'application/json' },
    });
    expect(session.json<{ member: { id: string } }>().member.id).toBe(anna.membershipId);

    // Used once only; a forged or foreign redirect is refused.
    expect((await t.app.inject({ url })).statusCode).toBe(401);
    const next = (
      await t.app.inject({ url: '/api/v1/get-web-token', headers: anna.session.headers })
    ).json<WebTokenAnswer>();
    expect((await t.app.inject({ url: `/api/v1/web-session?token=${next.token}x` })).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          url: `/api/v1/web-session?token=${next.token}&redirect=${encodeURIComponent('//evil.example')}`,
        })
      ).statusCode,
    ).toBe(422);
  });
  it('is exchanged once across processes sharing the database', async () => {
    // A second server process: it remembers nothing of what this one exchanged.
    const other = await buildApp(t.config, t.database);
    try {
      await other.ready();
      const { token } = (
        await t.app.inject({ url: '/api/v1/get-web-token', headers: anna.session.headers })
      ).json<WebTokenAnswer>();
      const url = `/api/v1/web-session?token=${encodeURIComponent(token)}`;
      const answers = await Promise.all([t.app.inject({ url }), other.inject({ url })]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([303, 401]);
      expect(answers.filter((a) => a.cookies.some((c) => c.name === 'agora_session'))).toHaveLength(1);
      expect((await other.inject({ url })).statusCode).toBe(401);
    } finally {
      await other.close();
    }
  });
});

describe('pushing notifications', () => {
  it("sends new notifications encrypted to the member's browsers as their settings allow; 410 removes the device", async () => {
    // A member of their own: the others' devices of the tests above point to hosts no test reaches.
    const { session, membership } = await signedInMember(t.app, t.services, networkId);
    const carl = { session, membershipId: membership.id };
    const provider = createWebPushProvider({ vapid: VAPID, allowPrivate: true });
    t.services.devices.useProvider(provider);
    try {
      const browser = browserKeys();
      const endpoint = `${pushOrigin}/push/carl-1`;
      const device = (
        await register(carl.session, { platform: 'web', token: endpoint, name: 'Chromium', keys: browser.keys })
      ).json<DevicePushSettingsAnswer>().device;
      await t.app.inject({
        method: 'POST',
        url: `/api/v1/devices/${device.id}/settings`,
        headers: carl.session.headers,
        payload: { settings: { files: { file_pending_version_declined: false } } },
      });

      const notify = (type: string, title: string) =>
        t.services.notifications.notify({
          networkId,
          recipientIds: [carl.membershipId],
          actorId: bert.membershipId,
          type,
          subject: { type: 'test', id: null, title, path: '/messages/1' },
        });
      await notify('direct_message', 'Lunch?');
      await notify('file_pending_version_declined', 'Plan.pdf');
      await t.services.jobs.settled();

      expect(received).toHaveLength(1);
      const [request] = received;
      expect(request!.path).toBe('/push/carl-1');
      expect(request!.headers['content-encoding']).toBe('aes128gcm');
      expect(request!.headers.authorization).toMatch(/^vapid t=.+, k=/);
      expect(request!.headers.authorization).toContain(VAPID.publicKey);
      expect(request!.body.includes(Buffer.from('Lunch?'))).toBe(false);
      const message = JSON.parse(decrypt(request!.body, browser.ecdh, browser.auth)) as PushMessage;
      expect(message).toMatchObject({ title: 'Push Net', url: '/messages/1' });
      expect(message.body).toContain('Lunch?');

      // The subscription has ended: the device is forgotten.
      status = 410;
      await notify('direct_message', 'Still there?');
      await t.services.jobs.settled();
      expect(received).toHaveLength(2);
      const gone = await t.app.inject({ url: `/api/v1/devices/${device.id}/settings`, headers: carl.session.headers });
      expect(gone.statusCode).toBe(404);
    } finally {
      status = 201;
      t.services.devices.useProvider(createWebPushProvider({ vapid: VAPID }));
    }
  });

  it('never posts to a private address', async () => {
    const provider = createWebPushProvider({ vapid: VAPID });
    const { keys } = browserKeys();
    const message = { title: '', body: '', url: '/', tag: 'x' };
    // Stored before the rules (or by hand): refused when sending, and the device is dropped.
    for (const token of [`${pushOrigin}/push/x`, `https://127.0.0.1:${new URL(pushOrigin).port}/push/x`]) {
      await expect(provider.send({ token, keys }, message)).resolves.toBe('gone');
    }
    expect(received.every((r) => r.path !== '/push/x')).toBe(true);
  });
});
