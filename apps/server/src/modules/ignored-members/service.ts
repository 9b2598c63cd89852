import { IGNORED_MEMBER_ERROR_KEYS as KEYS, type IgnoredMemberList, type IgnoreState } from '@agora/contracts';
import type { Cache } from '../../platform/cache/index.ts';
import type { Db } from '../../platform/db/client.ts';
import { forbidden, notFound, unprocessable } from '../../platform/errors.ts';
import type { Events } from '../../platform/events/index.ts';
import { allows, type Actor } from '../../platform/policy/index.ts';
import { memberPolicy, type MembershipRow, type MembersService } from '../members/index.ts';
import { IGNORED_MEMBER_EVENTS, ignoredMembersKey } from './events.ts';
import { mayListIgnored } from './policy.ts';
import { presentIgnoredMember } from './present.ts';
import { createIgnoredMembersRepository } from './repository.ts';

export type IgnoredMembersDeps = {
  db: Db;
  events: Pick<Events, 'transaction' | 'record'>;
  members: Pick<MembersService, 'find' | 'findMany'>;
  /** Keeps each member's set per process; without it (seeds) each call reads it. */
  cache?: Pick<Cache, 'region' | 'invalidate'>;
};

/** Sets kept per process: one per member who recently read a listing. */
const CACHED_MEMBERS = 50_000;

const NONE: ReadonlySet<string> = new Set();

/**
 * Members ignoring others: the list, ignoring and no longer ignoring, and for the modules that
 * list content (activities, direct messages, chat) whom a member ignores.
 */
export function createIgnoredMembersService(deps: IgnoredMembersDeps) {
  const repository = createIgnoredMembersRepository(deps.db);
  const sets = deps.cache?.region<ReadonlySet<string>>(CACHED_MEMBERS);

  /** The ids of the members a member ignores: one cached set, dropped by their ignore events. */
  async function ignoredBy(membershipId: string): Promise<ReadonlySet<string>> {
    const load = async () => {
      const rows = await repository.of(membershipId);
      return {
        value: rows.length === 0 ? NONE : new Set(rows.map((r) => r.ignoredId)),
        keys: [ignoredMembersKey(membershipId)],
      };
    };
    return sets ? ((await sets.get(membershipId, load)) ?? NONE) : (await load()).value;
  }

  /** The member the actor acts on: one they see (404 otherwise) and may ignore (422 otherwise). */
  async function target(actor: Actor, id: string): Promise<MembershipRow> {
    const m = await deps.members.find(actor.networkId, id);
    if (!m) throw notFound();
    const subject = { membership: m, guestUsersAllowChat: true };
    if (!allows(memberPolicy, 'read', actor, subject)) throw notFound();
    if (!allows(memberPolicy, 'ignore', actor, subject)) {
      throw unprocessable({ id: [m.id === actor.membershipId ? KEYS.self : KEYS.networkAdmin] });
    }
    return m;
  }

  async function change(actor: Actor, id: string, ignored: boolean): Promise<IgnoreState> {
    const m = ignored ? await target(actor, id) : await deps.members.find(actor.networkId, id);
    if (!m) throw notFound();
    await deps.events.transaction(async (tx) => {
      const changed = ignored
        ? await repository.add(tx, actor.membershipId, m.id)
        : await repository.remove(tx, actor.membershipId, m.id);
      if (!changed) return;
      await deps.events.record(tx, {
        networkId: actor.networkId,
        type: ignored ? IGNORED_MEMBER_EVENTS.ignored : IGNORED_MEMBER_EVENTS.unignored,
        actorId: actor.membershipId,
        subject: { type: 'membership', id: m.id },
      });
    });
    return { id: m.id, ignored };
  }

  return {
    ignoredBy,

    /** Whether member `a` ignores member `b`. */
    async ignores(a: string, b: string): Promise<boolean> {
      return (await ignoredBy(a)).has(b);
    },

    /**
     * Of some members (the recipients of a message, a notification or a mail), those who ignore
     * `membershipId`: one query, in the caller's transaction when given.
     */
    ignoring: (membershipId: string, among: string[], tx?: Db): Promise<Set<string>> =>
      repository.ignoring(membershipId, among, tx),

    /** `GET /members/{id}/ignored`: the actor's own list (403 for anyone else's). */
    async list(actor: Actor, membershipId: string): Promise<IgnoredMemberList> {
      if (!mayListIgnored(actor, membershipId)) throw forbidden();
      const rows = await repository.of(actor.membershipId);
      const members = new Map(
        (
          await deps.members.findMany(
            actor.networkId,
            rows.map((r) => r.ignoredId),
          )
        ).map((m) => [m.id, m]),
      );
      return {
        ignored_members: rows.flatMap((r) => {
          const m = members.get(r.ignoredId);
          return m && !m.deletedAt ? [presentIgnoredMember(r, m)] : [];
        }),
      };
    },

    /** Ignores a member; ignoring them again changes nothing. */
    ignore: (actor: Actor, id: string) => change(actor, id, true),
    /** No longer ignores a member (also one who is locked or became an administrator meanwhile). */
    unignore: (actor: Actor, id: string) => change(actor, id, false),
  };
}

export type IgnoredMembersService = ReturnType<typeof createIgnoredMembersService>;
