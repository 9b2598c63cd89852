import { Readable } from 'node:stream';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ADDRESS_PROFILE_FIELD } from '@agora/contracts';
import { invalidateInThisProcess } from '../platform/cache/index.ts';
import { newId } from '../platform/db/ids.ts';
import { largeEmail, seedLarge } from '../seed/index.ts';
import { seedLargeCalendars } from '../seed/large-calendars.ts';
import { seedLargeParticipation } from '../seed/large-participation.ts';
import { createTestApp, signIn, storeNetworkSettings, type Session, type TestApp } from '../testing/index.ts';
import { countQueries } from '../testing/query-counter.ts';

/**
 * No list grows its queries with its page: each list route of the API is called with a small
 * page (or where few items show) and a large one, on a network seeded with enough rows, and
 * sends no more SQL statements for the large page than for the small one. A list that loads
 * something per item (an N+1) fails here.
 *
 * Every GET route of the OpenAPI description is either a list below or named in NOT_LISTS, so
 * that a new list route fails the test until it is added.
 */

const PASSWORD = 'list-queries-password';
const ZONE = 'Europe/Berlin';

type Who = 'admin' | 'member';
type World = {
  networkId: string;
  memberIds: string[];
  groupId: string;
  groupSlug: string;
  categoryId: string;
  /** A closed group made by the join requests' fill. */
  guildId?: string;
  /** Whether the map's fill has turned the map on. */
  mapOn?: boolean;
  appointmentId: string;
  categorySlug: string;
  calendarIds: string[];
  /** Two of them, a group's among them (as in the large selection, whose groups are then loaded). */
  fewCalendarIds: string[];
  month: string;
};
/** A list route: the URLs of a small and of a large page, as whom, and where its items are. */
type ListCase = {
  route: string;
  as: Who;
  small: (w: World) => string;
  large: (w: World) => string;
};

const limited =
  (path: (w: World) => string, size: number, name = 'limit') =>
  (w: World) => {
    const base = path(w);
    return `${base}${base.includes('?') ? '&' : '?'}${name}=${size}`;
  };
const both = (route: string, as: Who, path: (w: World) => string, name = 'limit'): ListCase => ({
  route,
  as,
  small: limited(path, 2, name),
  large: limited(path, 20, name),
});
const month = (w: World, calendarIds: string[]) =>
  `date=${w.month}&view=sheet&type=month&time_zone=${encodeURIComponent(ZONE)}&calendar_ids=${calendarIds.join(',')}`;

const LISTS: ListCase[] = [
  both('GET /api/v1/invites', 'member', () => '/api/v1/invites?filter=appointments&status=open'),
  both('GET /api/v1/notifications', 'member', () => '/api/v1/notifications'),
  both('GET /api/v1/participations', 'member', () => '/api/v1/participations?status=upcoming'),
  // The member search lists nobody without a search text.
  both('GET /members', 'member', () => '/members?q=ann'),
  both('GET /groups/{slug}/members', 'member', (w) => `/groups/${w.groupSlug}/members?q=ann`),
  both('GET /directory', 'member', () => '/directory'),
  both('GET /api/v1/messages/recipients', 'member', () => '/api/v1/messages/recipients?q=ann'),
  both('GET /api/v1/messages/recipient_groups', 'member', () => '/api/v1/messages/recipient_groups'),
  both('GET /groups/{slug}/administration/members', 'admin', (w) => `/groups/${w.groupSlug}/administration/members`),
  both('GET /administration/members', 'admin', () => '/administration/members', 'per'),
  both('GET /appointments/{id}/participants', 'member', (w) => `/appointments/${w.appointmentId}/participants`),
  {
    route: 'GET /directory/members',
    as: 'member',
    // A page is 24 members: the last page holds the few left over.
    small: () => '/directory/members?page=3',
    large: () => '/directory/members?page=1',
  },
  {
    route: 'GET /appointments',
    as: 'member',
    small: (w) => `/appointments?${month(w, w.fewCalendarIds)}`,
    large: (w) => `/appointments?${month(w, w.calendarIds)}`,
  },
  {
    route: 'GET /appointments/participating',
    as: 'member',
    small: (w) => `/appointments/participating?${month(w, w.fewCalendarIds)}`,
    large: (w) => `/appointments/participating?${month(w, w.calendarIds)}`,
  },
  {
    route: 'GET /calendars',
    as: 'member',
    small: (w) => `/groups/${w.groupSlug}/calendars`,
    large: () => '/calendars',
  },
  {
    route: 'GET /groups/{slug}/calendars',
    as: 'member',
    small: (w) => `/groups/${w.groupSlug}/calendars`,
    large: (w) => `/groups/${w.groupSlug}/calendars`,
  },
  {
    route: 'GET /api/v1/userbar/groups',
    as: 'member',
    small: () => '/api/v1/userbar/groups',
    large: () => '/api/v1/userbar/groups',
  },
  {
    route: 'GET /api/v1/group-categories/{slug}/administration',
    as: 'admin',
    small: (w) => `/api/v1/group-categories/${w.categorySlug}/administration?limit=2`,
    large: (w) => `/api/v1/group-categories/${w.categorySlug}/administration?limit=20`,
  },
];

