import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { completePushSettings, type DevicePushSettingsAnswer } from '@agora/contracts';
import { i18n } from '../../i18n/index.ts';
import { stubFetch } from '../../testing/render.tsx';
import { axeViolations, clearToasts, renderUi } from '../../ui/testing.tsx';
import { appPushDeviceId } from './app-context.ts';
import { BrowserPushButton } from './components/browser-push-button.tsx';
import { DevicePushSettings } from './components/device-push-settings.tsx';

const DEVICE_ID = 'a'.repeat(24);
const SETTINGS = `/api/v1/devices/${DEVICE_ID}/settings`;

const answer = (changes: Record<string, Record<string, boolean>> = {}): DevicePushSettingsAnswer => ({
  device: {
    id: DEVICE_ID,
    platform: 'ios',
    name: 'iPhone',
    last_seen_at: '2026-11-20T09:00:00Z',
    created_at: '2026-11-20T09:00:00Z',
  },
  settings: completePushSettings(changes),
});

describe('the push settings of a device', { timeout: 30_000 }, () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    clearToasts();
  });

  it('shows every category with its flags and saves a flipped one at once', async () => {
    const calls = stubFetch({
      [`GET ${SETTINGS}`]: { status: 200, body: answer({ activities: { activity_reply: false } }) },
      [`POST ${SETTINGS}`]: {
        status: 200,
        body: answer({ activities: { activity_reply: false }, messages: { circular_letter: false } }),
      },
    });
    renderUi(<DevicePushSettings deviceId={DEVICE_ID} />);

    const letters = await screen.findByRole('switch', { name: 'Circular letters' });
    for (const legend of ['Messages', 'Activity streams', 'Groups', 'Invitations', 'Administration', 'General']) {
      expect(screen.getByText(legend)).toBeTruthy();
    }
    expect((screen.getByRole('switch', { name: 'Replies to my posts' }) as HTMLInputElement).checked).toBe(false);
    expect((letters as HTMLInputElement).checked).toBe(true);
    expect(await axeViolations()).toEqual([]);

    fireEvent.click(letters);
    expect(await screen.findByText('Saved successfully.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      settings: { messages: { circular_letter: false } },
    });
    await waitFor(() =>
      expect((screen.getByRole('switch', { name: 'Circular letters' }) as HTMLInputElement).checked).toBe(false),
    );
  });

  it('says so when a flag could not be saved', async () => {
    stubFetch({
      [`GET ${SETTINGS}`]: { status: 200, body: answer() },
      [`POST ${SETTINGS}`]: { status: 500, body: { error: 'internal' } },
    });
    renderUi(<DevicePushSettings deviceId={DEVICE_ID} />);
    fireEvent.click(await screen.findByRole('switch', { name: 'Direct messages' }));
    expect(await screen.findByText('Saving failed.')).toBeTruthy();
  });

  it('offers to try again without settings', async () => {
    stubFetch({ [`GET ${SETTINGS}`]: { status: 404, body: { error: 'not_found' } } });
    renderUi(<DevicePushSettings deviceId={DEVICE_ID} />);
    expect(await screen.findByText('The push settings of this device could not be loaded.')).toBeTruthy();
    expect(screen.queryByRole('switch')).toBeNull();

    stubFetch({ [`GET ${SETTINGS}`]: { status: 200, body: answer() } });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('switch', { name: 'Direct messages' })).toBeTruthy();
  });

  it('speaks German', async () => {
    await i18n.changeLanguage('de');
    stubFetch({ [`GET ${SETTINGS}`]: { status: 404 } });
    renderUi(<DevicePushSettings deviceId={DEVICE_ID} />);
    expect(await screen.findByRole('button', { name: 'Erneut versuchen' })).toBeTruthy();
  });
});

describe('the app context', () => {
  it('names the device of the app only with a valid id', () => {
    expect(appPushDeviceId(new URLSearchParams(`tab=push&device_id=${DEVICE_ID}`))).toBe(DEVICE_ID);
    expect(appPushDeviceId(new URLSearchParams('tab=push'))).toBeNull();
    expect(appPushDeviceId(new URLSearchParams('device_id=../x'))).toBeNull();
  });
});

describe('the browser push button', { timeout: 15_000 }, () => {
  // jsdom has none of them: each test that adds them takes them away again.
  afterEach(() => {
    const w = window as unknown as Record<string, unknown>;
    delete w.PushManager;
    delete w.Notification;
    delete (navigator as unknown as Record<string, unknown>).serviceWorker;
  });

  it('is not shown where the browser cannot receive pushes', async () => {
    const calls = stubFetch({ 'GET /api/v1/devices/web-push-key': { status: 200, body: { public_key: 'BAAA' } } });
    const { container } = renderUi(<BrowserPushButton />);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(container.querySelector('button')).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it('subscribes this browser and registers it', async () => {
    const subscription = {
      endpoint: 'https://push.example.org/send/1',
      toJSON: () => ({ endpoint: 'https://push.example.org/send/1', keys: { p256dh: 'BKey', auth: 'auth' } }),
    };
    let options: { applicationServerKey?: Uint8Array } = {};
    const registration = {
      pushManager: {
        getSubscription: async () => null,
        subscribe: async (o: typeof options) => {
          options = o;
          return subscription;
        },
      },
    };
    Object.assign(window, {
      PushManager: class {},
      Notification: { requestPermission: async () => 'granted' },
    });
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: { register: async () => registration, ready: Promise.resolve(registration) },
    });
    const calls = stubFetch({
      'GET /api/v1/devices/web-push-key': { status: 200, body: { public_key: 'AQID' } },
      'POST /api/v1/devices': { status: 200, body: answer() },
    });
    await i18n.changeLanguage('en');
    renderUi(<BrowserPushButton />);
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications on this device' }));
    expect(await screen.findByText('This device now receives notifications.')).toBeTruthy();
    expect([...options.applicationServerKey!]).toEqual([1, 2, 3]);
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      device: { platform: 'web', token: 'https://push.example.org/send/1', keys: { p256dh: 'BKey', auth: 'auth' } },
    });
  });
});
