import { sql } from 'drizzle-orm';
import { hashPassword } from '../platform/auth/passwords.ts';
import { openBenchApp } from './bench-app.ts';

export type ActivityPageFigure = { name: string; requests: number; p50Ms: number; p99Ms: number; items: number };

export type ActivityFigures = {
  database: 'PGlite' | 'PostgreSQL';
  /** Activities in the network (network stream and group streams). */
  activities: number;
  /** Those the viewer may read (the network stream and their groups'). */
  readable: number;
  generateMs: number;
  pages: ActivityPageFigure[];
  /** `POST /api/v1/activities` one after another. */
  posting: { posts: number; perSecond: number; p50Ms: number; p99Ms: number };
  /** With `explain`: the plan of the `all` stream's first page query (as the repository asks it). */
  plan?: string[];
};

const PASSWORD = 'bench-activities-password';
const MEMBERS = 200;
const GROUPS = 20;
/** The viewer belongs to the first few groups. */
const VIEWER_GROUPS = 5;
/** One activity every so many seconds back in time. */
const SPACING_SECONDS = 20;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

/** The id of the g-th generated activity: its time (ObjectId layout) and g, as the insert writes it. */
function generatedId(base: number, g: number): string {
  const seconds = Math.floor(base / 1000) - g * SPACING_SECONDS;
  return seconds.toString(16).padStart(8, '0') + g.toString(16).padStart(16, '0');
}

/**
 * Activity streams on PGlite in a temporary folder or, with `databaseUrl`, on a new database of
 * that PostgreSQL server (dropped afterwards), the server in this process: `activities`
 * activities written by bulk statements, a quarter in the network's stream and the others in
 * twenty groups' streams (every fiftieth with a reply); then a member's `all` stream, its first
 * page and a page far back (`before`), p50 and p99, and posts one after another.
 */
