import {
  idSchema,
  MEMBER_ADMIN_ERROR_KEYS as K,
  type MemberAdminDetail,
  type MemberAdminGroups,
  type MemberAdminPage,
  type newMemberSchema,
  type memberAdminQuerySchema,
  type memberAdminUpdateSchema,
} from '@agora/contracts';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { HttpError, notFound, unprocessable } from '../../platform/errors.ts';
import type { Events } from '../../platform/events/index.ts';
import { translator } from '../../platform/i18n/index.ts';
import { authorize, type Actor, type NetworkContext } from '../../platform/policy/index.ts';
import type { AccountsService } from '../accounts/index.ts';
import type { GroupsService } from '../groups/index.ts';
import { memberName, memberPolicy, searchTerms, type MembersService, type MembershipRow } from '../members/index.ts';
import type { MembershipRolesService } from '../membership-roles/index.ts';
import type { NetworksService } from '../networks/index.ts';
import type { ProfileEditService } from '../profile-edit/index.ts';
import { formerMemberName } from './anonymize.ts';
import { presentDetail, presentGroups, presentItem, presentOptions } from './present.ts';

export type MemberAdministrationDeps = {
  events: Pick<Events, 'transaction'>;
  accounts: AccountsService;
  members: MembersService;
  groups: GroupsService;
  membershipRoles: MembershipRolesService;
  networks: NetworksService;
  /** Whether a member made here goes through the onboarding first. */
  profileEdit: Pick<ProfileEditService, 'onboardingOnJoin'>;
};

export type MemberAdministrationService = ReturnType<typeof createMemberAdministrationService>;

/** Accounts whose address matches the search, at most: a search finds members, not a mailing list. */
const EMAIL_MATCHES_MAX = 500;

const subjectOf = (membership: MembershipRow) => ({ membership, guestUsersAllowChat: false });

/** The 422 of another module on `from`, answered on `to` (the role ids are `membership_role_ids` here). */
async function renamingErrors<T>(from: string, to: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const errors = error instanceof HttpError && error.statusCode === 422 ? error.body.errors : undefined;
    if (errors && typeof errors === 'object' && from in errors) {
      const { [from]: moved, ...rest } = errors as Record<string, string[]>;
      throw unprocessable({ ...rest, [to]: moved ?? [] });
    }
    throw error;
  }
}