/**
 * The lists the large seed leaves empty and that take no page size: each is called with a few
 * rows (`fill(w, 2)`) and again after more are added (`fill(w, 20)`: the rows in all), and
 * must send no more statements the second time.
 */
type GrownCase = {
  route: string;
  as: Who;
  path: (w: World) => string;
  fill: (w: World, total: number) => Promise<void>;
  /** The rows in all for the second call: 20 unless the page would hold fewer. */
  large: number;
};
const numbered = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);
/** How many rows a fill has added already, per route: each adds only what is missing. */
const filled = new Map<string, number>();
const growing = (
  route: string,
  as: Who,
  path: (w: World) => string,
  add: (w: World, n: number[]) => Promise<unknown>,
  large = 20,
): GrownCase => ({
  route,
  as,
  path,
  large,
  fill: async (w, total) => {
    const done = filled.get(route) ?? 0;
    if (total > done) await add(w, numbered(done, total));
    filled.set(route, Math.max(done, total));
  },
});

async function post(who: Who, url: string, payload: object): Promise<void> {
  const response = await t.app.inject({ method: 'POST', url, headers: sessions.get(who)!.headers, payload });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
}
/** Direct messages from the admin to the member and two others (and the group, every other one). */
async function directMessages(w: World, n: number[]): Promise<void> {
  for (const i of n) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/messages',
      headers: sessions.get('admin')!.headers,
      payload: {
        to: [w.memberIds[1]!, w.memberIds[2 + (i % 5)]!, w.memberIds[8 + (i % 7)]!],
        to_group: i % 2 ? [w.groupId] : [],
        subject: `Message ${i}`,
        content: `<p>Text ${i}</p>`,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
  }
  await t.services.events.settled();
}
/** Posts of the admin in the network's stream, each mentioning and tagged, replied to and liked by the member. */
async function activityPosts(w: World, n: number[]): Promise<void> {
  const streamId = await t.services.activities.defaultStreamId(w.networkId);
  for (const i of n) {
    const mention = `<span data-type="mention" data-id="${w.memberIds[1]!}" data-label="M" data-marker="@">@M</span>`;
    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/v1/activities',
      headers: sessions.get('admin')!.headers,
      payload: {
        activity: {
          content: `<p>Post ${i} ${mention}</p>`,
          activitystream_ids: [streamId],
          tags: [`new_Tag ${i % 3}`],
        },
      },
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const id = posted.json<{ id: string }>().id;
    const headers = sessions.get('member')!.headers;
    const replied = await t.app.inject({
      method: 'POST',
      url: `/api/v1/activities/${id}/replies`,
      headers,
      payload: { content: `<p>Reply ${i}</p>` },
    });
    expect(replied.statusCode, replied.body).toBe(201);
    const liked = await t.app.inject({ method: 'POST', url: `/api/v1/activities/${id}/like`, headers });
    expect(liked.statusCode, liked.body).toBe(204);
  }
  await t.services.events.settled();
}
/** Replies of the member and the admin (every other one quoting the one before) under one post. */
let repliedActivityId: string | undefined;
async function activityReplies(w: World, n: number[]): Promise<void> {
  if (!repliedActivityId) {
    const created = await t.services.activities.createForActor(
      t.services.members.actorFor(
        (await t.services.members.findMany(w.networkId, [w.memberIds[0]!]))[0]!,
        'fill',
        null,
      ),
      {
        content: '<p>Replies here</p>',
        activitystream_ids: [await t.services.activities.defaultStreamId(w.networkId)],
      },
    );
    repliedActivityId = created.id;
  }
  let previous: string | null = null;
  for (const i of n) {
    const response: LightMyRequestResponse = await t.app.inject({
      method: 'POST',
      url: `/api/v1/activities/${repliedActivityId}/replies`,
      headers: sessions.get(i % 2 ? 'admin' : 'member')!.headers,
      payload: { content: `<p>Reply ${i}</p>`, quotedReplyId: i % 2 ? previous : null },
    });
    expect(response.statusCode, response.body).toBe(201);
    previous = response.json<{ id: string }>().id;
  }
}
/** Invitations by e-mail from the admin, to the group or (without one) to the network. */
const mailInvites = async (n: number[], name: string, prefix = '/administration') => {
  for (const i of n)
    await post('admin', `${prefix}/external_invites`, {
      external_invite: {
        subject: 'Join us',
        body: 'Hello there',
        group_ids: [],
        email: { email: `${name}-${i}@example.test` },
        first_name: 'Guest',
        last_name: `${i}`,
      },
    });
};
/** Invites members not in the group yet (nor invited) to it, as its admin. */
const groupInvites = async (w: World, count: number) => {
  const rows = (
    (await t.database.db.execute(sql`select m.id from memberships m where m.network_id = ${w.networkId}
      and m.id not in (select membership_id from group_memberships where group_id = ${w.groupId})
      and m.id not in (select membership_id from group_invites where group_id = ${w.groupId})
      order by m.id limit ${count}`)) as unknown as { rows: Array<{ id: string }> }
  ).rows;
  expect(rows).toHaveLength(count);
  await post('admin', `/groups/${w.groupSlug}/membership_invites`, {
    membership_invites: { membership_ids: rows.map((r) => r.id) },
  });
};

