import {
  completePushSettings,
  pushFlagOf,
  type DeviceInput,
  type DevicePlatform,
  type DevicePushSettings,
  type DevicePushSettingsAnswer,
  type DevicePushSettingsBody,
  type PushMessage,
  type WebPushKeyAnswer,
  type WebTokenAnswer,
} from '@agora/contracts';
import type { Db } from '../../platform/db/client.ts';
import { notFound, unauthorized, unprocessable } from '../../platform/errors.ts';
import type { Events } from '../../platform/events/index.ts';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import type { PlatformLog } from '../../platform/loader/index.ts';
import type { Actor, NetworkContext } from '../../platform/policy/index.ts';
import type { PushProvider } from '../../platform/push/push.ts';
import { checkWebPushEndpoint } from '../../platform/push/web-push.ts';
import type { AccountsService } from '../accounts/index.ts';
import type { NetworksService } from '../networks/index.ts';
import type { NotificationsService } from '../notifications/index.ts';
import { presentDevice } from './present.ts';
import { createDevicesRepository, type DeviceRow } from './repository.ts';
import type { WebTokens } from './web-token.ts';

export const PUSH_QUEUE = 'devices.push';

export const DEVICE_REGISTERED = 'device.registered';
export const DEVICE_REMOVED = 'device.removed';
export const DEVICE_SETTINGS_UPDATED = 'device.settings_updated';

/** One device's pushes of the notifications of one batch. */
type PushJob = { networkId: string; deviceId: string; notificationIds: string[] };

export type DevicesDeps = {
  db: Db;
  events: Events;
  jobs: Jobs;
  log: PlatformLog;
  notifications: Pick<NotificationsService, 'onCreated' | 'presentMany'>;
  accounts: Pick<AccountsService, 'resolveSessionById' | 'openSession'>;
  networks: Pick<NetworksService, 'get'>;
  webTokens: WebTokens;
  /** The Web Push public key handed to browsers; null while push is off. */
  vapidPublicKey: string | null;
};

/** The apps' push tokens (APNs: hex; FCM: base64url with colons). */
const APP_TOKEN = /^[A-Za-z0-9:_.-]+$/;

export type DevicesService = ReturnType<typeof createDevicesService>;

