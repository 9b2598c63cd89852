import { sql } from 'drizzle-orm';
import type { Services } from '../app.ts';
import { hashToken, randomToken } from '../platform/auth/tokens.ts';
import type { Db } from '../platform/db/client.ts';
import { newId } from '../platform/db/ids.ts';

export type JoinBenchSession = { token: string; csrf: string };

export type JoinBenchResult = {
  groupId: string;
  groupSlug: string;
  /** The group's admin, who decides the requests. */
  admin: JoinBenchSession;
  /** One session per member who asks to join. */
  joiners: JoinBenchSession[];
};

const BATCH = 1000;

/**
 * For the join benchmark: a network with `members` members and a closed group with one admin,
 * and a session for each of them written straight into the sessions table (signing 5,000
 * members in would measure password hashing, not joining). The benchmark signs the tokens
 * with the server's session secret as the cookie plugin does.
 */
export async function seedJoinBench(services: Services, db: Db, members: number): Promise<JoinBenchResult> {
  const network = await services.networks.create({ name: 'Join bench', language: 'en', host: null });
  const users = await services.accounts.createUsers(
    Array.from({ length: members + 1 }, (_, i) => ({ email: `joiner-${i}@bench.test`, passwordHash: 'none' })),
  );
  const memberships = await services.members.createMany(
    users.map((user, i) => ({
      networkId: network.id,
      userId: user.id,
      firstName: `Joiner`,
      lastName: `Number ${i}`,
    })),
  );
  const [category] = await services.groups.createCategories(network.id, [
    { slug: 'bench', name: 'Bench', pluralName: 'Benches' },
  ]);
  const [group] = await services.groups.createGroups(network.id, [
    { groupCategoryId: category!.id, slug: 'moderated', name: 'Moderated', access: 'closed' },
  ]);
  await services.groups.addMembers(network.id, [
    { groupId: group!.id, membershipId: memberships[0]!.id, role: 'admin' },
  ]);

  const sessions = users.map((user) => ({ userId: user.id, token: randomToken(), csrf: randomToken() }));
  const expires = new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString();
  for (let i = 0; i < sessions.length; i += BATCH) {
    const rows = sessions
      .slice(i, i + BATCH)
      .map(
        (s) => sql`(${newId()}, ${hashToken(s.token)}, ${s.userId}, ${network.id}, ${s.csrf}, ${expires}::timestamptz)`,
      );
    await db.execute(
      sql`insert into sessions (id, token_hash, user_id, network_id, csrf_token, expires_at) values ${sql.join(rows, sql`, `)}`,
    );
  }
  // The group's calendar and chat come from its event once the server runs.
  const [admin, ...joiners] = sessions.map(({ token, csrf }) => ({ token, csrf }));
  return { groupId: group!.id, groupSlug: group!.slug, admin: admin!, joiners };
}
