import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ACTIVITY_ERROR_KEYS as KEYS,
  type Activity,
  type ActivityPage,
  type ActivitystreamList,
  type CircularLetterAcknowledgements,
} from '@agora/contracts';
import { createNetwork, createTestApp, signedInMember, type Session, type TestApp } from '../../testing/index.ts';

let t: TestApp;
let networkId: string;
let categoryId: string;

beforeAll(async () => {
  t = await createTestApp();
  networkId = (await createNetwork(t.services)).id;
  const [category] = await t.services.groups.createCategories(networkId, [
    { slug: 'teams', name: 'Team', pluralName: 'Teams' },
  ]);
  categoryId = category!.id;
});
afterAll(() => t.close());

type Person = Awaited<ReturnType<typeof signedInMember>>;
const person = (options: Parameters<typeof signedInMember>[3] = {}) =>
  signedInMember(t.app, t.services, networkId, options);

let slugs = 0;
async function groupOf(admin: Person | null, members: Person[], access: 'open' | 'closed' = 'closed') {
  const [group] = await t.services.groups.createGroups(networkId, [
    { groupCategoryId: categoryId, slug: `letter-group-${++slugs}`, name: `Letter group ${slugs}`, access },
  ]);
  await t.services.groups.addMembers(networkId, [
    ...(admin ? [{ groupId: group!.id, membershipId: admin.membership.id, role: 'admin' as const }] : []),
    ...members.map((m) => ({ groupId: group!.id, membershipId: m.membership.id })),
  ]);
  return group!;
}

const send = (session: Session, letter: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/circular_letters',
    headers: session.headers,
    payload: { circular_letter: { subject: 'Bitte lesen', content: '<p>Neue Regeln für die Küche</p>', ...letter } },
  });
const sent = async (session: Session, letter: Record<string, unknown>) => {
  const response = await send(session, letter);
  expect(response.statusCode, response.body).toBe(201);
  await t.services.events.settled();
  return response.json<Activity>();
};
const get = (session: Session, url: string) => t.app.inject({ url, headers: session.headers });
const acknowledge = (session: Session, id: string) =>
  t.app.inject({ method: 'POST', url: `/api/v1/activities/${id}/acknowledge`, headers: session.headers });
