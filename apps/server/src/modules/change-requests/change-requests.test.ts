import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangeRequest, ChangeRequestPage, ProfileForm } from '@agora/contracts';
import { invalidateInThisProcess } from '../../platform/cache/index.ts';
import {
  createNetwork,
  createTestApp,
  signedInMember,
  storeNetworkSettings,
  type Session,
  type TestApp,
} from '../../testing/index.ts';

let t: TestApp;
let networkId: string;
type Signed = Awaited<ReturnType<typeof signedInMember>>;
let max: Signed;
let anna: Signed;
let guest: Signed;

const send = (who: { session: Session }, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  payload === undefined
    ? t.app.inject({ method, url, headers: who.session.headers })
    : t.app.inject({ method, url, headers: who.session.headers, payload });
const request = (who: { session: Session }, body: Record<string, unknown>) =>
  send(who, 'POST', '/change_requests', { change_request: body });

async function setEnabled(enabled: boolean) {
  await t.database.db.execute(
    sql`update networks set config = config || ${JSON.stringify({ change_requests_enabled: enabled })}::jsonb where id = ${networkId}`,
  );
  invalidateInThisProcess([`network:${networkId}`]);
}

async function notificationsOf(membershipId: string) {
  const result = await t.database.db.execute(
    sql`select type from notifications where recipient_id = ${membershipId} order by id`,
  );
  return (result as unknown as { rows: Array<{ type: string }> }).rows.map((r) => r.type);
}

beforeAll(async () => {
  t = await createTestApp();
  networkId = (await createNetwork(t.services)).id;
  await storeNetworkSettings(t.database.db, networkId, { change_request_profile_fields: ['department', 'position'] });
  max = await signedInMember(t.app, t.services, networkId, { firstName: 'Max', lastName: 'Member' });
  anna = await signedInMember(t.app, t.services, networkId, { firstName: 'Anna', lastName: 'Admin', admin: true });
  guest = await signedInMember(t.app, t.services, networkId, { external: true });
});
afterAll(async () => {
  await t?.close();
});

describe('profile change requests', () => {
  it('exist only where the operator enables them', async () => {
    const refused = await request(max, { profile: { department: 'Sales' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: 'change_requests_disabled' });
    await setEnabled(true);
  });

  it('take only the change-request fields, checked like the profile', async () => {
    const form = await send(max, 'GET', '/change_requests/new');
    expect(form.statusCode).toBe(200);
    expect(form.json().properties.map((p: { name: string }) => p.name)).toEqual(['department', 'position']);
    const bad = await request(max, { profile: { phone: '123', department: 'd'.repeat(300) } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ 'profile.phone': ['not_allowed'], 'profile.department': ['too_long'] });
    expect((await request(max, { profile: {} })).json().errors).toEqual({ profile: ['required'] });
    expect((await request(guest, { membership_id: max.membership.id, profile: { department: 'x' } })).statusCode).toBe(
      403,
    );
    // The member cannot change these fields by the editor any more; administrators can.
    const direct = await send(max, 'PUT', `/members/${max.membership.id}`, {
      member: { profile: { department: 'Sales' } },
    });
    expect(direct.json().errors).toEqual({ 'profile.department': ['not_allowed'] });
    const editForm = (await send(max, 'GET', `/members/${max.membership.id}/edit`)).json<ProfileForm>();
    expect(editForm.change_request_fields).toEqual(['department', 'position']);
  });

  it('are accepted by an administrator: the values become the profile and the member hears of it', async () => {
    const created = await request(max, { profile: { department: 'Sales' }, comment: 'I moved' });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<ChangeRequest>().id;
    expect((await send(max, 'GET', '/administration/change_requests')).statusCode).toBe(403);
    expect((await send(max, 'POST', `/administration/change_requests/${id}/accept`)).statusCode).toBe(403);
    const list = (await send(anna, 'GET', '/administration/change_requests')).json<ChangeRequestPage>();
    expect(list.items[0]).toMatchObject({
      id,
      status: 'open',
      comment: 'I moved',
      member: { displayName: 'Max Member' },
      changes: [{ name: 'department', current: null, requested: 'Sales', requested_display: 'Sales' }],
      can: { accept: true, reject: true },
    });
    const accepted = await send(anna, 'POST', `/administration/change_requests/${id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json<ChangeRequest>()).toMatchObject({ status: 'accepted', can: { accept: false } });
    const form = (await send(anna, 'GET', `/members/${max.membership.id}/edit`)).json<ProfileForm>();
    expect(form.values.profile.department).toBe('Sales');
    const again = await send(anna, 'POST', `/administration/change_requests/${id}/reject`);
    expect(again.json().errors).toEqual({ base: ['already_decided'] });
    await t.services.events.settled();
    expect(await notificationsOf(max.membership.id)).toContain('profile_change_request_accepted');
  });

  it('are rejected by an administrator: nothing changes', async () => {
    const id = (await request(max, { profile: { position: 'Boss' } })).json<ChangeRequest>().id;
    const rejected = await send(anna, 'POST', `/administration/change_requests/${id}/reject`);
    expect(rejected.json<ChangeRequest>().status).toBe('rejected');
    const form = (await send(max, 'GET', `/members/${max.membership.id}/edit`)).json<ProfileForm>();
    expect(form.values.profile.position).toBeUndefined();
    const open = (await send(anna, 'GET', '/administration/change_requests')).json<ChangeRequestPage>();
    expect(open.total).toBe(0);
    const done = (await send(anna, 'GET', '/administration/change_requests?status=rejected')).json<ChangeRequestPage>();
    expect(done.items.map((r) => r.id)).toEqual([id]);
    await t.services.events.settled();
    expect(await notificationsOf(max.membership.id)).toContain('profile_change_request_rejected');
  });
});
