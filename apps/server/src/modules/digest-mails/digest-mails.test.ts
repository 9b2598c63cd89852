import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NetworkSettings } from '@agora/contracts';
import { startMailbox } from '../../testing/mailbox.ts';
import { createNetwork, createTestApp, signedInMember, type Session, type TestApp } from '../../testing/index.ts';
import { localTime } from './slots.ts';

let t: TestApp;
let mailbox: Awaited<ReturnType<typeof startMailbox>>;
let network: { id: string; name: string; language: string };
let streamId: string;
let team: { id: string };
let hidden: { id: string };

type Person = Awaited<ReturnType<typeof signedInMember>>;
let anna: Person; // writes in Team and the network's stream
let ben: Person; // Team and Hidden
let clara: Person; // no group
let hal: Person; // Hidden
let guest: Person; // external, Team
let dora: Person; // Team, ignores Anna
let eve: Person; // Team, digests off
let adam: Person; // network administrator, no group
let locked: Person;
let bounced: Person;

const HOUR = 60 * 60 * 1000;

/** The first moment after `after` at which the network's clock shows `hour`:00. */
function nextLocal(after: Date, hour: number, weekday?: number): Date {
  let at = Math.floor(after.getTime() / HOUR) * HOUR + HOUR;
  for (;;) {
    const local = localTime(new Date(at));
    if (local.hour === hour && (weekday === undefined || local.weekday === weekday)) return new Date(at);
    at += HOUR;
  }
}

const person = (options: Parameters<typeof signedInMember>[3] = {}) =>
  signedInMember(t.app, t.services, network.id, options);
const inject = (session: Session, method: 'POST' | 'PUT', url: string, payload: object) =>
  t.app.inject({ method, url, headers: session.headers, payload });

let group = 0;
async function groupOf(access: 'open' | 'hidden', members: Person[]) {
  const [row] = await t.services.groups.createGroups(network.id, [
    { groupCategoryId: categoryId, slug: `digest-${++group}`, name: access === 'open' ? 'Team' : 'Hidden', access },
  ]);
  await t.services.groups.addMembers(
    network.id,
    members.map((m) => ({ groupId: row!.id, membershipId: m.membership.id })),
  );
  return row!;
}
let categoryId: string;

/** A post written at `at`, to the network's stream or a group's. */
async function post(author: Person, text: string, to: string, at: Date) {
  const actor = t.services.members.actorFor(author.membership, 'test', null);
  return t.services.activities.createForActor(actor, { content: `<p>${text}</p>`, activitystream_ids: [to] }, { at });
}

const settings = (change: Partial<NetworkSettings>) => t.services.networks.updateSettings(network.id, change);

/** The mails that arrived for a member since the last look. */
const seen = new Map<string, number>();
async function newMails(p: Person) {
  await t.services.jobs.settled();
  const all = mailbox.mails.filter((m) => m.to.includes(p.user.email));
  const from = seen.get(p.user.email) ?? 0;
  seen.set(p.user.email, all.length);
  return all.slice(from);
}
async function oneMail(p: Person) {
  const mails = await newMails(p);
  expect(mails).toHaveLength(1);
  return mails[0]!.text;
}

let slot0: Date;

beforeAll(async () => {
  mailbox = await startMailbox();
  t = await createTestApp({ SMTP_URL: mailbox.url });
  network = await createNetwork(t.services, { name: 'Digest Network' });
  const [category] = await t.services.groups.createCategories(network.id, [
    { slug: 'teams', name: 'Team', pluralName: 'Teams' },
  ]);
  categoryId = category!.id;
  streamId = await t.services.activities.defaultStreamId(network.id);
  [anna, ben, clara, hal, guest, dora, eve, adam, locked, bounced] = await Promise.all([
    person({ firstName: 'Anna', lastName: 'Author' }),
    person({ firstName: 'Ben' }),
    person({ firstName: 'Clara' }),
    person({ firstName: 'Hal' }),
    person({ firstName: 'Gus', external: true }),
    person({ firstName: 'Dora' }),
    person({ firstName: 'Eve' }),
    person({ firstName: 'Adam', admin: true }),
    person({ firstName: 'Lou' }),
    person({ firstName: 'Bo' }),
  ]);
  team = await groupOf('open', [anna, ben, guest, dora, eve, locked, bounced]);
  hidden = await groupOf('hidden', [ben, hal]);
  await t.services.members.setLocked(network.id, locked.membership.id, true);
  await t.services.memberSettings.reportBounces(network, [bounced.user.email]);
  expect((await inject(dora.session, 'POST', `/members/${anna.membership.id}/ignore`, {})).statusCode).toBe(200);
  const off = { settings: { email_digests: { enabled: false } } };
  expect((await inject(eve.session, 'PUT', `/members/${eve.membership.id}/settings`, off)).statusCode).toBe(200);
  await settings({
    digest_sending_days: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, time: 'am' as const })),
    digests: { max_number_of_upcoming_appointments: 5, upcoming_appointments_position: 'top', show_comments: true },
    daily_activity: {
      enabled: true,
      include_network_level: false,
      mode: 'new',
      sending_time: 'pm',
      only_weekdays: true,
    },
  });
  slot0 = nextLocal(new Date(), 7);
}, 60_000);
afterAll(async () => {
  await t.close();
  await mailbox.close();
});