export function createMemberAdministrationService(deps: MemberAdministrationDeps) {
  const { accounts, members, networks, profileEdit } = deps;

  /** A member of the actor's network; deleted members and contacts without sign-in are 404. */
  async function load(actor: Actor, rawId: string): Promise<MembershipRow> {
    const id = idSchema.safeParse(rawId);
    const membership = id.success ? await members.find(actor.networkId, id.data) : undefined;
    if (!membership || membership.deletedAt || membership.kind !== 'member') throw notFound();
    authorize(memberPolicy, 'edit', actor, subjectOf(membership));
    return membership;
  }

  async function detail(actor: Actor, membership: MembershipRow): Promise<MemberAdminDetail> {
    const [config, account, held, roles, count] = await Promise.all([
      networks.configOf(actor.networkId),
      accounts.administration.accounts([membership.userId]),
      deps.membershipRoles.rolesOf(actor.networkId, membership.id),
      deps.membershipRoles.list(actor.networkId, null),
      members.administration.membershipCountOfUser(membership.userId),
    ]);
    return presentDetail(actor, membership, {
      email: account.get(membership.userId)?.email ?? '',
      emailEditable: count <= 1,
      roleIds: held.filter((role) => role.groupId === null).map((role) => role.id),
      config,
      roles,
    });
  }

  return {
    /** What the member forms offer in this network (the new member page has no member to ask about). */
    async options(actor: Actor): Promise<MemberAdminDetail['options']> {
      const [config, roles] = await Promise.all([
        networks.configOf(actor.networkId),
        deps.membershipRoles.list(actor.networkId, null),
      ]);
      return presentOptions(config, roles);
    },

    async list(actor: Actor, query: z.output<typeof memberAdminQuerySchema>): Promise<MemberAdminPage> {
      const { terms } = searchTerms(query.q);
      const userIds = query.q ? await accounts.administration.userIdsByEmail(query.q, EMAIL_MATCHES_MAX) : undefined;
      const { rows, total } = await members.administration.adminPage({
        networkId: actor.networkId,
        terms,
        userIds,
        locked: query.locked,
        external: query.external,
        limit: query.per,
        offset: (query.page - 1) * query.per,
      });
      const emails = await accounts.administration.accounts(rows.map((m) => m.userId));
      return {
        items: rows.map((m) => presentItem(actor, m, emails.get(m.userId)?.email ?? '')),
        total,
        page: query.page,
        per: query.per,
      };
    },

    async show(actor: Actor, rawId: string): Promise<MemberAdminDetail> {
      return detail(actor, await load(actor, rawId));
    },

    /** Makes a member (`accounts.addMember`); the welcome mail is a processor of `membership.created`. */
    async create(
      actor: Actor,
      network: NetworkContext,
      input: z.output<typeof newMemberSchema>['user'],
    ): Promise<MemberAdminDetail> {
      if (!actor.isNetworkAdmin) throw new HttpError(403, { error: 'forbidden' });
      const config = await networks.configOf(network.id);
      if (input.is_external && !config.guest_users_allowed) throw unprocessable({ is_external: [K.notAllowed] });
      const { membership } = await accounts.addMember(
        network,
        {
          email: input.email,
          firstName: input.first_name,
          lastName: input.last_name,
          // With the welcome mail the member chooses it.
          password: input.send_welcome_mail ? null : input.password,
          isExternal: input.is_external,
          profile: input.profile,
          onboardingPending: await profileEdit.onboardingOnJoin(network.id, input.profile, false),
        },
        { actorId: actor.membershipId, via: 'administration', details: { send_welcome_mail: input.send_welcome_mail } },
      );
      return detail(actor, membership);
    },

    /** Changes what was sent, all or nothing; each part checked before anything is written. */
    async update(
      actor: Actor,
      rawId: string,
      input: z.output<typeof memberAdminUpdateSchema>['user'],
    ): Promise<MemberAdminDetail> {
      const before = await load(actor, rawId);
      const config = await networks.configOf(actor.networkId);
      const self = before.id === actor.membershipId;
      const errors: Record<string, string[]> = {};
      if (input.is_external !== undefined && input.is_external !== before.isExternal && !config.guest_users_allowed)
        errors.is_external = [K.notAllowed];
      if (input.network_admin !== undefined && input.network_admin !== before.networkAdmin && self)
        errors.network_admin = [K.ownAccount];
      if (input.locked !== undefined && input.locked !== !!before.lockedAt && self) errors.locked = [K.ownAccount];
      if (input.membership_role_ids !== undefined && !config.membership_roles_enabled)
        errors.membership_role_ids = [K.notAllowed];
      const account = (await accounts.administration.accounts([before.userId])).get(before.userId);
      const emailChanged = input.email !== undefined && input.email !== account?.email;
      if (emailChanged && (await members.administration.membershipCountOfUser(before.userId)) > 1)
        errors.email = [K.sharedAccount];
      if (Object.keys(errors).length > 0) throw unprocessable(errors);

      const saved = await renamingErrors('role_ids', 'membership_role_ids', () =>
        deps.events.transaction(async (tx: Db) => {
          const current = await members.administration.lockForAdministration(tx, actor.networkId, before.id);
          if (!current) throw notFound();
          let row = await members.administration.applyAdminChanges(tx, actor.membershipId, current, {
            firstName: input.first_name,
            lastName: input.last_name,
            isExternal: input.is_external,
            networkAdmin: input.network_admin,
          });
          if (input.locked !== undefined)
            row = await members.administration.setLockedByAdmin(tx, actor.membershipId, row, input.locked);
          if (emailChanged && input.email) await accounts.administration.changeEmail(tx, row.userId, input.email);
          if (input.membership_role_ids !== undefined)
            await deps.membershipRoles.setAssignments(actor.networkId, row.id, input.membership_role_ids, {
              actorId: actor.membershipId,
              tx,
            });
          return row;
        }),
      );
      return detail(actor, saved);
    },

    /** Locks or unlocks; the sessions and live connections of a locked member end (a processor). */
    async setLocked(actor: Actor, rawId: string, locked: boolean): Promise<MemberAdminDetail> {
      const before = await load(actor, rawId);
      authorize(memberPolicy, 'lock', actor, subjectOf(before));
      const row = await deps.events.transaction(async (tx: Db) => {
        const current = await members.administration.lockForAdministration(tx, actor.networkId, before.id);
        if (!current) throw notFound();
        return members.administration.setLockedByAdmin(tx, actor.membershipId, current, locked);
      });
      return detail(actor, row);
    },

    /**
     * Deletes the member softly under the network's anonymized name or "deleted member"; their
     * roles go at once, their groups, sessions and unused account through the processors of
     * `membership.destroyed`.
     */
    async destroy(actor: Actor, network: NetworkContext, rawId: string): Promise<void> {
      const before = await load(actor, rawId);
      authorize(memberPolicy, 'destroy', actor, subjectOf(before));
      const stored = await networks.get(network.id);
      const name = stored
        ? formerMemberName(networks, stored)
        : translator(network.language)('accounts:deleted_member');
      await deps.events.transaction(async (tx: Db) => {
        const current = await members.administration.lockForAdministration(tx, actor.networkId, before.id);
        if (!current || current.deletedAt) throw notFound();
        await deps.membershipRoles.setAssignments(actor.networkId, current.id, [], { actorId: actor.membershipId, tx });
        await members.administration.markDeleted(tx, actor.membershipId, current, name);
      });
    },

    async groupMemberships(actor: Actor, rawId: string): Promise<MemberAdminGroups> {
      const membership = await load(actor, rawId);
      authorize(memberPolicy, 'edit_groups', actor, subjectOf(membership));
      const rows = await deps.groups.networkAdminMemberships.groupsOfMember(actor.networkId, membership.id);
      return presentGroups({ id: membership.id, name: memberName(membership) }, rows);
    },

    async putGroupMembership(actor: Actor, rawId: string, groupId: string, role: 'admin' | 'member') {
      const membership = await load(actor, rawId);
      authorize(memberPolicy, 'edit_groups', actor, subjectOf(membership));
      await deps.groups.networkAdminMemberships.putMember(actor, groupId, membership.id, role);
      return this.groupMemberships(actor, rawId);
    },

    async removeGroupMembership(actor: Actor, rawId: string, groupId: string) {
      const membership = await load(actor, rawId);
      authorize(memberPolicy, 'edit_groups', actor, subjectOf(membership));
      await deps.groups.networkAdminMemberships.removeMember(actor, groupId, membership.id);
      return this.groupMemberships(actor, rawId);
    },
  };
}
