import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GroupInvite, SentGroupInvitesPage } from '@agora/contracts';
import { createTestApp, signIn, type TestApp } from '../testing/index.ts';
import { DEMO_PASSWORD, seedDemo } from './index.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.services);
});
afterAll(() => t.close());

const openInvites = async (email: string) => {
  const session = await signIn(t.app, email, DEMO_PASSWORD);
  const response = await t.app.inject({
    url: '/api/v1/invites?filter=groups&status=open&limit=50',
    headers: session.headers,
  });
  return { session, items: response.json<{ items: GroupInvite[] }>().items };
};

describe('the demo group invitations', () => {
  it('has open invitations for Max, and Gina is invited only where guests may look', async () => {
    const max = await openInvites('max.member@example.com');
    expect(max.items.map((i) => i.invitable.slug).sort()).toEqual(['hamburg', 'human-resources']);
    const gina = await openInvites('gina.guest@example.com');
    expect(gina.items.map((i) => i.invitable.slug)).toEqual(['partner-forum']);
    const group = await t.app.inject({ url: '/api/v1/groups/partner-forum', headers: gina.session.headers });
    expect(group.statusCode).toBe(200);
    const unreads = (await t.app.inject({ url: '/api/v1/unreads', headers: gina.session.headers })).json();
    expect(unreads.GroupInvites).toBe(1);
  });

  it('shows Max the invitations he sent in every state', async () => {
    const { session } = await openInvites('max.member@example.com');
    const sent = (await t.app.inject({ url: '/invites/sent', headers: session.headers })).json<SentGroupInvitesPage>();
    expect(sent.items.map((i) => i.status).sort()).toEqual(['accepted', 'declined', 'joined', 'obsolete', 'open']);
  });
});
