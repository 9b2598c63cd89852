import type { Db } from '../../platform/db/client.ts';
import type { Events } from '../../platform/events/index.ts';
import { createMemberAdministrationRepository, type AdminMemberSearch } from './administration-repository.ts';
import type { MembershipRow, NewMembershipRow } from './repository.ts';

/** What an administrator changed of a membership (`changes.fields`: each with its value before and after). */
export const MEMBERSHIP_UPDATED = 'membership.updated';
/** A locked member signs in no more; their sessions and live connections end. */
export const MEMBERSHIP_LOCKED = 'membership.locked';
export const MEMBERSHIP_UNLOCKED = 'membership.unlocked';
/**
 * An administrator deleted the member: the row stays under a deleted name, locked, for what they
 * wrote; their groups, sessions and (when it has no other membership) the account go.
 */
export const MEMBERSHIP_DESTROYED = 'membership.destroyed';

export type MembershipDestroyedChanges = { user_id: string; name: string };

/** A locked member's name and personal data were replaced (the network's anonymizing setting). */
export const MEMBERSHIP_ANONYMIZED = 'membership.anonymized';

/** The fields an administrator edits on the membership itself. */
export type MembershipAdminPatch = Partial<
  Pick<NewMembershipRow, 'firstName' | 'lastName' | 'isExternal' | 'networkAdmin'>
>;

const FIELD_NAMES: Record<keyof MembershipAdminPatch, string> = {
  firstName: 'first_name',
  lastName: 'last_name',
  isExternal: 'is_external',
  networkAdmin: 'network_admin',
};

/** The members module's part of the members administration: the writes, each with its event. */
export function createMembershipAdministration(db: Db, events: Pick<Events, 'record'> | undefined) {
  const repository = createMemberAdministrationRepository(db);
  const record = (tx: Db, actorId: string | null, m: MembershipRow, type: string, changes: Record<string, unknown>) => {
    if (!events) throw new Error('the members administration needs the events');
    return events.record(tx, {
      networkId: m.networkId,
      type,
      actorId,
      subject: { type: 'membership', id: m.id },
      changes,
    });
  };

  return {
    adminPage: (search: AdminMemberSearch) => repository.page(search),
    /** The membership locked for the rest of the transaction; undefined when it is not in the network. */
    lockForAdministration: repository.lockRow,
    /** Memberships of an account that are not deleted, in any network. */
    membershipCountOfUser: repository.countOfUser,
    /** Locked members (at `lockedBefore` or earlier) whose data is not anonymized yet. */
    toAnonymize: repository.toAnonymize,

    /**
     * Replaces a locked member's name by `name` and clears what is personal (display name,
     * profile values, image, birthday); the row stays, locked, for what they wrote.
     * Nothing happens (no event) when it is not locked or nothing is left to clear.
     */
    async anonymize(tx: Db, actorId: string | null, before: MembershipRow, name: string) {
      if (!before.lockedAt || before.deletedAt) return before;
      const cleared =
        before.firstName === name &&
        before.lastName === '' &&
        before.displayName === null &&
        before.profileImageId === null &&
        before.birthday === null &&
        Object.keys(before.profile).length === 0;
      if (cleared) return before;
      const row = await repository.update(tx, before.networkId, before.id, {
        firstName: name,
        lastName: '',
        displayName: null,
        profileImageId: null,
        profile: {},
        birthday: null,
      });
      await record(tx, actorId, row, MEMBERSHIP_ANONYMIZED, { name });
      return row;
    },

    /** Saves what changed (nothing, no event, when nothing did). */
    async applyAdminChanges(tx: Db, actorId: string, before: MembershipRow, patch: MembershipAdminPatch) {
      const changed = (Object.keys(patch) as Array<keyof MembershipAdminPatch>).filter(
        (key) => patch[key] !== undefined && patch[key] !== before[key],
      );
      if (changed.length === 0) return before;
      const values = Object.fromEntries(changed.map((key) => [key, patch[key]]));
      const row = await repository.update(tx, before.networkId, before.id, values);
      await record(tx, actorId, row, MEMBERSHIP_UPDATED, {
        fields: Object.fromEntries(changed.map((key) => [FIELD_NAMES[key], [before[key], row[key]]])),
      });
      return row;
    },

    async setLockedByAdmin(tx: Db, actorId: string, before: MembershipRow, locked: boolean) {
      if (!!before.lockedAt === locked) return before;
      const row = await repository.update(tx, before.networkId, before.id, { lockedAt: locked ? new Date() : null });
      await record(tx, actorId, row, locked ? MEMBERSHIP_LOCKED : MEMBERSHIP_UNLOCKED, { user_id: row.userId });
      return row;
    },

    /**
     * Deletes the member softly: deleted and locked, named `name`, without profile, image,
     * birthday or admin right, and detached from the account (the user id becomes a tombstone),
     * so that the address may become a member again.
     */
    async markDeleted(tx: Db, actorId: string, before: MembershipRow, name: string) {
      const now = new Date();
      const row = await repository.update(tx, before.networkId, before.id, {
        deletedAt: now,
        lockedAt: before.lockedAt ?? now,
        firstName: name,
        lastName: '',
        displayName: null,
        profileImageId: null,
        profile: {},
        birthday: null,
        networkAdmin: false,
        minister: false,
        userId: `deleted:${before.id}`,
      });
      await record(tx, actorId, row, MEMBERSHIP_DESTROYED, {
        user_id: before.userId,
        name,
      } satisfies MembershipDestroyedChanges);
      return row;
    },
  };
}
