import type { SQLWrapper } from 'drizzle-orm';
import { idSchema, MEMBER_SEARCH_MIN_CHARS, type CurrentMember, type Property } from '@agora/contracts';
import type { Cache } from '../../platform/cache/index.ts';
import type { Db } from '../../platform/db/client.ts';
import type { Events } from '../../platform/events/index.ts';
import { notFound } from '../../platform/errors.ts';
import { allows, type Actor } from '../../platform/policy/index.ts';
import {
  createMembershipAdministration,
  MEMBERSHIP_ANONYMIZED,
  MEMBERSHIP_DESTROYED,
  MEMBERSHIP_LOCKED,
  MEMBERSHIP_UNLOCKED,
  MEMBERSHIP_UPDATED,
} from './administration.ts';
import { createMemberDirectory } from './directory-list.ts';
import { createMemberBirthdays } from './birthday.ts';
import { createMailRecipients } from './mail-recipients.ts';
import { memberPolicy } from './policy.ts';
import { presentCurrentMember } from './present.ts';
import { createMemberProfileImages } from './profile-image.ts';
import { createMemberProfileEdit, MEMBERSHIP_PROFILE_UPDATED } from './profile-edit.ts';
import { createMemberProfileValues } from './profile-values.ts';
import {
  createMembersRepository,
  type MemberOptionRow,
  type MembershipRow,
  type NewMembershipRow,
} from './repository.ts';

export type MembersService = ReturnType<typeof createMembersService>;

export type NewMember = Omit<NewMembershipRow, 'id' | 'createdAt' | 'updatedAt'>;

export type MemberSearchOptions = {
  q: string;
  includeConsumers: boolean;
  /** Membership id subqueries (from the groups module) the result is limited to, or leaves out. */
  onlyIds?: SQLWrapper;
  exceptIds?: SQLWrapper;
  sort: 'first_name' | 'last_name';
  limit: number;
  offset: number;
};

/** More words than this add nothing a member would type, only work for the database. */
const MAX_TERMS = 5;

/** The words of a query as the search matches them: lower case, hyphens as spaces. */
export function searchTerms(q: string): { terms: string[]; phrase: string } {
  const words = q.toLowerCase().replace(/-/g, ' ').split(/\s+/).filter(Boolean);
  return { terms: [...new Set(words)].slice(0, MAX_TERMS), phrase: words.join(' ') };
}

/** A membership was made: by an administrator, an accepted invitation or an approved registration. */
export const MEMBERSHIP_CREATED = 'membership.created';

/**
 * Memberships were made in bulk (an import, a generated network) without the welcome of
 * `membership.created`: the subject is the network, `membership_ids` names them, so that what
 * lists members (the search index) hears of them.
 */
export const MEMBERSHIPS_CREATED_IN_BULK = 'membership.created_in_bulk';

export type MembershipOrigin = 'administration' | 'invite' | 'registration' | 'seed';

/** Memberships kept per process for presenting them (a row is about a kilobyte). */
const CACHED_MEMBERSHIPS = 10_000;

/** The invalidation key of what is cached of a membership (the sessions of its member). */
export const membershipKey = (id: string) => `membership:${id}`;

const ofSubject = (event: { subject: { id: string } }) => [membershipKey(event.subject.id)];
/** What the events of this module change in the cache (locked, deleted, admin flag, kind, names ...). */
export const memberCacheInvalidations = {
  [MEMBERSHIP_UPDATED]: ofSubject,
  [MEMBERSHIP_LOCKED]: ofSubject,
  [MEMBERSHIP_UNLOCKED]: ofSubject,
  [MEMBERSHIP_DESTROYED]: ofSubject,
  [MEMBERSHIP_ANONYMIZED]: ofSubject,
  [MEMBERSHIP_PROFILE_UPDATED]: ofSubject,
};

