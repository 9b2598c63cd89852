import type { Group, NetworkShell } from '@agora/contracts';

/** Where invitations are sent from: the network, a group or a group category (spec, section 2). */
export type InviteContext = { kind: 'network' } | { kind: 'group'; slug: string } | { kind: 'category'; id: string };

/** The path prefix of the context's invite calls (`{prefix}/external_invites`, spec section 7). */
export function invitePrefix(context: InviteContext): string {
  if (context.kind === 'network') return '/administration';
  if (context.kind === 'group') return `/groups/${encodeURIComponent(context.slug)}`;
  return `/group-categories/${encodeURIComponent(context.id)}`;
}

/** The tabs of the invite page: internal, by e-mail and by CSV. */
export type InviteTabs = {
  internal: boolean;
  external: boolean;
  /** The user types to offer (external alone when only guest invites are allowed). */
  userTypes: Array<'normal' | 'external'>;
};

/** A group's `can` flags decide its tabs; guests-only groups offer the external user type alone. */
export function groupTabs(group: Group): InviteTabs {
  const { invite_internal, invite_external, invite_external_guests } = group.can;
  return {
    internal: invite_internal,
    external: invite_external || invite_external_guests,
    userTypes: invite_external ? ['normal', 'external'] : ['external'],
  };
}

/** Network and category administrators may invite in every way. */
export function administratorTabs(): InviteTabs {
  return { internal: true, external: true, userTypes: ['normal', 'external'] };
}

type Category = NetworkShell['group_categories'][number];

/** The category of the route's id (its slug is taken too, as the category links use slugs). */
export function categoryOf(network: NetworkShell | undefined, idOrSlug: string): Category | undefined {
  return network?.group_categories.find((category) => category.id === idOrSlug || category.slug === idOrSlug);
}
