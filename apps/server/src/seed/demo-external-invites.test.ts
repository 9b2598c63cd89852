import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExternalInvitesPage } from '@agora/contracts';
import { createTestApp, signIn, type TestApp } from '../testing/index.ts';
import { DEMO_PASSWORD, seedDemo } from './index.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.services);
});
afterAll(() => t.close());

describe('the demo invitations by e-mail', () => {
  it('shows Anna two open ones and one accepted, none of them mailed', async () => {
    const session = await signIn(t.app, 'anna.admin@example.com', DEMO_PASSWORD);
    const response = await t.app.inject({ url: '/administration/external_invites', headers: session.headers });
    const { items } = response.json<ExternalInvitesPage>();
    expect(items.map((i) => `${i.email} ${i.status}`).sort()).toEqual([
      'jana.krueger@example.org open',
      'noah.schwarz@privat.example accepted',
      'oliver.brandt@partner.example open',
    ]);
    expect(items.find((i) => i.email === 'jana.krueger@example.org')).toMatchObject({
      first_name: 'Jana',
      last_name: 'Krüger',
      author: { name: 'Anna Adler' },
      groups: [{ slug: 'human-resources' }],
      can: { renew: true, revoke: true },
    });
    expect(await t.services.mailer.outbox('jana.krueger@example.org')).toEqual([]);
  });
});
