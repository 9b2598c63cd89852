import { sql } from 'drizzle-orm';
import { hashPassword } from '../platform/auth/passwords.ts';
import { openBenchApp } from './bench-app.ts';

export type MessageListFigure = { name: string; requests: number; p50Ms: number; p99Ms: number; items: number };

export type DirectMessageFigures = {
  database: 'PGlite' | 'PostgreSQL';
  inboxMessages: number;
  groupSize: number;
  lists: MessageListFigure[];
  /** The send to the group: answered, and until every member holds a copy and a notification. */
  send: { answerMs: number; deliveredMs: number | null; recipients: number; notifications: number };
};

const PASSWORD = 'bench-messages-password';
const DELIVERY_TIMEOUT_MS = 10 * 60_000;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

/**
 * Direct messages on PGlite in a temporary folder or, with `databaseUrl`, on a new database of
 * that PostgreSQL server (dropped afterwards), the server in this process:
 * the inbox of a member with `inbox` messages (page 1 and page 500, ten a page, as the web app
 * asks), and a message to a group of `groupSize` members, until it is answered and until every
 * member holds a copy and a notification (the processor's work after the commit).
 */
export async function measureDirectMessages(options: {
  inbox: number;
  groupSize: number;
  requests: number;
  databaseUrl?: string;
}): Promise<DirectMessageFigures> {
  const bench = await openBenchApp('messages', options.databaseUrl);
  const { app, database } = bench;
  try {
    const { services } = app;
    const network = await services.networks.create({ name: 'Messages bench', language: 'de', host: null });
    // One hash for all, as the large network does.
    const passwordHash = await hashPassword(PASSWORD);
    const memberIds: string[] = [];
    const total = options.groupSize + 1;
    for (let start = 0; start < total; start += 1000) {
      const indexes = Array.from({ length: Math.min(1000, total - start) }, (_, k) => start + k);
      const users = await services.accounts.createUsers(
        indexes.map((i) => ({ email: `person-${i}@messages.bench.test`, passwordHash })),
      );
      const created = await services.members.createMany(
        indexes.map((i, k) => ({
          networkId: network.id,
          userId: users[k]!.id,
          firstName: `Person`,
          lastName: `${i}`,
          networkAdmin: i === 0,
        })),
      );
      memberIds.push(...created.map((m) => m.id));
    }
    const [category] = await services.groups.createCategories(network.id, [
      { slug: 'teams', name: 'Team', pluralName: 'Teams' },
    ]);
    const [group] = await services.groups.createGroups(network.id, [
      { groupCategoryId: category!.id, slug: 'everyone', name: 'Everyone' },
    ]);
    const groupMembers = memberIds.slice(1);
    for (let start = 0; start < groupMembers.length; start += 1000) {
      await services.groups.addMembers(
        network.id,
        groupMembers.slice(start, start + 1000).map((membershipId) => ({ groupId: group!.id, membershipId })),
      );
    }

    // The viewer's inbox: messages from a hundred colleagues, one a minute back in time, each
    // with its copy (a tenth of them unread), written by two statements.
    const viewer = memberIds[1]!;
    const authors = memberIds.slice(2, 102);
    await database.db.execute(sql`
      insert into direct_messages (id, network_id, author_id, subject, content, plain_content,
        conversation_starter_id, to_count, expanded_at, created_at)
      select m.id, ${network.id}, (${`{${authors.join(',')}}`}::text[])[1 + g % ${authors.length}], 'Subject ' || g,
        '<p>Message ' || g || '</p>', 'Message ' || g, m.id, 1, m.at, m.at
      from generate_series(1, ${options.inbox}) g
      cross join lateral (select now() - g * interval '1 minute' as at) t
      cross join lateral (select lpad(to_hex(extract(epoch from t.at)::bigint), 8, '0')
        || lpad(to_hex(g), 16, '0') as id, t.at) m`);
    await database.db.execute(sql`
      insert into direct_message_recipients (message_id, membership_id, network_id, created_at, read_at)
      select id, ${viewer}, network_id, created_at,
        case when right(id, 1) = '0' then null else created_at end
      from direct_messages where network_id = ${network.id}`);
    // As autovacuum leaves the tables some time after a bulk insert (their visibility maps set,
    // the statistics current): the inbox as a member meets it, not the minute after the import.
    await database.db.execute(sql`vacuum analyze direct_messages`);
    await database.db.execute(sql`vacuum analyze direct_message_recipients`);

    const signIn = async (index: number) => {
      const response = await app.inject({
        method: 'POST',
        url: '/users/sign_in',
        payload: { user: { email: `person-${index}@messages.bench.test`, password: PASSWORD } },
      });
      const cookie = response.cookies.find((c) => c.name === 'agora_session')!;
      return {
        cookie: `agora_session=${cookie.value}`,
        'x-csrf-token': response.json<{ csrf_token: string }>().csrf_token,
        accept: 'application/json',
      };
    };
    const [admin, reader] = [await signIn(0), await signIn(1)];
    await services.events.settled();

    const lists: MessageListFigure[] = [];
    for (const [name, url] of [
      ['inbox, page 1', '/api/v1/messages?limit=10&offset=0'],
      ['inbox, page 500', '/api/v1/messages?limit=10&offset=4990'],
    ] as const) {
      let items = 0;
      const times: number[] = [];
      for (let i = 0; i < options.requests + 5; i++) {
        const started = performance.now();
        const response = await app.inject({ url, headers: reader });
        const ms = performance.now() - started;
        if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
        items = response.json<{ messages: unknown[] }>().messages.length;
        // The first few warm the caches.
        if (i >= 5) times.push(ms);
      }
      times.sort((a, b) => a - b);
      lists.push({
        name,
        requests: times.length,
        p50Ms: percentile(times, 0.5),
        p99Ms: percentile(times, 0.99),
        items,
      });
    }

    const started = performance.now();
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/messages',
      headers: admin,
      payload: { to_group: [group!.id], subject: 'An alle', content: '<p>Hallo zusammen!</p>' },
    });
    const answerMs = performance.now() - started;
    if (response.statusCode !== 201) throw new Error(`the send answered ${response.statusCode}: ${response.body}`);
    const messageId = response.json<{ id: string }>().id;
    const count = async () => {
      const result = (await database.db.execute(sql`select
        (select count(*)::int from direct_message_recipients where message_id = ${messageId}) as recipients,
        (select count(*)::int from notifications where subject_id = ${messageId}) as notifications`)) as unknown as {
        rows: Array<{ recipients: number; notifications: number }>;
      };
      return result.rows[0]!;
    };
    let deliveredMs: number | null = null;
    let counted = { recipients: 0, notifications: 0 };
    const deadline = Date.now() + DELIVERY_TIMEOUT_MS;
    while (Date.now() < deadline) {
      counted = await count();
      if (counted.recipients >= options.groupSize && counted.notifications >= options.groupSize) {
        deliveredMs = performance.now() - started;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return {
      database: database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite',
      inboxMessages: options.inbox,
      groupSize: options.groupSize,
      lists,
      send: { answerMs, deliveredMs, ...counted },
    };
  } finally {
    await bench.close();
  }
}
