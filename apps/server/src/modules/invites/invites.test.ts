import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Appointment, AppointmentInvite, LinkPage } from '@agora/contracts';
import { newId } from '../../platform/db/ids.ts';
import type { Actor } from '../../platform/policy/index.ts';
import { createNetwork, createTestApp, signedInMember, type Session, type TestApp } from '../../testing/index.ts';
import { positionAt } from './kinds.ts';
import { memoryInviteKind, type MemoryInvite, type MemoryInviteItem } from './test-support.ts';

type Item = AppointmentInvite | MemoryInviteItem;
type Member = Awaited<ReturnType<typeof signedInMember>> & { actor: Actor };

let t: TestApp;
let networkId: string;
let admin: Member;
let other: Member;
let networkCalendar: string;
// A second kind, registered as a module that owns invites would register its own.
const second = memoryInviteKind('test_things');

async function member(options: { admin?: boolean } = {}): Promise<Member> {
  const m = await signedInMember(t.app, t.services, networkId, options);
  return { ...m, actor: t.services.members.actorFor(m.membership, 'test', null) };
}

beforeAll(async () => {
  t = await createTestApp();
  networkId = (await createNetwork(t.services)).id;
  admin = await member({ admin: true });
  other = await member();
  const calendars = await t.services.calendars.accessible(admin.actor);
  networkCalendar = calendars.find((c) => c.type === 'network' && c.isDefault)!.id;
  t.services.invites.registerKind(second.kind);
});
afterAll(() => t.close());

const get = (session: Session | null, url: string) =>
  t.app.inject({ method: 'GET', url, headers: session ? session.headers : { accept: 'application/json' } });

const post = (session: Session | null, url: string, payload?: object) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: session ? session.headers : { accept: 'application/json' },
    ...(payload ? { payload } : {}),
  });

/** An answer as the web app sends it: no body and no content type. */
const answer = (session: Session | null, id: string, verb: 'accept' | 'reject') =>
  post(session, `/api/v1/invites/${id}/${verb}`);