/** Turns the map on (once) and places members at addresses with known locations (no geocoder). */
const placed = new Set<string>();
async function place(w: World, membershipIds: string[]) {
  for (const id of membershipIds) placed.add(id);
  if (!w.mapOn) {
    const [current] = (
      (await t.database.db.execute(sql`select settings from networks where id = ${w.networkId}`)) as unknown as {
        rows: Array<{ settings: Record<string, unknown> | null }>;
      }
    ).rows;
    await storeNetworkSettings(t.database.db, w.networkId, {
      ...current?.settings,
      maps_enabled: true,
      map_scope_selection: 'all',
      zoom_level: 10,
      map_theme: 'alidade_smooth',
    });
    w.mapOn = true;
  }
  const entries = membershipIds.map((membershipId, i) => ({
    membershipId,
    address: { street: `Lindenallee ${i}`, number: '1', zip: '10115', city: 'Berlin', country: 'Deutschland' },
    location: { latitude: 52.5 + i / 1000, longitude: 13.4 },
  }));
  await t.services.members.mergeProfileValues(
    w.networkId,
    entries.map((e) => ({ id: e.membershipId, values: { [ADDRESS_PROFILE_FIELD]: e.address } })),
  );
  await t.services.maps.storeLocations(w.networkId, entries);
}

/** Calls the API as `who` and expects `status`; the answer's JSON. */
async function call<T>(who: Who, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, status = 200) {
  const response = await t.app.inject({
    method,
    url,
    headers: sessions.get(who)!.headers,
    ...(payload ? { payload } : {}),
  });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(status);
  return response.body ? response.json<T>() : (undefined as T);
}
/** One folder of the network's tree per list route, made by the admin (some requiring approval). */
const fileFolders = new Map<string, string>();
async function folderFor(w: World, route: string, requiresApproval = false): Promise<string> {
  const known = fileFolders.get(route);
  if (known) return known;
  const roots = await call<{ network: { id: string } }>('admin', 'GET', '/api/storage/folders/roots');
  const folder = await call<{ id: string }>(
    'admin',
    'POST',
    '/api/storage/folders',
    { folder: { name: route, parent_folder_id: roots.network.id, requires_approval: requiresApproval } },
    201,
  );
  fileFolders.set(route, folder.id);
  return folder.id;
}
/** Files added by the admin to the route's folder, each a report with a description. */
async function addFiles(w: World, route: string, n: number[], requiresApproval = false): Promise<string[]> {
  const folderId = await folderFor(w, route, requiresApproval);
  const ids: string[] = [];
  for (const i of n) {
    const upload = await t.services.storage.store({
      networkId: w.networkId,
      uploaderId: w.memberIds[0]!,
      directory: 'files',
      fileName: `Report ${i}.txt`,
      body: Readable.from([Buffer.from(`report ${i}`)]),
    });
    const added = await call<{ files: Array<{ id: string }> }>(
      'admin',
      'POST',
      '/api/v1/files',
      { files: [upload.id], folder_ids: [folderId], description: `Report number ${i}` },
      201,
    );
    ids.push(added.files[0]!.id);
  }
  await t.services.events.settled();
  return ids;
}

