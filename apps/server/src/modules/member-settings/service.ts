import {
  memberSettingsOf,
  settingAllows,
  type MailKind,
  type MemberSettings,
  type MemberSettingsAnswer,
  type MemberSettingsBody,
} from '@agora/contracts';
import type { Db } from '../../platform/db/client.ts';
import { unprocessable } from '../../platform/errors.ts';
import type { Events } from '../../platform/events/index.ts';
import type { Actor, NetworkContext } from '../../platform/policy/index.ts';
import type { AccountsService } from '../accounts/index.ts';
import type { GroupsService } from '../groups/index.ts';
import type { IgnoredMembersService } from '../ignored-members/index.ts';
import type { MembershipRow, MembersService } from '../members/index.ts';
import { MEMBER_SETTINGS_EVENTS } from './events.ts';
import { createMemberSettingsRepository } from './repository.ts';

export type MemberSettingsDeps = {
  db: Db;
  events: Pick<Events, 'record' | 'transaction'>;
  members: Pick<MembersService, 'findMany' | 'findByUsers'>;
  accounts: Pick<AccountsService, 'registration' | 'mailAddresses'>;
  groups: Pick<GroupsService, 'groupsOfMember'>;
  ignoredMembers: Pick<IgnoredMembersService, 'ignoring'>;
};

export type MemberSettingsService = ReturnType<typeof createMemberSettingsService>;

type DigestKey = 'email_digests' | 'email_daily_digests';
const DIGESTS: DigestKey[] = ['email_digests', 'email_daily_digests'];

/**
 * Each member's mail settings, and the one question every optional mail asks before it is sent:
 * may this member get a mail of this kind (their setting, and an address that has not bounced)?
 */