describe('the periodic digest', () => {
  it('lists what each member may read and is new to them, with their upcoming appointments, to those who want it', async () => {
    const before = new Date(slot0.getTime() - HOUR);
    await post(anna, 'Team news', team.id, before);
    await post(hal, 'Secret plans', hidden.id, before);
    await post(anna, 'Network news', streamId, before);
    await post(hal, 'Hello from Hal', streamId, before);
    await post(ben, 'Written by Ben', team.id, before);
    await post(anna, 'Ancient history', team.id, new Date(slot0.getTime() - 20 * 24 * HOUR));
    const revived = await post(anna, 'Revived topic', team.id, new Date(slot0.getTime() - 20 * 24 * HOUR));
    const replied = await inject(clara.session, 'POST', `/api/v1/activities/${revived.id}/replies`, {
      content: '<p>Still relevant</p>',
    });
    // Clara reads the team's stream (an open group) though she gets no digest of it.
    expect(replied.statusCode, replied.body).toBe(201);
    const [calendar] = await t.services.calendars.createMany(network.id, [
      { type: 'personal', name: 'Ben', color: '2f9e44', ownerId: ben.membership.id, authorId: ben.membership.id },
    ]);
    const day = localTime(new Date(slot0.getTime() + 2 * 24 * HOUR)).date;
    const appointment = await inject(ben.session, 'POST', '/appointments', {
      appointment: {
        name: 'Planning meeting',
        calendar_ids: [calendar!.id],
        date: { start: `${day}T10:00`, end: `${day}T11:00`, all_day: false, time_zone: 'Europe/Berlin' },
      },
    });
    expect(appointment.statusCode, appointment.body).toBe(201);
    await t.services.events.settled();

    expect(await t.services.digestMails.runSlot(slot0)).toEqual({ digest: 7, daily: 0 });

    const forBen = await oneMail(ben);
    for (const text of ['Hello Ben,', 'Team news', 'Secret plans', 'Network news', 'Hello from Hal', 'Revived topic']) {
      expect(forBen).toContain(text);
    }
    expect(forBen).toContain('Clara Member');
    expect(forBen).toContain('Still relevant');
    expect(forBen).not.toContain('Written by Ben');
    expect(forBen).not.toContain('Ancient history');
    // The appointments above the posts (position top), dated as dates display.
    expect(forBen).toContain(`${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)} 10:00 Planning meeting`);
    expect(forBen.indexOf('Planning meeting')).toBeLessThan(forBen.indexOf('Team news'));

    const forClara = await oneMail(clara);
    expect(forClara).toContain('Network news');
    expect(forClara).not.toContain('Team news');
    expect(forClara).not.toContain('Secret plans');
    expect(forClara).not.toContain('Revived topic');

    const forAdam = await oneMail(adam);
    expect(forAdam).toContain('Network news');
    expect(forAdam).not.toContain('Secret plans');

    const forGuest = await oneMail(guest);
    expect(forGuest).toContain('Team news');
    expect(forGuest).not.toContain('Network news');

    const forDora = await oneMail(dora);
    expect(forDora).toContain('Hello from Hal');
    expect(forDora).not.toContain('Team news');
    expect(forDora).not.toContain('Network news');

    const forHal = await oneMail(hal);
    expect(forHal).toContain('Network news');
    expect(forHal).not.toContain('Secret plans');
    // Anna gets the posts of others only: Hal's greeting.
    expect(await oneMail(anna)).toContain('Hello from Hal');

    for (const nobody of [eve, locked, bounced]) expect(await newMails(nobody)).toEqual([]);
  });

  it('goes out once per slot, however often or at once the hour is run', async () => {
    expect(await t.services.digestMails.runSlot(slot0)).toEqual({ digest: 0, daily: 0 });
    const slot1 = nextLocal(slot0, 7);
    await post(anna, 'Tuesday news', streamId, new Date(slot1.getTime() - HOUR));
    const runs = await Promise.all([t.services.digestMails.runSlot(slot1), t.services.digestMails.runSlot(slot1)]);
    // Ben, Clara, Hal and Adam read the network's stream; Dora ignores Anna, the guest reads no network stream.
    expect(runs[0]!.digest + runs[1]!.digest).toBe(4);
    const forClara = await oneMail(clara);
    expect(forClara).toContain('Tuesday news');
    // Only what is new since the last digest.
    expect(forClara).not.toContain('Network news');
    expect(await newMails(ben)).toHaveLength(1);
  });

  it('sends nothing when nothing is new, nor at hours and days the settings do not name', async () => {
    const slot2 = nextLocal(nextLocal(slot0, 7), 7);
    expect(await t.services.digestMails.runSlot(slot2)).toEqual({ digest: 0, daily: 0 });
    await post(anna, 'Late news', streamId, new Date(slot2.getTime() + HOUR));
    expect(await t.services.digestMails.runSlot(nextLocal(slot2, 13))).toEqual({ digest: 0, daily: 0 });
    await settings({ digest_sending_days: [] });
    expect(await t.services.digestMails.runSlot(nextLocal(slot2, 7))).toEqual({ digest: 0, daily: 0 });
    await settings({ digest_sending_days: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, time: 'am' as const })) });
    expect(await newMails(clara)).toEqual([]);
  });

  it("keeps to the member's groups and network level, and to the network's appointments and comments settings", async () => {
    const choice = { settings: { email_digests: { group_ids: [team.id], include_network_level: false } } };
    expect((await inject(ben.session, 'PUT', `/members/${ben.membership.id}/settings`, choice)).statusCode).toBe(200);
    await settings({
      digests: {
        max_number_of_upcoming_appointments: 0,
        upcoming_appointments_position: 'bottom',
        show_comments: false,
      },
    });
    const slot = nextLocal(new Date(slot0.getTime() + 3 * 24 * HOUR), 7);
    const before = new Date(slot.getTime() - HOUR);
    await post(anna, 'Team only', team.id, before);
    await post(hal, 'Hidden again', hidden.id, before);
    await post(anna, 'Network again', streamId, before);
    await t.services.digestMails.runSlot(slot);
    const forBen = await oneMail(ben);
    expect(forBen).toContain('Team only');
    expect(forBen).not.toContain('Hidden again');
    expect(forBen).not.toContain('Network again');
    expect(forBen).not.toContain('Planning meeting');
    const forClara = await oneMail(clara);
    expect(forClara).toContain('Network again');
    expect(forClara).toContain('Late news');
  });
});