const GROWN: GrownCase[] = [
  // Profile change requests: each request of a member adds one to the open list (members and authors read at once).
  growing(
    'GET /administration/change_requests',
    'admin',
    () => '/administration/change_requests',
    async (w, n) => {
      await t.database.db.execute(
        sql`update networks set config = config || '{"change_requests_enabled": true}'::jsonb,
            settings = settings || '{"change_request_profile_fields": ["department"]}'::jsonb where id = ${w.networkId}`,
      );
      invalidateInThisProcess([`network:${w.networkId}`]);
      for (const i of n) {
        await t.database.db
          .execute(sql`insert into profile_change_requests (id, network_id, membership_id, author_id, values)
          values (${newId()}, ${w.networkId}, ${w.memberIds[i % 10]!}, ${w.memberIds[i % 7]!}, ${JSON.stringify({ department: `D${i}` })}::jsonb)`);
      }
    },
  ),
  // The member's ignored members: each ignore adds one to their list.
  growing(
    'GET /members/{id}/ignored',
    'member',
    (w) => `/members/${w.memberIds[1]!}/ignored`,
    async (w, n) => {
      for (const i of n) await post('member', `/members/${w.memberIds[20 + i]!}/ignore`, {});
    },
  ),
  // First: the map is turned on in the network's settings as they are then.
  growing(
    'GET /groups/{slug}/map',
    'member',
    (w) => `/groups/${w.groupSlug}/map`,
    async (w, n) => {
      const rows = (
        (await t.database.db.execute(sql`select membership_id as id from group_memberships
        where group_id = ${w.groupId} order by membership_id offset ${n[0]!} limit ${n.length}`)) as unknown as {
          rows: Array<{ id: string }>;
        }
      ).rows;
      expect(rows).toHaveLength(n.length);
      await place(
        w,
        rows.map((r) => r.id),
      );
    },
  ),
  growing(
    'GET /map/members',
    'member',
    () => '/map/members',
    async (w, n) => {
      const unplaced = w.memberIds.filter((id) => !placed.has(id)).slice(0, n.length);
      expect(unplaced).toHaveLength(n.length);
      await place(w, unplaced);
    },
  ),
  growing(
    'GET /administration/meeting_rooms',
    'admin',
    () => '/administration/meeting_rooms',
    (w, n) =>
      t.services.meetingRooms.seedMeetingRooms(
        w.networkId,
        n.map((i) => `Room ${i}`),
      ),
  ),
  // More rooms, for the appointment form's picker.
  growing(
    'GET /meeting_rooms',
    'member',
    () => '/meeting_rooms',
    async (w, n) => {
      await t.services.meetingRooms.seedMeetingRooms(
        w.networkId,
        n.map((i) => `Hall ${i}`),
      );
    },
  ),
  growing(
    'GET /administration/membership_roles',
    'admin',
    () => '/administration/membership_roles',
    (w, n) =>
      t.services.membershipRoles.create(
        w.networkId,
        n.map((i) => ({ name: `Role ${i}`, pluralName: `Roles ${i}` })),
      ),
  ),
  growing(
    'GET /groups/{slug}/administration/membership_roles',
    'admin',
    (w) => `/groups/${w.groupSlug}/administration/membership_roles`,
    (w, n) =>
      t.services.membershipRoles.create(
        w.networkId,
        n.map((i) => ({ groupId: w.groupId, name: `Group role ${i}`, pluralName: `Group roles ${i}` })),
      ),
  ),
  growing(
    'GET /administration/legal_texts',
    'admin',
    () => '/administration/legal_texts',
    async (w, n) => {
      for (const i of n)
        await t.services.legal.create(w.networkId, { name: `Text ${i}`, statement: 'Read it.', text: `<p>${i}</p>` });
    },
  ),
  growing(
    'GET /legal',
    'member',
    () => '/legal',
    async (w, n) => {
      for (const i of n)
        await t.services.legal.create(w.networkId, { name: `Rule ${i}`, statement: 'Read it.', text: `<p>${i}</p>` });
    },
  ),
  growing(
    'GET /administration/group-categories',
    'admin',
    () => '/administration/group-categories',
    (w, n) =>
      t.services.groups.createCategories(
        w.networkId,
        n.map((i) => ({ slug: `kind-${i}`, name: `Kind ${i}`, pluralName: `Kinds ${i}` })),
      ),
  ),
  // A tab of the directory: the groups of one category.
  growing(
    'GET /directory/{category}',
    'member',
    (w) => `/directory/${w.categorySlug}`,
    (w, n) =>
      t.services.groups.createGroups(
        w.networkId,
        n.map((i) => ({ groupCategoryId: w.categoryId, slug: `circle-${i}`, name: `Circle ${i}` })),
      ),
  ),
  growing(
    'GET /administration/group-categories/{slug}/admins',
    'admin',
    (w) => `/administration/group-categories/${w.categorySlug}/admins`,
    (w, n) =>
      t.services.groups.addCategoryAdmins(
        w.networkId,
        n.map((i) => ({ groupCategoryId: w.categoryId, membershipId: w.memberIds[i + 2]! })),
      ),
  ),
  growing(
    'GET /appointments/categories',
    'member',
    () => '/appointments/categories',
    (w, n) =>
      t.services.appointments.createCategories(
        w.networkId,
        n.map((i) => `Label ${i}`),
        100 + n[0]!,
      ),
  ),
  // The invitations by e-mail the admin sends show in the outbox, in the admin's own list and
  // in the network's, 25 a page: these fill 10, 10 and 20 of them, in this order.
  growing(
    'GET /api/v1/administration/mails',
    'admin',
    () => '/api/v1/administration/mails',
    async (_, n) => {
      await mailInvites(n, 'mailed');
      // The invitations' mails are written by a processor and sent by a job.
      await t.services.events.settled();
      await t.services.jobs.settled();
    },
    10,
  ),
  growing(
    'GET /external_invites/sent',
    'admin',
    () => '/external_invites/sent',
    (_, n) => mailInvites(n, 'sent'),
    10,
  ),
  growing(
    'GET /administration/external_invites',
    'admin',
    () => '/administration/external_invites',
    (_, n) => mailInvites(n, 'network'),
  ),
  growing(
    'GET /groups/{slug}/external_invites',
    'admin',
    (w) => `/groups/${w.groupSlug}/external_invites`,
    (w, n) => mailInvites(n, 'group', `/groups/${w.groupSlug}`),
  ),
  // Members the admin removes from the group: an entry each (which leaves room to invite them below).
  growing(
    'GET /administration/audit_log',
    'admin',
    () => '/administration/audit_log',
    async (w, n) => {
      const rows = (
        (await t.database.db.execute(sql`select membership_id as id from group_memberships
        where group_id = ${w.groupId} and role <> 'admin'
        and membership_id not in (${w.memberIds[0]!}, ${w.memberIds[1]!})
        order by membership_id limit ${n.length}`)) as unknown as { rows: Array<{ id: string }> }
      ).rows;
      expect(rows).toHaveLength(n.length);
      for (const { id } of rows) {
        const response = await t.app.inject({
          method: 'DELETE',
          url: `/groups/${w.groupSlug}/administration/members/${id}`,
          headers: sessions.get('admin')!.headers,
        });
        expect(response.statusCode, response.body).toBe(204);
      }
      await t.services.events.settled();
    },
  ),
  // The admin's invitations to the group: 10 in the admin's list, then 20 more in the group's.
  growing(
    'GET /invites/sent',
    'admin',
    () => '/invites/sent',
    (w, n) => groupInvites(w, n.length),
    10,
  ),
  growing(
    'GET /groups/{slug}/invites/sent',
    'admin',
    (w) => `/groups/${w.groupSlug}/invites/sent`,
    (w, n) => groupInvites(w, n.length),
  ),
  // Direct messages from the admin to the member, each to a few others and the walked group too.
  growing(
    'GET /api/v1/messages',
    'member',
    () => '/api/v1/messages?limit=50',
    (w, n) => directMessages(w, n),
  ),
  growing(
    'GET /api/v1/messages/sent',
    'admin',
    () => '/api/v1/messages/sent?limit=50',
    (w, n) => directMessages(w, n),
  ),
  // Activities: the all stream, what a member liked, the replies of one post.
  growing(
    'GET /api/v1/activities',
    'member',
    () => '/api/v1/activities?limit=50',
    (w, n) => activityPosts(w, n),
  ),
  growing(
    'GET /api/v1/members/{id}/likes',
    'admin',
    (w) => `/api/v1/members/${w.memberIds[1]!}/likes?limit=50`,
    (w, n) => activityPosts(w, n),
  ),
  growing(
    'GET /api/v1/activities/{id}/{type}',
    'member',
    () => `/api/v1/activities/${repliedActivityId ?? '000000000000000000000000'}/replies`,
    (w, n) => activityReplies(w, n),
  ),
  // The network's navigation is saved as a whole: each fill saves all its items, public ones.
  ...(
    [
      ['GET /administration/navigation', 'admin', '/administration/navigation'],
      ['GET /api/v1/navigation', 'member', '/api/v1/navigation'],
      ['GET /api/v1/public_navigation', 'member', '/api/v1/public_navigation'],
    ] as const
  ).map(([route, as, path]) =>
    growing(
      route,
      as,
      () => path,
      async (_, n) => {
        const navigation_items = numbered(0, n.at(-1)! + 1).map((i) => ({
          text: `Link ${i}`,
          link: `/pages/link-${i}`,
          public: true,
          new_window: false,
          navigation_items: [],
        }));
        const response = await t.app.inject({
          method: 'PUT',
          url: '/administration/navigation',
          headers: sessions.get('admin')!.headers,
          payload: { navigation_items },
        });
        expect(response.statusCode, response.body).toBe(200);
      },
    ),
  ),
  growing(
    'GET /administration/registrations',
    'admin',
    () => '/administration/registrations',
    (w, n) =>
      t.services.registrations.addPending(
        w.networkId,
        n.map((i) => ({
          email: `applicant-${i}@example.test`,
          firstName: 'Applicant',
          lastName: `${i}`,
          passwordHash: 'not-a-hash',
        })),
      ),
  ),
  // Members who ask to join a closed group (made on the first fill).
  growing(
    'GET /groups/{slug}/administration/join_requests',
    'admin',
    () => '/groups/guild/administration/join_requests',
    async (w, n) => {
      if (n[0] === 0) {
        const [guild] = await t.services.groups.createGroups(w.networkId, [
          { groupCategoryId: w.categoryId, slug: 'guild', name: 'Guild', access: 'closed' },
        ]);
        await t.services.groups.addMembers(w.networkId, [
          { groupId: guild!.id, membershipId: w.memberIds[0]!, role: 'admin' },
        ]);
        w.guildId = guild!.id;
      }
      const members = await t.services.members.findMany(
        w.networkId,
        n.map((i) => w.memberIds[i + 2]!),
      );
      for (const member of members)
        expect(await t.services.groups.join(t.services.members.actorFor(member, '', null), w.guildId!)).toBe(
          'in_moderation',
        );
    },
  ),
  // Files: a folder's listing, its search, the approval list, the review status list, the reviewers.
  growing(
    'GET /api/storage/folders/{id}',
    'member',
    () => `/api/storage/folders/${fileFolders.get('listing')!}?limit=1000`,
    (w, n) => addFiles(w, 'listing', n),
  ),
  growing(
    'GET /api/storage/folders/{id}/search',
    'member',
    () => `/api/storage/folders/${fileFolders.get('search')!}/search?q=report`,
    (w, n) => addFiles(w, 'search', n),
  ),
  growing(
    'GET /api/storage/folders/{folderId}/files/approval',
    'admin',
    () => `/api/storage/folders/${fileFolders.get('approval')!}/files/approval`,
    async (w, n) => {
      // The member, who reviews nothing, uploads a new version of each: it waits for approval.
      for (const fileId of await addFiles(w, 'approval', n, true)) {
        const upload = await t.services.storage.store({
          networkId: w.networkId,
          uploaderId: w.memberIds[1]!,
          directory: 'files',
          fileName: 'Report v2.txt',
          body: Readable.from([Buffer.from('second')]),
        });
        await call('member', 'POST', `/api/storage/files/${fileId}/versions`, { upload_id: upload.id });
      }
      await t.services.events.settled();
    },
  ),
  growing(
    'GET /api/storage/v2/files',
    'admin',
    (w) => `/api/storage/v2/files?context_id=${w.networkId}&context_type=network&query=reviewed`,
    async (w, n) => {
      for (const fileId of await addFiles(w, 'reviewed', n)) {
        await call(
          'admin',
          'PUT',
          `/api/storage/files/${fileId}/review_status`,
          {
            insertions: 1,
            deletions: 2,
            changes: 3,
            comments: 4,
          },
          204,
        );
      }
    },
  ),
  growing(
    'GET /api/storage/reviewers',
    'admin',
    (w) => `/api/storage/reviewers?context_type=network&context_id=${w.networkId}`,
    async (w, n) => {
      const last = n[n.length - 1]! + 1;
      await call(
        'admin',
        'PUT',
        `/api/storage/reviewers?context_type=network&context_id=${w.networkId}`,
        { membership_ids: w.memberIds.slice(2, 2 + last) },
        200,
      );
    },
  ),
  // Last: texts to accept ask every member before going on.
  growing(
    'GET /api/v1/legal_texts/pending',
    'member',
    () => '/api/v1/legal_texts/pending',
    async (w, n) => {
      for (const i of n)
        await t.services.legal.create(w.networkId, {
          name: `Terms ${i}`,
          statement: 'Accept it.',
          text: `<p>${i}</p>`,
          requiresAcceptance: true,
        });
    },
  ),
];

