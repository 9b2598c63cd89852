import type { DevicePlatform, PushMessage } from '@agora/contracts';

/** What a provider needs of a device to reach it. */
export type PushTarget = { token: string; keys: Record<string, string> | null };

/**
 * What became of one push: delivered, or the device is gone for good (the push service
 * answered 404 or 410: the subscription or app token no longer exists) and should be forgotten.
 * Any other failure throws, so the job tries again later.
 */
export type PushOutcome = 'sent' | 'gone';

/**
 * A push service for one device platform. The Web Push provider is built in; the mobile apps'
 * services (APNs for `ios`, FCM for `android`) plug in the same way, with `devices.useProvider`.
 */
export type PushProvider = {
  platform: DevicePlatform;
  /** Why a token cannot be registered (an error key), or null when it can. */
  checkToken(token: string): string | null;
  send(target: PushTarget, message: PushMessage): Promise<PushOutcome>;
};

export class PushError extends Error {}
