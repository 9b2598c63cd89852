import { ERROR_KEYS, EXTERNAL_INVITE_ERROR_KEYS as KEYS, type ExternalInviteUserType } from '@agora/contracts';
import { forbidden, notFound, unprocessable } from '../../platform/errors.ts';
import { abilities, allows, type Actor } from '../../platform/policy/index.ts';
import { groupPolicy, type GroupSubject } from '../groups/index.ts';
import type { ExternalInvitesDeps } from './deps.ts';
import type { ExternalInviteContext } from './tables.ts';

/** Where `POST {prefix}/external_invites` was sent. */
export type InviteTarget = { kind: 'network' } | { kind: 'group'; slug: string } | { kind: 'category'; id: string };

/** What a target allows: its context, the group always included, whether only guests may be invited. */
export type ResolvedTarget = {
  contextType: ExternalInviteContext;
  contextId: string | null;
  /** The group of a group context: always invited to. */
  groupId: string | null;
  categoryId: string | null;
  onlyExternal: boolean;
};

/** Whether the network's operator allows invitations by e-mail of guests only. */
export async function onlyGuestInvites(deps: ExternalInvitesDeps, networkId: string): Promise<boolean> {
  const network = await deps.networks.get(networkId);
  const config = (network as { config?: Record<string, unknown> } | undefined)?.config;
  return config?.only_guest_invites_allowed === true;
}

export function createTargets(deps: ExternalInvitesDeps) {
  const { groups } = deps;

  /** Some groups as the actor stands in them, with whether the actor administrates their category. */
  async function subjects(actor: Actor, ids: string[]): Promise<Map<string, GroupSubject>> {
    const found = await groups.withRolesAndCategories(actor, ids);
    if (found.size === 0 || actor.isNetworkAdmin || actor.isExternal) return found;
    const administrated = new Set((await groups.listCategories(actor)).filter((c) => c.can.create).map((c) => c.id));
    return new Map(
      [...found].map(([id, s]) => [id, { ...s, categoryAdmin: administrated.has(s.group.groupCategoryId) }]),
    );
  }

  /** The target's context, or 404 (unseen) / 403 (not allowed to invite there). */
  async function resolve(actor: Actor, target: InviteTarget): Promise<ResolvedTarget> {
    const networkOnly = await onlyGuestInvites(deps, actor.networkId);
    if (target.kind === 'network') {
      if (!actor.isNetworkAdmin) throw forbidden();
      return { contextType: 'network', contextId: null, groupId: null, categoryId: null, onlyExternal: networkOnly };
    }
    if (target.kind === 'group') {
      const subject = await groups.loadForActor(actor, target.slug);
      const can = abilities(groupPolicy, actor, subject);
      if (!can.invite_external && !can.invite_external_guests) throw forbidden();
      const id = subject.group.id;
      return {
        contextType: 'group',
        contextId: id,
        groupId: id,
        categoryId: null,
        onlyExternal: networkOnly || !can.invite_external,
      };
    }
    // The category pages link by slug: either names the category.
    const category = (await groups.listCategories(actor)).find((c) => c.id === target.id || c.slug === target.id);
    if (!category) throw notFound();
    if (!category.can.create) throw forbidden();
    return {
      contextType: 'group_category',
      contextId: category.id,
      groupId: null,
      categoryId: category.id,
      onlyExternal: networkOnly,
    };
  }

  /**
   * The groups an invitation is for: the group of a group context, and those picked, each of
   * which the actor may invite to by e-mail (in a category context, of that category); 422
   * `group_ids: invalid` otherwise, as for unknown ids.
   */
  async function groupIdsFor(actor: Actor, target: ResolvedTarget, picked: string[]): Promise<string[]> {
    const ids = [...new Set(picked)].filter((id) => id !== target.groupId);
    if (ids.length > 0) {
      const found = await subjects(actor, ids);
      const refused = ids.some((id) => {
        const s = found.get(id);
        return (
          !s ||
          !allows(groupPolicy, 'invite_external', actor, s) ||
          (target.categoryId !== null && s.group.groupCategoryId !== target.categoryId)
        );
      });
      if (refused) throw unprocessable({ group_ids: [ERROR_KEYS.invalid] });
    }
    return target.groupId ? [target.groupId, ...ids] : ids;
  }

  /** The body's checks that need the context: user type, channels. */
  function checkChoices(target: ResolvedTarget, userType: ExternalInviteUserType, channelIds: string[]): void {
    if (userType === 'normal' && target.onlyExternal) throw unprocessable({ user_type: [KEYS.onlyExternal] });
    // There are no channels yet: none can be picked.
    if (channelIds.length > 0) throw unprocessable({ channel_ids: [ERROR_KEYS.invalid] });
  }

  /** Which user types the actor may choose in general (`/external_invites/settings`). */
  async function userTypes(actor: Actor): Promise<ExternalInviteUserType[]> {
    return (await onlyGuestInvites(deps, actor.networkId)) ? ['external'] : ['normal', 'external'];
  }

  return { resolve, groupIdsFor, checkChoices, userTypes, subjects };
}

export type Targets = ReturnType<typeof createTargets>;