/**
 * The list routes this test cannot fill, still called once each: the navigation's pages and apps
 * are always empty (there is no pages module yet); failed deliveries need a processor that fails.
 */
const UNFILLED: Array<{ route: string; as: Who; path: (w: World) => string; status?: number }> = [
  { route: 'GET /administration/pages', as: 'admin', path: () => '/administration/pages' },
  { route: 'GET /administration/apps', as: 'admin', path: () => '/administration/apps' },
  {
    route: 'GET /api/v1/administration/event_failures',
    as: 'admin',
    path: () => '/api/v1/administration/event_failures',
  },
];

/** GET routes that answer one object, a file or a page of the web app: no list to count. */
const NOT_LISTS = new Set([
  // A member has at most one factor of each type: the list cannot grow.
  'GET /api/v1/authentication/factors',
  'GET /api/v1/authentication/factors/new',
  'GET /api/v1/property_sets/{name}',
  'GET /imprint',
  'GET /legal/{handle}',
  'GET /administration/legal_texts/{id}',
  'GET /administration/imprint/edit',
  'GET /api/v1/groups/new',
  'GET /api/v1/groups/{slug}',
  'GET /administration/group-categories/{slug}',
  'GET /api/v1/network',
  'GET /api/v1/network/sign_in',
  'GET /administration/settings',
  'GET /api/v1/administration/design',
  'GET /members/{id}',
  'GET /api/v1/session',
  'GET /members/{id}/locale_settings',
  // The profile form: one member, the network's properties; the change request form likewise.
  'GET /change_requests/new',
  'GET /members/{id}/edit',
  'GET /onboarding/profile',
  'GET /api/v1/users/authentication_token',
  // One object; its `groups` (the digest picker) are read in one query however many.
  'GET /members/{id}/settings',
  'GET /api/v1/users/registration',
  'GET /api/v1/devices/{deviceId}/settings',
  'GET /api/v1/devices/web-push-key',
  'GET /api/v1/get-web-token',
  'GET /api/v1/web-session',
  'GET /api/v1/calendars/context',
  'GET /calendars/{id}',
  'GET /external_invites/settings',
  'GET /appointments/{id}',
  'GET /appointments/{id}/contact',
  'GET /appointments/{id}/attendees.csv',
  'GET /appointments/{id}/attendees.xlsx',
  'GET /appointments.ics',
  'GET /appointments/participating.ics',
  'GET /calendars/my/appointments.ics',
  'GET /calendars/shared/appointments.ics',
  'GET /calendars/all/appointments.ics',
  'GET /calendars/{id}/appointments.ics',
  'GET /appointments/{id}.ics',
  'GET /api/v1/administration/audit_log',
  'GET /administration/members/options',
  'GET /administration/members/{id}',
  'GET /administration/members/{id}/group-memberships',
  'GET /users/sign_up',
  'GET /altcha/challenge',
  'GET /invitations/{token}',
  'GET /api/v1/groups/{slug}/navigation',
  'GET /groups/{slug}/administration/pages',
  'GET /groups/{slug}/administration/apps',
  'GET /groups/{slug}/administration/navigation',
  'GET /administration/app_navigation',
  'GET /api/v1/unreads',
  'GET /api/v1/messages/{id}',
  // One activity; the stream list (one query of the member's groups however many); the tag
  // search (a page of 20 at most, one statement); the unread counts (one statement for all streams).
  'GET /api/v1/activities/{id}',
  'GET /activitystreams',
  'GET /tags/find',
  'GET /unreads/activities',
  'GET /unreads/features',
  'GET /unreads/folders',
  // One file; a folder listing, the roots and a file's versions are presented in a fixed number of
  // statements whatever their size (path, subfolders, files, counts, the files' folders, authors,
  // stored objects and pending versions each in one); the roots make missing ones only once.
  'GET /api/storage/files/{id}',
  'GET /api/storage/files/{id}/versions',
  'GET /files/{fileId}/{type}/actions',
  'GET /api/storage/files/{id}/{type}/host/{action}',
  'GET /api/storage/folders/{id}/export',
  'GET /api/storage/folders/roots',
  // A circular letter's recipients with their names: two statements however many there are.
  'GET /api/v1/activities/{id}/acknowledgements',
  // Search answers pages of a fixed size (20, or 5 per module in the overview) in a fixed number
  // of statements: the keys of each module, one for the page and totals, one for the highlights,
  // and each module's presentation of its hits in a batch.
  'GET /search',
  'GET /groups/{slug}/search',
  // The translation service's languages (kept per process, no query) and one object's translation.
  'GET /translations/languages',
  'GET /translations/{lang}/{type}/{id}',
  'GET /api/v1/administration/mails/{id}',
  'GET /api/storage/files/{id}/token',
  'GET /api/storage/files/{id}/get/{name}',
  'GET /api/storage/v2/discover',
  'GET /api/storage/images/{id}/get/{size}',
  'GET /api/storage/assets/{id}/preview',
]);