describe('the daily activity mail', () => {
  it("lists the day's new posts of the member's groups on weekdays at the sending time", async () => {
    const weekday = nextLocal(new Date(slot0.getTime() + 7 * 24 * HOUR), 13, 3);
    await post(hal, 'Midday in hidden', hidden.id, new Date(weekday.getTime() - HOUR));
    await post(anna, 'Midday on the network', streamId, new Date(weekday.getTime() - HOUR));
    await post(anna, 'Yesterday morning', team.id, new Date(weekday.getTime() - 30 * HOUR));
    expect((await t.services.digestMails.runSlot(weekday)).daily).toBeGreaterThan(0);
    const forBen = await oneMail(ben);
    expect(forBen).toContain('Midday in hidden');
    // The network level is off for the daily mail, and yesterday's post was before the day.
    expect(forBen).not.toContain('Midday on the network');
    expect(forBen).not.toContain('Yesterday morning');
    expect(await newMails(clara)).toEqual([]);

    const saturday = nextLocal(weekday, 13, 6);
    await post(hal, 'Weekend post', hidden.id, new Date(saturday.getTime() - HOUR));
    expect((await t.services.digestMails.runSlot(saturday)).daily).toBe(0);
    await settings({
      daily_activity: {
        enabled: false,
        include_network_level: true,
        mode: 'new',
        sending_time: 'pm',
        only_weekdays: false,
      },
    });
    expect((await t.services.digestMails.runSlot(nextLocal(saturday, 13))).daily).toBe(0);
    expect(await newMails(ben)).toEqual([]);
  });

  it('in the mode new_and_updated, lists older posts edited or replied to in the day too', async () => {
    await settings({
      daily_activity: {
        enabled: true,
        include_network_level: false,
        mode: 'new_and_updated',
        sending_time: 'pm',
        only_weekdays: false,
      },
    });
    const slot = nextLocal(new Date(), 13);
    const older = new Date(slot.getTime() - 3 * 24 * HOUR);
    const edited = await post(ben, 'Draft agenda', team.id, older);
    const discussed = await post(ben, 'Open question', team.id, older);
    await post(ben, 'Untouched post', team.id, older);
    const update = await inject(ben.session, 'PUT', `/api/v1/activities/${edited.id}`, {
      activity: { content: '<p>Final agenda</p>' },
    });
    expect(update.statusCode, update.body).toBe(200);
    const replied = await inject(guest.session, 'POST', `/api/v1/activities/${discussed.id}/replies`, {
      content: '<p>My answer</p>',
    });
    expect(replied.statusCode, replied.body).toBe(201);
    await t.services.digestMails.runSlot(slot);
    const forDora = await oneMail(dora);
    expect(forDora).toContain('Final agenda');
    expect(forDora).toContain('(updated)');
    expect(forDora).toContain('Open question');
    expect(forDora).toContain('Gus Member');
    expect(forDora).toContain('My answer');
    expect(forDora).not.toContain('Untouched post');
  });
});
