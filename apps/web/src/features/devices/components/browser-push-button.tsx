import { Button } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../ui/toast.tsx';
import { registerDevice, webPushKeyQuery } from '../api.ts';

/** The service worker that shows the pushed notifications (public/push-worker.js). */
export const PUSH_WORKER_PATH = '/push-worker.js';

/** Whether this browser can receive Web Push at all. */
export function browserSupportsPush(): boolean {
  return (
    typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
  );
}

/** The key as the push manager takes it (base64url to bytes). */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

/** A name the member recognises the device by: the browser and system, roughly. */
function deviceName(): string {
  const agent = navigator.userAgent;
  const browser = /Edg\//.test(agent)
    ? 'Edge'
    : /Firefox\//.test(agent)
      ? 'Firefox'
      : /Chrome\//.test(agent)
        ? 'Chrome'
        : /Safari\//.test(agent)
          ? 'Safari'
          : 'Browser';
  const system = /Android/.test(agent)
    ? 'Android'
    : /iPhone|iPad/.test(agent)
      ? 'iOS'
      : /Mac OS/.test(agent)
        ? 'macOS'
        : /Windows/.test(agent)
          ? 'Windows'
          : /Linux/.test(agent)
            ? 'Linux'
            : '';
  return system ? `${browser} (${system})` : browser;
}

async function subscribeThisBrowser(publicKey: string): Promise<'on' | 'denied'> {
  if ((await Notification.requestPermission()) !== 'granted') return 'denied';
  const registration = await navigator.serviceWorker.register(PUSH_WORKER_PATH);
  await navigator.serviceWorker.ready;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  const { endpoint, keys } = subscription.toJSON();
  await registerDevice({
    device: {
      platform: 'web',
      token: endpoint ?? subscription.endpoint,
      name: deviceName(),
      keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' },
    },
  });
  return 'on';
}

/**
 * "Notifications on this device": subscribes this browser for push and registers it (again, which
 * refreshes it). Shown only where the browser can and the server pushes (it has VAPID keys).
 */
export function BrowserPushButton() {
  const { t } = useTranslation('devices');
  const supported = browserSupportsPush();
  const key = useQuery({ ...webPushKeyQuery, enabled: supported });
  const subscribe = useMutation({
    mutationFn: (publicKey: string) => subscribeThisBrowser(publicKey),
    onSuccess: (outcome) =>
      outcome === 'on' ? showToast('devices:browser.enabled') : showToast('devices:browser.denied', { kind: 'info' }),
    onError: () => showToast('devices:browser.enable_failure'),
  });
  const publicKey = key.data?.public_key;
  if (!supported || !publicKey) return null;
  return (
    <Button
      variant="light"
      leftSection={<IconBell size={16} aria-hidden />}
      loading={subscribe.isPending}
      onClick={() => subscribe.mutate(publicKey)}
    >
      {t('browser.enable')}
    </Button>
  );
}