/** The number of items of a list answer: the array itself, or its longest array field. */
function itemsOf(body: unknown): number {
  if (Array.isArray(body)) return body.length;
  if (!body || typeof body !== 'object') return 0;
  let most = 0;
  for (const value of Object.values(body)) {
    if (Array.isArray(value)) most = Math.max(most, value.length);
    else if (value && typeof value === 'object') most = Math.max(most, itemsOf(value));
  }
  return most;
}

let t: TestApp;
let world: World;
const sessions = new Map<Who, Session>();

beforeAll(async () => {
  // The fills below write more than a member's burst of writes.
  t = await createTestApp({ WRITE_BURST: '1000' });
  const { network, memberIds } = await seedLarge(t.services, { members: 60, groups: 8, password: PASSWORD });
  const now = new Date();
  const calendars = await seedLargeCalendars(t.services, network.id, { memberIds, singles: 1500, series: 20, now });
  await seedLargeParticipation(t.services, network.id, {
    memberIds,
    appointments: 40,
    invitesPerAppointment: 30,
    groupSize: 30,
    now,
  });
  sessions.set('admin', await signIn(t.app, largeEmail(0), PASSWORD));
  sessions.set('member', await signIn(t.app, largeEmail(1), PASSWORD));
  const first = async (query: ReturnType<typeof sql>) =>
    String(((await t.database.db.execute(query)) as unknown as { rows: Array<{ id: string }> }).rows[0]!.id);
  const me = memberIds[1]!;
  const group = (
    (await t.database.db.execute(sql`select g.id, g.slug from groups g
      join group_memberships m on m.group_id = g.id and m.membership_id = ${memberIds[1]!}
      where g.network_id = ${network.id} order by g.id limit 1`)) as unknown as {
      rows: Array<{ id: string; slug: string }>;
    }
  ).rows[0]!;
  world = {
    networkId: network.id,
    memberIds,
    groupId: group.id,
    categoryId: await first(sql`select id from group_categories
      where network_id = ${network.id} order by position, id limit 1`),
    groupSlug: await first(sql`select g.slug as id from groups g
      join group_memberships m on m.group_id = g.id and m.membership_id = ${me}
      where g.network_id = ${network.id} order by g.id limit 1`),
    appointmentId: await first(sql`select p.appointment_id as id from appointment_participants p
      join appointments a on a.id = p.appointment_id where a.network_id = ${network.id}
      group by 1 order by count(*) desc limit 1`),
    categorySlug: await first(sql`select slug as id from group_categories
      where network_id = ${network.id} order by position, id limit 1`),
    calendarIds: calendars.selectedCalendarIds,
    fewCalendarIds: [
      await first(sql`select id from calendars where type = 'group'
        and id in (${sql.join(
          calendars.selectedCalendarIds.map((id) => sql`${id}`),
          sql`, `,
        )}) order by id limit 1`),
      ...calendars.selectedCalendarIds,
    ]
      .filter((id, index, all) => all.indexOf(id) === index)
      .slice(0, 2),
    month: now.toISOString().slice(0, 10),
  };
}, 300_000);
afterAll(() => t?.close());