async function page(session: Session, url: string): Promise<LinkPage<Item>> {
  const response = await get(session, url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<LinkPage<Item>>();
}

/** An invite of the second kind, to `to`, created at `at`. */
function secondInvite(to: Member, at: Date | string): MemoryInvite {
  const invite: MemoryInvite = { id: newId(), membershipId: to.membership.id, at: positionAt(at), status: 'open' };
  second.invites.push(invite);
  return invite;
}

/** An appointment of the network calendar with `to` invited; answers the invite as listed. */
async function appointmentInvite(to: Member, name: string): Promise<AppointmentInvite> {
  const created = await post(admin.session, '/appointments', {
    appointment: {
      name,
      calendar_ids: [networkCalendar],
      date: { start: '2026-12-01T10:00', end: '2026-12-01T11:00', all_day: false, time_zone: 'Europe/Berlin' },
      recurrence_pattern: { recurrence_frequency: 'never' },
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const appointment = created.json<Appointment>();
  const invited = await post(admin.session, `/appointments/${appointment.id}/participants`, {
    participant: { membership_ids: [to.membership.id], status: 'invited' },
  });
  expect(invited.statusCode, invited.body).toBe(201);
  const listed = (await page(to.session, '/api/v1/invites?filter=appointments&status=open')).items.find(
    (i): i is AppointmentInvite => i.type === 'appointment_invite' && i.invitable.id === appointment.id,
  );
  if (!listed) throw new Error(`no invite to ${name}`);
  return listed;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('GET /api/v1/invites', () => {
  it('walks the ladder: 401, 422 for an unknown filter or position, 200', async () => {
    expect((await get(null, '/api/v1/invites?status=open')).statusCode).toBe(401);
    const unknown = await get(other.session, '/api/v1/invites?filter=events&status=open');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toEqual({ errors: { filter: ['invalid'] } });
    const position = await get(other.session, '/api/v1/invites?status=open&after=garbage');
    expect(position.statusCode).toBe(422);
    expect(position.json()).toEqual({ errors: { after: ['invalid'] } });
    expect((await get(other.session, '/api/v1/invites?status=open&limit=50')).statusCode).toBe(200);
  });

  it('answers an empty page for filter=groups while no groups invites are registered', async () => {
    const invitee = await member();
    await appointmentInvite(invitee, 'Not a group');
    expect(await page(invitee.session, '/api/v1/invites?filter=groups&status=open&limit=50')).toEqual({
      items: [],
      next: null,
    });
  });

  it('merges the kinds newest first without a filter, paging across kinds, and filters by kind', async () => {
    const invitee = await member();
    const oldest = secondInvite(invitee, '2020-01-01T00:00:00Z');
    const first = await appointmentInvite(invitee, 'First');
    // Between the two appointment invites: after the first's creation (kept to the
    // millisecond in JSON, so one more), before the second's.
    const between = secondInvite(invitee, new Date(Date.parse(first.created_at) + 5));
    await pause(30);
    const latest = await appointmentInvite(invitee, 'Second');
    const newest = secondInvite(invitee, '2099-01-01T00:00:00Z');
    const expected = [newest.id, latest.id, between.id, first.id, oldest.id];

    const all = await page(invitee.session, '/api/v1/invites?status=open');
    expect(all.items.map((i) => i.id)).toEqual(expected);
    expect(all.items.map((i) => i.type)).toEqual([
      'test_invite',
      'appointment_invite',
      'test_invite',
      'appointment_invite',
      'test_invite',
    ]);
    expect(all.next).toBeNull();

    const seen: string[] = [];
    let url: string | null = '/api/v1/invites?status=open&limit=2';
    let pages = 0;
    while (url) {
      const current: LinkPage<Item> = await page(invitee.session, url);
      seen.push(...current.items.map((i) => i.id));
      url = current.next;
      if (url) expect(url).toMatch(/^\/api\/v1\/invites\?status=open&limit=2&after=[\w-]+$/);
      pages += 1;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual(expected);

    const appointmentsOnly = await page(invitee.session, '/api/v1/invites?filter=appointments&status=open');
    expect(appointmentsOnly.items.map((i) => i.id)).toEqual([latest.id, first.id]);
  });
});

describe('POST /api/v1/invites/{id}/accept and /reject', () => {
  it('routes the answer to the kind of the invite, without a body or content type', async () => {
    const invitee = await member();
    const mine = secondInvite(invitee, new Date());
    const appointment = await appointmentInvite(invitee, 'Left open');

    const accepted = await answer(invitee.session, mine.id, 'accept');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ id: mine.id, type: 'test_invite', status: 'accepted' });
    expect(mine.status).toBe('accepted');
    // The kind's own rule: an answered invite asks for no answer.
    expect((await answer(invitee.session, mine.id, 'reject')).statusCode).toBe(422);
    // The appointment's invite is not concerned.
    expect((await inviteById(invitee, appointment.id))?.status).toBe('open');

    const other = secondInvite(invitee, new Date());
    const rejected = await answer(invitee.session, other.id, 'reject');
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({ id: other.id, status: 'declined' });

    const viaAppointments = await answer(invitee.session, appointment.id, 'accept');
    expect(viaAppointments.statusCode, viaAppointments.body).toBe(200);
    expect(viaAppointments.json()).toMatchObject({ type: 'appointment_invite', status: 'accepted' });
  });

  it('answers 401 anonymously and 404 for the invite of another member, of either kind', async () => {
    const invitee = await member();
    const mine = secondInvite(invitee, new Date());
    const appointment = await appointmentInvite(invitee, 'Not yours');
    for (const id of [mine.id, appointment.id]) {
      expect((await answer(null, id, 'accept')).statusCode).toBe(401);
      expect((await answer(other.session, id, 'accept')).statusCode).toBe(404);
      expect((await answer(other.session, id, 'reject')).statusCode).toBe(404);
    }
    expect((await answer(other.session, newId(), 'accept')).statusCode).toBe(404);
    expect(mine.status).toBe('open');
  });
});

describe('open counts and documentation', () => {
  it('counts the open invites of each kind', async () => {
    const invitee = await member();
    secondInvite(invitee, new Date());
    await appointmentInvite(invitee, 'Counted');
    await appointmentInvite(invitee, 'Counted too');
    expect(await t.services.invites.openCounts(invitee.actor)).toEqual({ appointments: 2, groups: 0, test_things: 1 });
  });

  it('documents the paths and their parameters', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    type Operation = { parameters?: Array<{ name: string; in: string; schema?: { enum?: string[] } }> };
    const paths = response.json<{ paths: Record<string, Record<string, Operation>> }>().paths;
    const list = paths['/api/v1/invites']?.get;
    expect(list?.parameters?.map((p) => p.name)).toEqual(['filter', 'status', 'limit', 'after']);
    expect(list?.parameters?.find((p) => p.name === 'filter')?.schema?.enum).toEqual(['appointments', 'groups']);
    for (const verb of ['accept', 'reject']) {
      expect(paths[`/api/v1/invites/{id}/${verb}`]?.post?.parameters).toEqual([
        expect.objectContaining({ name: 'id', in: 'path' }),
      ]);
    }
  });
});

async function inviteById(invitee: Member, id: string): Promise<Item | undefined> {
  return (await page(invitee.session, '/api/v1/invites?filter=appointments&status=open')).items.find(
    (i) => i.id === id,
  );
}