export async function measureActivities(options: {
  activities: number;
  requests: number;
  posts: number;
  databaseUrl?: string;
  explain?: boolean;
}): Promise<ActivityFigures> {
  const bench = await openBenchApp('activities', options.databaseUrl);
  const { app, database } = bench;
  try {
    const { services } = app;
    const network = await services.networks.create({ name: 'Activities bench', language: 'de', host: null });
    const passwordHash = await hashPassword(PASSWORD);
    const users = await services.accounts.createUsers(
      Array.from({ length: MEMBERS }, (_, i) => ({ email: `person-${i}@activities.bench.test`, passwordHash })),
    );
    const memberIds = (
      await services.members.createMany(
        users.map((user, i) => ({
          networkId: network.id,
          userId: user.id,
          firstName: 'Person',
          lastName: `${i}`,
          networkAdmin: i === 0,
        })),
      )
    ).map((m) => m.id);
    const [category] = await services.groups.createCategories(network.id, [
      { slug: 'teams', name: 'Team', pluralName: 'Teams' },
    ]);
    const groups = await services.groups.createGroups(
      network.id,
      Array.from({ length: GROUPS }, (_, i) => ({
        groupCategoryId: category!.id,
        slug: `team-${i}`,
        name: `Team ${i}`,
        access: 'closed' as const,
      })),
    );
    const groupIds = groups.map((g) => g.id);
    // Every member in four groups; the viewer (member 1) in the first five.
    await services.groups.addMembers(
      network.id,
      memberIds.flatMap((membershipId, i) =>
        i === 1
          ? groupIds.slice(0, VIEWER_GROUPS).map((groupId) => ({ groupId, membershipId }))
          : [0, 1, 2, 3].map((k) => ({ groupId: groupIds[(i + k * 5) % GROUPS]!, membershipId })),
      ),
    );

    const signIn = async (index: number) => {
      const response = await app.inject({
        method: 'POST',
        url: '/users/sign_in',
        payload: { user: { email: `person-${index}@activities.bench.test`, password: PASSWORD } },
      });
      const cookie = response.cookies.find((c) => c.name === 'agora_session')!;
      return {
        cookie: `agora_session=${cookie.value}`,
        'x-csrf-token': response.json<{ csrf_token: string }>().csrf_token,
        accept: 'application/json',
      };
    };
    const viewer = await signIn(1);
    // The first look at the streams makes the network's default stream.
    const first = await app.inject({ url: '/api/v1/activities', headers: viewer });
    if (first.statusCode !== 200) throw new Error(`the stream answered ${first.statusCode}: ${first.body}`);
    const streamRows = (await database.db.execute(
      sql`select id from activitystreams where network_id = ${network.id} order by position, id limit 1`,
    )) as unknown as { rows: Array<{ id: string }> };
    const streamId = streamRows.rows[0]!.id;

    // The activities: g = 1 is the newest; every fourth in the network's stream, the others in
    // the groups' streams in turn; every tenth a question. Ids as the server makes them (the
    // time first), so that a stream pages on them.
    const base = Date.now() - 60_000;
    const started = performance.now();
    const authors = `{${memberIds.join(',')}}`;
    const groupList = `{${groupIds.join(',')}}`;
    const chunk = 250_000;
    for (let from = 1; from <= options.activities; from += chunk) {
      const to = Math.min(options.activities, from + chunk - 1);
      await database.db.execute(sql`
        insert into activities (id, network_id, actor_id, type, content, plain_content, reply_count, created_at, updated_at)
        select a.id, ${network.id}, (${authors}::text[])[1 + g % ${MEMBERS}],
          case when g % 10 = 0 then 'question' else 'note' end,
          '<p>Beitrag ' || g || ' mit etwas Text, wie ihn ein Stream zeigt.</p>',
          'Beitrag ' || g || ' mit etwas Text, wie ihn ein Stream zeigt.',
          case when g % 50 = 0 then 1 else 0 end, a.at, a.at
        from generate_series(${from}::int, ${to}::int) g
        cross join lateral (select to_timestamp(${Math.floor(base / 1000)}::bigint - g * ${SPACING_SECONDS}) as at) t
        cross join lateral (select lpad(to_hex(extract(epoch from t.at)::bigint), 8, '0') || lpad(to_hex(g), 16, '0') as id, t.at) a`);
      await database.db.execute(sql`
        insert into activity_targets (activity_id, stream_id, group_id, network_id, actor_id, type)
        select a.id, coalesce(t.group_id, ${streamId}), t.group_id, a.network_id, a.actor_id, a.type
        from generate_series(${from}::int, ${to}::int) g
        cross join lateral (select lpad(to_hex(${Math.floor(base / 1000)}::bigint - g * ${SPACING_SECONDS}), 8, '0') || lpad(to_hex(g), 16, '0') as id) i
        join activities a on a.id = i.id
        cross join lateral (select case when g % 4 = 0 then null else (${groupList}::text[])[1 + (g / 4) % ${GROUPS}] end as group_id) t`);
      await database.db.execute(sql`
        insert into activity_replies (id, activity_id, network_id, type, actor_id, content, plain_content, created_at, updated_at)
        select lpad(to_hex(extract(epoch from a.created_at)::bigint + 60), 8, '0') || 'ff' || substr(a.id, 11), a.id,
          a.network_id, 'replies', (${authors}::text[])[1 + (g + 7) % ${MEMBERS}], '<p>Danke!</p>', 'Danke!',
          a.created_at + interval '1 minute', a.created_at + interval '1 minute'
        from generate_series(${from}::int, ${to}::int) g
        cross join lateral (select lpad(to_hex(${Math.floor(base / 1000)}::bigint - g * ${SPACING_SECONDS}), 8, '0') || lpad(to_hex(g), 16, '0') as id) i
        join activities a on a.id = i.id
        where g % 50 = 0`);
    }
    // As autovacuum leaves the tables some time after a bulk insert: the stream as a member meets it.
    for (const table of ['activities', 'activity_targets', 'activity_replies']) {
      await database.db.execute(sql.raw(`vacuum analyze ${table}`));
    }
    const generateMs = performance.now() - started;
    const readableRows = (await database.db.execute(sql`
      select count(*)::int as n from activity_targets
      where network_id = ${network.id}
        and (group_id is null or group_id = any(${`{${groupIds.slice(0, VIEWER_GROUPS).join(',')}}`}::text[]))`)) as unknown as {
      rows: Array<{ n: number }>;
    };
    await services.events.settled();

    let plan: string[] | undefined;
    if (options.explain) {
      const viewerGroups = groupIds.slice(0, VIEWER_GROUPS);
      const explained = (await database.db.execute(sql`
        explain (analyze, buffers)
        select activity_id from activity_targets
        where network_id = ${network.id}
          and (group_id is null or group_id in (${sql.join(
            viewerGroups.map((id) => sql`${id}`),
            sql`, `,
          )}))
        group by activity_id order by activity_id desc limit 21`)) as unknown as {
        rows: Array<Record<string, string>>;
      };
      plan = explained.rows.map((r) => Object.values(r)[0]!);
    }

    // Far back: the activity nine tenths down the network.
    const deep = generatedId(base, Math.floor(options.activities * 0.9));
    const pages: ActivityPageFigure[] = [];
    for (const [pageName, url] of [
      ['all, first page', '/api/v1/activities'],
      ['all, a page far back (before)', `/api/v1/activities?before=${deep}`],
      ['a group stream, first page', `/api/v1/activities?group_id=${groupIds[0]}`],
    ] as const) {
      let items = 0;
      const times: number[] = [];
      for (let i = 0; i < options.requests + 5; i++) {
        const at = performance.now();
        const response = await app.inject({ url, headers: viewer });
        const ms = performance.now() - at;
        if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
        items = response.json<{ activities: unknown[] }>().activities.length;
        // The first few warm the caches.
        if (i >= 5) times.push(ms);
      }
      times.sort((a, b) => a - b);
      pages.push({
        name: pageName,
        requests: times.length,
        p50Ms: percentile(times, 0.5),
        p99Ms: percentile(times, 0.99),
        items,
      });
    }

    const postTimes: number[] = [];
    const postingStarted = performance.now();
    for (let i = 0; i < options.posts; i++) {
      const at = performance.now();
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/activities',
        headers: viewer,
        payload: {
          activity: {
            content: `<p>Neuer Beitrag ${i} für alle</p>`,
            activitystream_ids: [i % 2 === 0 ? streamId : groupIds[i % VIEWER_GROUPS]],
          },
        },
      });
      postTimes.push(performance.now() - at);
      if (response.statusCode !== 201) throw new Error(`a post answered ${response.statusCode}: ${response.body}`);
    }
    const postingMs = performance.now() - postingStarted;
    postTimes.sort((a, b) => a - b);
    return {
      database: database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite',
      activities: options.activities,
      readable: readableRows.rows[0]!.n,
      generateMs,
      pages,
      posting: {
        posts: options.posts,
        perSecond: options.posts / (postingMs / 1000),
        p50Ms: percentile(postTimes, 0.5),
        p99Ms: percentile(postTimes, 0.99),
      },
      ...(plan ? { plan } : {}),
    };
  } finally {
    await bench.close();
  }
}