async function measure(who: Who, url: string): Promise<{ status: number; items: number; count: number }> {
  const headers = { ...sessions.get(who)!.headers, accept: 'application/json' };
  // A request before, so that the session the request path caches per process is in the cache
  // for both; not the list itself, whose own caches (the month sheet's) would hide its queries.
  await t.app.inject({ url: '/api/v1/session', headers });
  let status = 0;
  let items = 0;
  const { count } = await countQueries(t.database, async () => {
    const response = await t.app.inject({ url, headers });
    status = response.statusCode;
    items = status === 200 ? itemsOf(response.json()) : 0;
  });
  return { status, items, count };
}

describe('list queries', () => {
  it('knows every GET route of the API: a list to count or named as no list', () => {
    const spec = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const known = new Set([
      ...LISTS.map((c) => c.route),
      ...UNFILLED.map((c) => c.route),
      ...GROWN.map((c) => c.route),
      ...NOT_LISTS,
    ]);
    const unknown = Object.entries(spec.paths)
      .filter(([, operations]) => 'get' in operations)
      .map(([path]) => `GET ${path}`)
      .filter((route) => !known.has(route));
    expect(unknown, 'a new GET route: add it to LISTS (a list) or NOT_LISTS').toEqual([]);
  });

  it.each(LISTS.map((c) => [c.route, c] as const))('%s sends no more statements for a larger page', async (_, c) => {
    const small = await measure(c.as, c.small(world));
    const large = await measure(c.as, c.large(world));
    expect(small.status, c.small(world)).toBe(200);
    expect(large.status, c.large(world)).toBe(200);
    if (c.small(world) !== c.large(world)) expect(large.items).toBeGreaterThan(small.items);
    expect(large.items).toBeGreaterThan(0);
    // The counter sees the list's statements at all (on either driver).
    expect(large.count).toBeGreaterThan(0);
    expect(
      large.count,
      `${c.route}: ${small.items} items in ${small.count} statements, ${large.items} in ${large.count}`,
    ).toBeLessThanOrEqual(small.count);
  });

  it.each(UNFILLED.map((c) => [c.route, c] as const))('%s answers', async (_, c) => {
    const answer = await measure(c.as, c.path(world));
    expect(answer.status, c.path(world)).toBe(c.status ?? 200);
  });

  it.each(GROWN.map((c) => [c.route, c] as const))('%s sends no more statements for more rows', async (_, c) => {
    await c.fill(world, 2);
    const small = await measure(c.as, c.path(world));
    await c.fill(world, c.large);
    const large = await measure(c.as, c.path(world));
    expect(small.status, c.path(world)).toBe(200);
    expect(large.status, c.path(world)).toBe(200);
    expect(large.items).toBeGreaterThan(small.items);
    expect(large.count).toBeGreaterThan(0);
    expect(
      large.count,
      `${c.route}: ${small.items} items in ${small.count} statements, ${large.items} in ${large.count}`,
    ).toBeLessThanOrEqual(small.count);
  });
});