export function createMemberSettingsService(deps: MemberSettingsDeps) {
  const repository = createMemberSettingsRepository(deps.db);

  /** Of some members, those who may get a mail of the kind: three queries however many. */
  async function mailAllowedAmong(networkId: string, membershipIds: string[], kind: MailKind): Promise<Set<string>> {
    const ids = [...new Set(membershipIds)];
    if (ids.length === 0) return new Set();
    const [memberships, stored] = await Promise.all([deps.members.findMany(networkId, ids), repository.storedOf(ids)]);
    const bounced = await deps.accounts.registration.bouncedUserIds(memberships.map((m) => m.userId));
    return new Set(
      memberships
        .filter((m) => !bounced.has(m.userId) && settingAllows(memberSettingsOf(stored.get(m.id)), kind))
        .map((m) => m.id),
    );
  }

  async function answerFor(actor: Actor, membership: MembershipRow): Promise<MemberSettingsAnswer> {
    const [stored, bounced, groups] = await Promise.all([
      repository.storedOf([membership.id]),
      deps.accounts.registration.bouncedAt(membership.userId),
      deps.groups.groupsOfMember(membership.networkId, membership.id),
    ]);
    return {
      settings: memberSettingsOf(stored.get(membership.id)),
      email_bounced_at: bounced?.toISOString() ?? null,
      groups,
      can: { update: actor.membershipId === membership.id, admin_notifications: actor.isNetworkAdmin },
    };
  }

  return {
    mailAllowedAmong,

    /** The mail settings of some members, the defaults where none are stored: one query. */
    async settingsOf(membershipIds: string[]): Promise<Map<string, MemberSettings>> {
      const stored = await repository.storedOf([...new Set(membershipIds)]);
      return new Map(membershipIds.map((id) => [id, memberSettingsOf(stored.get(id))]));
    },

    /**
     * Where mail of a kind goes: the addresses (and locales) of those of some members who may
     * get it, as `accounts.mailAddresses` answers; a constant number of queries however many.
     * A mail caused by a member (`causedBy`: a mention, a message) skips those who ignore them.
     */
    async mailAddresses(networkId: string, membershipIds: string[], kind: MailKind, causedBy?: string | null) {
      const [allowed, ignoring] = await Promise.all([
        mailAllowedAmong(networkId, membershipIds, kind),
        causedBy ? deps.ignoredMembers.ignoring(causedBy, membershipIds) : new Set<string>(),
      ]);
      return deps.accounts.mailAddresses(
        networkId,
        [...allowed].filter((id) => !ignoring.has(id)),
      );
    },

    /** Whether one member may get a mail of the kind. */
    async mailAllowed(membershipId: string, kind: MailKind, networkId: string): Promise<boolean> {
      return (await mailAllowedAmong(networkId, [membershipId], kind)).has(membershipId);
    },

    /** The member's settings with what the form needs beside them. */
    show: answerFor,

    /**
     * Merges a change into the member's settings. A digest limited to groups may name only
     * groups the member belongs to (422 `group_ids: ['invalid']` otherwise, nothing stored).
     */
    async update(
      actor: Actor,
      membership: MembershipRow,
      change: MemberSettingsBody['settings'],
    ): Promise<MemberSettingsAnswer> {
      const current = memberSettingsOf((await repository.storedOf([membership.id])).get(membership.id));
      const next: MemberSettings = {
        ...current,
        ...Object.fromEntries(Object.entries(change).filter(([, value]) => typeof value === 'boolean')),
        email_digests: { ...current.email_digests, ...change.email_digests },
        email_daily_digests: { ...current.email_daily_digests, ...change.email_daily_digests },
      };
      const named = DIGESTS.flatMap((key) => (change[key]?.group_ids ? [key] : []));
      if (named.length > 0) {
        const own = new Set((await deps.groups.groupsOfMember(membership.networkId, membership.id)).map((g) => g.id));
        const errors: Record<string, string[]> = {};
        for (const key of named) {
          const groupIds = [...new Set(next[key].group_ids)];
          if (groupIds.some((id) => !own.has(id))) errors[`${key}.group_ids`] = ['invalid'];
          next[key] = { ...next[key], group_ids: groupIds };
        }
        if (Object.keys(errors).length > 0) throw unprocessable(errors);
      }
      await deps.events.transaction(async (tx) => {
        await repository.save(tx, membership.networkId, membership.id, next);
        await deps.events.record(tx, {
          networkId: membership.networkId,
          type: MEMBER_SETTINGS_EVENTS.updated,
          actorId: actor.membershipId,
          subject: { type: 'membership', id: membership.id },
          changes: { fields: Object.keys(change) },
        });
      });
      return answerFor(actor, membership);
    },

    /** The member takes their bounced address back into use: notifications are mailed again. */
    async activateEmail(actor: Actor, membership: MembershipRow): Promise<MemberSettingsAnswer> {
      await deps.events.transaction(async (tx) => {
        await deps.accounts.registration.clearBounce(membership.userId, tx);
        await deps.events.record(tx, {
          networkId: membership.networkId,
          type: MEMBER_SETTINGS_EVENTS.emailActivated,
          actorId: actor.membershipId,
          subject: { type: 'membership', id: membership.id },
        });
      });
      return answerFor(actor, membership);
    },

    /**
     * The mail system reports addresses it could not deliver to: their accounts' mail stops
     * (but for what a member must get) until each member activates it again. Unknown addresses
     * are ignored; the answer counts the accounts marked.
     */
    async reportBounces(network: NetworkContext, emails: string[]): Promise<{ marked: number }> {
      const userIds = await deps.accounts.registration.userIdsByEmails(emails);
      const memberships = await deps.members.findByUsers(network.id, userIds);
      await deps.events.transaction(async (tx) => {
        await deps.accounts.registration.markBounced(userIds, tx);
        await deps.events.record(
          tx,
          ...memberships.map((m) => ({
            networkId: network.id,
            type: MEMBER_SETTINGS_EVENTS.emailBounced,
            actorId: null,
            subject: { type: 'membership', id: m.id },
          })),
        );
      });
      return { marked: userIds.length };
    },
  };
}