const acknowledgements = (session: Session, id: string) => get(session, `/api/v1/activities/${id}/acknowledgements`);
const shown = async (session: Session, id: string) => {
  const response = await get(session, `/api/v1/activities/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Activity>();
};

describe('POST /api/v1/circular_letters', () => {
  it('is for network admins and group admins, each to whom they may write', async () => {
    const [admin, groupAdmin, member, other] = [
      await person({ admin: true }),
      await person(),
      await person(),
      await person(),
    ];
    const own = await groupOf(groupAdmin, [member]);
    const foreign = await groupOf(other, [member]);

    expect((await send(member.session, { group_ids: [own.id] })).statusCode).toBe(403);
    const notOwn = await send(groupAdmin.session, { group_ids: [foreign.id] });
    expect(notOwn.statusCode).toBe(422);
    expect(notOwn.json().errors.group_ids).toEqual([KEYS.streamNotAllowed]);
    const toAll = await send(groupAdmin.session, { to_all_network_members: true });
    expect(toAll.statusCode).toBe(422);
    expect(toAll.json().errors.to_all_network_members).toEqual([KEYS.streamNotAllowed]);
    const nobody = await send(admin.session, {});
    expect(nobody.statusCode).toBe(422);
    expect(nobody.json().errors.group_ids).toEqual([KEYS.recipientsEmpty]);
    const blank = await send(admin.session, { subject: ' ', content: '<p> </p>', to_all_network_members: true });
    expect(blank.statusCode).toBe(422);
    expect(Object.keys(blank.json().errors).sort()).toEqual(['content', 'subject']);

    const byGroupAdmin = await sent(groupAdmin.session, { group_ids: [own.id] });
    expect(byGroupAdmin.object.type).toBe('note');
    expect(byGroupAdmin.activitystreams.map((s) => s.id)).toEqual([own.id]);
    const byAdmin = await sent(admin.session, { group_ids: [own.id, foreign.id] });
    expect(byAdmin.activitystreams.map((s) => s.id).sort()).toEqual([own.id, foreign.id].sort());

    const streams = async (p: Person) =>
      (await get(p.session, '/activitystreams.json')).json<ActivitystreamList>().can.create_circular_letter;
    expect(await streams(admin)).toBe(true);
    expect(await streams(groupAdmin)).toBe(true);
    expect(await streams(member)).toBe(false);
  });

  it('goes to the members of the groups at sending time, each notified and mailed once', async () => {
    const admin = await person({ admin: true });
    const a = await person({ email: `letter-a-${Date.now()}@example.test` });
    const b = await person();
    const both = await person();
    const first = await groupOf(admin, [a, both]);
    const second = await groupOf(null, [b, both]);

    const letter = await sent(admin.session, { group_ids: [first.id, second.id], subject: 'Hausordnung' });
    expect(letter.circular_letter).toMatchObject({ subject: 'Hausordnung', acknowledged_count: 0 });
    const seen = await shown(a.session, letter.id);
    expect(seen.circular_letter).toMatchObject({
      subject: 'Hausordnung',
      recipient_count: 3,
      acknowledged_count: 0,
      i: { recipient: true, acknowledged: false, can: { acknowledge: true, see_acknowledgements: false } },
    });
    // The sender is no recipient of their own letter.
    expect((await shown(admin.session, letter.id)).circular_letter!.i).toMatchObject({
      recipient: false,
      can: { acknowledge: false, see_acknowledgements: true },
    });
    // Who joins later is no recipient.
    const late = await person();
    await t.services.groups.addMembers(networkId, [{ groupId: first.id, membershipId: late.membership.id }]);
    expect((await shown(late.session, letter.id)).circular_letter!.i.recipient).toBe(false);

    const notices = (await get(a.session, '/api/v1/notifications')).json<{
      notifications: Array<{ path?: string; subject?: { path?: string } }>;
    }>().notifications;
    expect(JSON.stringify(notices)).toContain(`/activities/${letter.id}`);
    await vi.waitFor(async () => expect((await t.services.mailer.outbox(a.user.email)).length).toBe(1), {
      timeout: 10_000,
      interval: 100,
    });
    const [mail] = await t.services.mailer.outbox(a.user.email);
    expect(mail!.subject).toContain('Hausordnung');
    expect(mail!.text).toContain('Neue Regeln für die Küche');
    expect(mail!.text).toContain(`/activities/${letter.id}`);
  });

  it('goes to all members when sent to everyone, in the network stream', async () => {
    const admin = await person({ admin: true });
    const someone = await person();
    const letter = await sent(admin.session, { to_all_network_members: true });
    expect(letter.activitystreams).toHaveLength(1);
    const info = (await shown(someone.session, letter.id)).circular_letter!;
    expect(info.i.recipient).toBe(true);
    expect(info.recipient_count).toBeGreaterThan(1);
  });
});

describe('acknowledging', () => {
  it('marks a recipient read once; the sender, network admins and group admins see who did', async () => {
    const [sender, admin, recipient, pending] = [
      await person(),
      await person({ admin: true }),
      await person(),
      await person(),
    ];
    const group = await groupOf(sender, [recipient, pending]);
    const letter = await sent(sender.session, { group_ids: [group.id] });

    expect((await acknowledge(recipient.session, letter.id)).statusCode).toBe(204);
    expect((await acknowledge(recipient.session, letter.id)).statusCode).toBe(204);
    // The sender reads it but received nothing to acknowledge.
    expect((await acknowledge(sender.session, letter.id)).statusCode).toBe(403);
    const info = (await shown(recipient.session, letter.id)).circular_letter!;
    expect(info).toMatchObject({ acknowledged_count: 1, recipient_count: 2 });
    expect(info.i).toMatchObject({ acknowledged: true, can: { acknowledge: false } });

    for (const who of [sender, admin]) {
      const response = await acknowledgements(who.session, letter.id);
      expect(response.statusCode, response.body).toBe(200);
      const list = response.json<CircularLetterAcknowledgements>();
      expect(list.acknowledged.map((m) => m.id)).toEqual([recipient.membership.id]);
      expect(list.acknowledged[0]!.acknowledged_at).toBeTruthy();
      expect(list.pending.map((m) => m.id)).toEqual([pending.membership.id]);
    }
    expect((await acknowledgements(recipient.session, letter.id)).statusCode).toBe(403);
  });

  it('answers 404 for a post that is no circular letter', async () => {
    const author = await person();
    const streams = (await get(author.session, '/activitystreams.json')).json<ActivitystreamList>();
    const stream = streams.categories.flatMap((c) => c.streams).find((s) => s.kind === 'network')!;
    const post = await t.app.inject({
      method: 'POST',
      url: '/api/v1/activities',
      headers: author.session.headers,
      payload: { activity: { content: '<p>Just a note</p>', activitystream_ids: [stream.id] } },
    });
    expect(post.statusCode, post.body).toBe(201);
    const id = post.json<Activity>().id;
    expect((await acknowledge(author.session, id)).statusCode).toBe(404);
    expect((await acknowledgements(author.session, id)).statusCode).toBe(404);
  });
});

describe('who can read it', () => {
  it('stays hidden from a member in none of its groups', async () => {
    const [sender, recipient, outsider] = [await person({ admin: true }), await person(), await person()];
    const group = await groupOf(null, [recipient]);
    const letter = await sent(sender.session, { group_ids: [group.id], subject: 'Nur für die Gruppe' });

    expect((await get(outsider.session, `/api/v1/activities/${letter.id}`)).statusCode).toBe(404);
    expect((await acknowledge(outsider.session, letter.id)).statusCode).toBe(404);
    expect((await acknowledgements(outsider.session, letter.id)).statusCode).toBe(404);
    const page = (await get(outsider.session, '/api/v1/activities')).json<ActivityPage>();
    expect(page.activities.map((a) => a.id)).not.toContain(letter.id);
    expect(JSON.stringify(page)).not.toContain('Nur für die Gruppe');
    expect(await t.services.mailer.outbox(outsider.user.email)).toHaveLength(0);
  });
});