export function createMembersService(
  db: Db,
  events?: Pick<Events, 'transaction' | 'record'>,
  /** Whether a network shows its locked members (`show_locked_memberships`). */
  showsLocked: (networkId: string) => Promise<boolean> = async () => false,
  /** Drops what is cached of a membership for the writes that record no event; keeps the rows shown. */
  cache?: Pick<Cache, 'invalidate' | 'invalidateAfterCommit' | 'region'>,
) {
  const repository = createMembersRepository(db);
  const shown = cache?.region<MembershipRow>(CACHED_MEMBERSHIPS);
  /**
   * Members of the network by id, from the per-process cache: what presents members beside other
   * things (a chat's authors and partners, an appointment's people, a notification's actor) reads
   * them far more often than a member changes. Every write of a membership drops its row
   * (`membership:{id}`), as it drops the member's sessions.
   */
  async function findMany(networkId: string, ids: readonly string[]): Promise<MembershipRow[]> {
    if (!shown) return repository.findByIds(networkId, [...new Set(ids)]);
    const keyOf = (id: string) => `${networkId}:${id}`;
    const found = await shown.getMany(ids.map(keyOf), async (missing) => {
      const rows = await repository.findByIds(
        networkId,
        missing.map((key) => key.slice(networkId.length + 1)),
      );
      // Shared by every reader of this process: frozen, so that none can change it for the others.
      return new Map(
        rows.map((row) => {
          Object.freeze(row.profile);
          return [keyOf(row.id), { value: Object.freeze(row), keys: [membershipKey(row.id)] }];
        }),
      );
    });
    return [...found.values()];
  }
  const changed = <T extends { id: string } | undefined>(row: T, tx?: Db): T => {
    if (row && cache) {
      if (tx) cache.invalidateAfterCommit(tx, [membershipKey(row.id)]);
      else cache.invalidate([membershipKey(row.id)]);
    }
    return row;
  };
  const profileImages = createMemberProfileImages(db, showsLocked);
  const birthdays = createMemberBirthdays(db);
  const profileValues = createMemberProfileValues(db);
  // Handed over by the module that knows the network's profile properties, when it is made.
  let profileProperties: (networkId: string) => Promise<Property[]> = async () => [];
  return {
    /** How the network's profile properties are read (the header names values by them). */
    useProfileProperties(read: (networkId: string) => Promise<Property[]>) {
      profileProperties = read;
    },
    /** The signed-in member as the page header shows them, values with their display texts. */
    async currentMember(m: MembershipRow): Promise<CurrentMember> {
      return presentCurrentMember(m, new Date(), await profileProperties(m.networkId));
    },
    ...createMemberDirectory(db),
    ...profileValues,
    async mergeProfileValues(...args: Parameters<typeof profileValues.mergeProfileValues>) {
      await profileValues.mergeProfileValues(...args);
      for (const { id } of args[1]) changed({ id });
    },
    findByUser: repository.findByUser,
    findByUsers: repository.findByUsers,
    /** A member of the network, from the per-process cache (see `findMany`). */
    async find(networkId: string, id: string): Promise<MembershipRow | undefined> {
      const [row] = await findMany(networkId, [id]);
      return row;
    },
    findMany,
    /** The ids of the network's administrators who can act (told of what waits for them). */
    networkAdminIds: repository.networkAdminIds,
    /** The network's members' names, kind and image as a subquery to join (see the repository). */
    namesSubquery: repository.namesSubquery,
    ...profileImages,
    async setProfileImage(networkId: string, membershipId: string, imageId: string | null, tx: Db = db) {
      return changed(
        await profileImages.setProfileImage(networkId, membershipId, imageId, tx),
        tx === db ? undefined : tx,
      );
    },
    ...birthdays,
    ...createMailRecipients(db),
    async setBirthday(networkId: string, membershipId: string, birthday: string | null) {
      return changed(await birthdays.setBirthday(networkId, membershipId, birthday));
    },
    /** The members administration's writes (each records its event in the caller's transaction). */
    administration: createMembershipAdministration(db, events),
    /** Profile writes of the member, administrators, change requests and the onboarding (each with its event). */
    profileEdit: createMemberProfileEdit(db, events),
    /**
     * A member the actor may see; 404 for a malformed id, a foreign or an unreadable member.
     * `showLocked`: the network's `show_locked_memberships`, where the caller has it.
     */
    async loadForActor(actor: Actor, rawId: string, showLocked = false): Promise<MembershipRow> {
      const id = idSchema.safeParse(rawId);
      const membership = id.success ? await repository.findById(actor.networkId, id.data) : undefined;
      // Whether guests may chat does not decide who may be seen.
      if (!membership || !allows(memberPolicy, 'read', actor, { membership, guestUsersAllowChat: false, showLocked })) {
        throw notFound();
      }
      return membership;
    },
    /**
     * Members of the actor's network whose names begin with the words typed, best matches first.
     * Locked members are never found; fewer than MEMBER_SEARCH_MIN_CHARS characters find nothing.
     */
    async search(actor: Actor, options: MemberSearchOptions): Promise<{ rows: MemberOptionRow[]; total: number }> {
      const { terms, phrase } = searchTerms(options.q);
      if (options.q.trim().length < MEMBER_SEARCH_MIN_CHARS || terms.length === 0) return { rows: [], total: 0 };
      return repository.search({
        networkId: actor.networkId,
        terms,
        phrase,
        includeConsumers: options.includeConsumers,
        onlyIds: options.onlyIds,
        exceptIds: options.exceptIds,
        sort: options.sort,
        limit: options.limit,
        offset: options.offset,
      });
    },
    /**
     * Makes a membership and records `membership.created` in the same transaction, so that
     * what follows a new member (groups joined, welcome mails, the audit log) is a processor.
     */
    async add(
      member: NewMember,
      origin: { actorId: string | null; via: MembershipOrigin; details?: Record<string, unknown> },
    ) {
      if (!events) throw new Error('members.add needs the events');
      return events.transaction(async (tx) => {
        const [row] = await repository.insertMany([member], tx);
        if (!row) throw new Error('insert returned no row');
        await events.record(tx, {
          networkId: row.networkId,
          type: MEMBERSHIP_CREATED,
          actorId: origin.actorId,
          subject: { type: 'membership', id: row.id },
          changes: { via: origin.via, is_external: row.isExternal, ...origin.details },
        });
        return row;
      });
    },
    async create(member: NewMember): Promise<MembershipRow> {
      const [row] = await repository.insertMany([member]);
      if (!row) throw new Error('insert returned no row');
      return row;
    },
    /**
     * Bulk creation for imports and generated networks: one statement per chunk, recording
     * `membership.created_in_bulk` per network in its transaction (nothing of a new member's
     * welcome follows).
     */
    async createMany(members: NewMember[], chunkSize = 1000): Promise<MembershipRow[]> {
      const created: MembershipRow[] = [];
      for (let i = 0; i < members.length; i += chunkSize) {
        const chunk = members.slice(i, i + chunkSize);
        if (!events) {
          created.push(...(await repository.insertMany(chunk)));
          continue;
        }
        const rows = await events.transaction(async (tx) => {
          const inserted = await repository.insertMany(chunk, tx);
          for (const networkId of new Set(inserted.map((row) => row.networkId))) {
            await events.record(tx, {
              networkId,
              type: MEMBERSHIPS_CREATED_IN_BULK,
              actorId: null,
              subject: { type: 'network', id: networkId },
              changes: { membership_ids: inserted.filter((row) => row.networkId === networkId).map((row) => row.id) },
            });
          }
          return inserted;
        });
        created.push(...rows);
      }
      return created;
    },
    async setLocked(networkId: string, id: string, locked: boolean) {
      return changed(await repository.update(networkId, id, { lockedAt: locked ? new Date() : null }));
    },
    /** The actor a membership signs in as. */
    actorFor(m: MembershipRow, sessionId: string, locale: string | null): Actor {
      return {
        userId: m.userId,
        membershipId: m.id,
        networkId: m.networkId,
        isNetworkAdmin: m.networkAdmin,
        isExternal: m.isExternal,
        locale,
        sessionId,
      };
    },
  };
}