export function createDevicesService(deps: DevicesDeps) {
  const repository = createDevicesRepository(deps.db);
  const providers = new Map<DevicePlatform, PushProvider>();
  let pushing = false;

  function checkToken(platform: DevicePlatform, token: string): string | null {
    const provider = providers.get(platform);
    if (provider) return provider.checkToken(token);
    // Without a provider a token is kept for when one is configured; the same rules apply.
    if (platform === 'web') return checkWebPushEndpoint(token);
    return APP_TOKEN.test(token) ? null : 'invalid';
  }

  async function ownDevice(actor: Actor, id: string): Promise<DeviceRow> {
    const row = await repository.find(actor.networkId, actor.membershipId, id);
    if (!row) throw notFound();
    return row;
  }

  const answer = (row: DeviceRow): DevicePushSettingsAnswer => ({
    device: presentDevice(row),
    settings: completePushSettings(row.settings),
  });

  /** Queues each device's pushes of new notifications, in the transaction that wrote them. */
  async function queuePushes(created: { networkId: string; ids: string[]; recipientIds: string[] }, tx?: Db) {
    const found = await repository.ofMembers(created.networkId, created.recipientIds, tx ?? deps.db);
    if (found.length === 0) return;
    // Most batches notify each recipient once; their ids are read again when sending.
    const jobs: PushJob[] = found.map((device) => ({
      networkId: created.networkId,
      deviceId: device.id,
      notificationIds: created.ids,
    }));
    await deps.jobs.sendMany(PUSH_QUEUE, jobs, { tx, retryLimit: 5, retryDelay: 30, retryBackoff: true });
  }

  async function removeGone(device: DeviceRow): Promise<void> {
    await deps.db.transaction(async (tx) => {
      if (!(await repository.remove(device.networkId, device.id, tx))) return;
      await deps.events.record(tx, {
        networkId: device.networkId,
        type: DEVICE_REMOVED,
        actorId: null,
        subject: { type: 'device', id: device.id },
        changes: { platform: device.platform, reason: 'gone' },
      });
    });
  }

  /** Sends a device its member's notifications of a batch that its settings let through. */
  async function push(job: PushJob): Promise<void> {
    const device = await repository.byId(job.networkId, job.deviceId);
    const provider = device && providers.get(device.platform as DevicePlatform);
    if (!device || !provider) return;
    const settings = completePushSettings(device.settings);
    const wanted = (await deps.notifications.presentMany(job.networkId, job.notificationIds)).filter((n) => {
      const { category, flag } = pushFlagOf(n.type);
      return n.recipientId === device.membershipId && !n.read && settings[category]?.[flag] !== false;
    });
    if (wanted.length === 0) return;
    const title = (await deps.networks.get(job.networkId))?.name ?? '';
    for (const notification of wanted) {
      const message: PushMessage = {
        title,
        body: notification.text,
        url: notification.subject.path,
        tag: notification.id,
      };
      const outcome = await provider.send({ token: device.token, keys: device.keys ?? null }, message);
      if (outcome === 'gone') {
        await removeGone(device);
        return;
      }
    }
  }

  /** Starts pushing once a provider is there: new notifications queue jobs, a worker sends them. */
  function startPushing() {
    if (pushing) return;
    pushing = true;
    deps.notifications.onCreated(queuePushes);
    deps.jobs.work<PushJob>(PUSH_QUEUE, ({ data }) => push(data));
  }

  return {
    /**
     * Adds the push service of a platform (the built-in Web Push; APNs or FCM for the apps);
     * one per platform, a later one replaces the former.
     */
    useProvider(provider: PushProvider): void {
      providers.set(provider.platform, provider);
      startPushing();
    },

    webPushKey(): WebPushKeyAnswer {
      return { public_key: providers.has('web') ? deps.vapidPublicKey : null };
    },

    /** Registers the member's device, or refreshes their device with the same token. */
    async register(actor: Actor, body: DeviceInput): Promise<DevicePushSettingsAnswer> {
      const problem = checkToken(body.platform, body.token);
      if (problem) throw unprocessable({ token: [problem] });
      const row = await deps.db.transaction(async (tx) => {
        // One browser (or app installation) pushes to one member: whoever registered it last.
        for (const id of await repository.removeOthersWithToken(actor.networkId, actor.membershipId, body.token, tx)) {
          await deps.events.record(tx, {
            networkId: actor.networkId,
            type: DEVICE_REMOVED,
            actorId: actor.membershipId,
            subject: { type: 'device', id },
            changes: { platform: body.platform, reason: 'taken_over' },
          });
        }
        const saved = await repository.upsert(
          {
            networkId: actor.networkId,
            membershipId: actor.membershipId,
            platform: body.platform,
            token: body.token,
            name: body.name,
            keys: body.platform === 'web' && body.keys ? { p256dh: body.keys.p256dh, auth: body.keys.auth } : null,
          },
          tx,
        );
        // The token (a capability URL for Web Push) stays out of the event.
        await deps.events.record(tx, {
          networkId: actor.networkId,
          type: DEVICE_REGISTERED,
          actorId: actor.membershipId,
          subject: { type: 'device', id: saved.id },
          changes: { platform: body.platform, name: body.name },
        });
        return saved;
      });
      return answer(row);
    },

    async remove(actor: Actor, id: string): Promise<void> {
      const device = await ownDevice(actor, id);
      await deps.db.transaction(async (tx) => {
        await repository.remove(actor.networkId, device.id, tx);
        await deps.events.record(tx, {
          networkId: actor.networkId,
          type: DEVICE_REMOVED,
          actorId: actor.membershipId,
          subject: { type: 'device', id: device.id },
          changes: { platform: device.platform },
        });
      });
    },

    async settings(actor: Actor, id: string): Promise<DevicePushSettingsAnswer> {
      return answer(await ownDevice(actor, id));
    },

    async updateSettings(actor: Actor, id: string, body: DevicePushSettingsBody): Promise<DevicePushSettingsAnswer> {
      const device = await ownDevice(actor, id);
      const settings: DevicePushSettings = completePushSettings(device.settings);
      for (const [category, flags] of Object.entries(body.settings)) {
        for (const [flag, value] of Object.entries(flags ?? {})) {
          if (typeof value === 'boolean' && settings[category]) settings[category][flag] = value;
        }
      }
      const row = await deps.db.transaction(async (tx) => {
        const saved = await repository.saveSettings(device.id, settings, tx);
        await deps.events.record(tx, {
          networkId: actor.networkId,
          type: DEVICE_SETTINGS_UPDATED,
          actorId: actor.membershipId,
          subject: { type: 'device', id: device.id },
          changes: { settings: body.settings },
        });
        return saved;
      });
      if (!row) throw notFound();
      return answer(row);
    },

    /** A one-time token for the app's web view, tied to the app's session (see web-token.ts). */
    webToken(actor: Actor): WebTokenAnswer {
      return deps.webTokens.sign({ sessionId: actor.sessionId, networkId: actor.networkId });
    },

    /**
     * Exchanges a web token for a session of its member in this network: 401 for a token that
     * is wrong, expired, used, of another network, or whose app session has ended.
     */
    async openWebSession(
      network: NetworkContext,
      token: string,
      meta: { ip: string; userAgent: string | undefined },
    ): Promise<{ token: string }> {
      const claims = deps.webTokens.verify(token);
      if (!claims || claims.networkId !== network.id) throw unauthorized();
      if (!(await repository.redeemWebToken(claims.nonce, new Date(claims.expiresAt)))) throw unauthorized();
      const session = await deps.accounts.resolveSessionById(claims.sessionId, network.id);
      if (!session || session.secondFactorPending) throw unauthorized();
      const opened = await deps.accounts.openSession(network, session.actor.userId, meta);
      return { token: opened.token };
    },

    /** For tests: sends a device's pushes of notifications now, as the job does. */
    push,
  };
}
