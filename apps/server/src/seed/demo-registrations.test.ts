import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegistrationsPage, SignUpSettings } from '@agora/contracts';
import { createTestApp, signIn, type TestApp } from '../testing/index.ts';
import { DEMO_PASSWORD, seedDemo } from './index.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.services);
});
afterAll(() => t.close());

describe('the demo network’s joining', () => {
  it('lets visitors sign up, moderated and with the proof of work, and two wait for Anna', async () => {
    const settings = await t.app.inject({ url: '/users/sign_up', headers: { accept: 'application/json' } });
    expect(settings.json<SignUpSettings>()).toMatchObject({ allowed: true, moderated: true, altcha: true });
    const anna = await signIn(t.app, 'anna.admin@example.com', DEMO_PASSWORD);
    const page = (
      await t.app.inject({ url: '/administration/registrations', headers: anna.headers })
    ).json<RegistrationsPage>();
    expect(page.items.map((i) => `${i.first_name} ${i.last_name}`)).toEqual(['Paula Neumann', 'Tomasz Wójcik']);
    expect(page.items[0]!.profile).toEqual({ department: 'Vertrieb', location: 'Hamburg' });
  });
});
