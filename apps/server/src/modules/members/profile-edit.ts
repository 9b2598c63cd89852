import type { Db } from '../../platform/db/client.ts';
import type { Events } from '../../platform/events/index.ts';
import { createMemberAdministrationRepository } from './administration-repository.ts';
import type { MembershipRow, NewMembershipRow } from './repository.ts';

/**
 * A member's profile changed (names, birthday, image or profile values), by themself, an
 * administrator, an accepted change request or the onboarding form. `changes.fields` names what
 * changed; `changes.via` how (`edit`, `change_request`, `onboarding`).
 */
export const MEMBERSHIP_PROFILE_UPDATED = 'membership.profile_updated';

/** The profile as the form and change requests write it; values merge into the stored ones (null removes one). */
export type ProfilePatch = {
  firstName?: string | undefined;
  lastName?: string | undefined;
  displayName?: string | null | undefined;
  birthday?: string | null | undefined;
  profileImageId?: string | null | undefined;
  profile?: Record<string, unknown> | undefined;
  /** The onboarding is done. */
  onboardingDone?: boolean | undefined;
};

const COLUMN_FIELDS = {
  firstName: 'first_name',
  lastName: 'last_name',
  displayName: 'display_name',
  birthday: 'birthday',
  profileImageId: 'profile_image_id',
} as const;

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The members module's profile writes, each in the caller's transaction with its event. */
export function createMemberProfileEdit(db: Db, events: Pick<Events, 'record'> | undefined) {
  const repository = createMemberAdministrationRepository(db);
  return {
    /** The membership locked for the rest of the transaction; undefined when it is not in the network. */
    lockForProfile: repository.lockRow,

    /** Saves what changed; no event when nothing did. */
    async saveProfile(
      tx: Db,
      actorId: string,
      before: MembershipRow,
      patch: ProfilePatch,
      via: 'edit' | 'change_request' | 'onboarding',
    ): Promise<MembershipRow> {
      if (!events) throw new Error('saving profiles needs the events');
      const values: Partial<NewMembershipRow> = {};
      const fields: string[] = [];
      for (const key of Object.keys(COLUMN_FIELDS) as Array<keyof typeof COLUMN_FIELDS>) {
        if (patch[key] === undefined || same(patch[key], before[key])) continue;
        Object.assign(values, { [key]: patch[key] });
        fields.push(COLUMN_FIELDS[key]);
      }
      if (patch.profile) {
        const profile = { ...before.profile };
        for (const [name, value] of Object.entries(patch.profile)) {
          if (same(value, profile[name])) continue;
          if (value === null || value === undefined) delete profile[name];
          else profile[name] = value;
          fields.push(`profile.${name}`);
        }
        if (fields.some((f) => f.startsWith('profile.'))) values.profile = profile;
      }
      if (patch.onboardingDone && before.onboardingPendingAt) values.onboardingPendingAt = null;
      if (Object.keys(values).length === 0) return before;
      const row = await repository.update(tx, before.networkId, before.id, values);
      await events.record(tx, {
        networkId: row.networkId,
        type: MEMBERSHIP_PROFILE_UPDATED,
        actorId,
        subject: { type: 'membership', id: row.id },
        changes: { fields, via },
      });
      return row;
    },
  };
}
