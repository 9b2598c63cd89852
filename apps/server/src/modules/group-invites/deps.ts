import type { Db } from '../../platform/db/client.ts';
import type { Events } from '../../platform/events/index.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { Actor } from '../../platform/policy/index.ts';
import type { Realtime } from '../../platform/realtime/index.ts';
import type { AccountsService } from '../accounts/index.ts';
import type { MemberSettingsService } from '../member-settings/index.ts';
import type { GroupsService, GroupSubject } from '../groups/index.ts';
import type { InvitesService } from '../invites/index.ts';
import type { MembersService } from '../members/index.ts';
import type { NetworksService } from '../networks/index.ts';
import type { NotificationsService } from '../notifications/index.ts';

/** What the groups module gives this one (its service, through its index). */
export type GroupsForInvites = Pick<
  GroupsService,
  'loadForActor' | 'withRolesAndCategories' | 'memberIds' | 'categoriesForShell' | 'listCategories'
> & {
  join(actor: Actor, groupId: string, options?: { via?: 'invite'; inviteId?: string }): Promise<unknown>;
  useOpenInviteLookup(lookup: (actor: Actor, groupIds: string[]) => Promise<Map<string, { id: string }>>): void;
};

export type GroupInvitesDeps = {
  db: Db;
  events: Pick<Events, 'transaction' | 'record'>;
  groups: GroupsForInvites;
  members: Pick<MembersService, 'findMany'>;
  invites: Pick<InvitesService, 'registerKind' | 'openCounts'>;
  notifications: Pick<NotificationsService, 'notify'>;
  accounts: Pick<AccountsService, 'mailAddresses'>;
  /** Whom optional mail may reach, by their mail settings and bounced addresses. */
  memberSettings: Pick<MemberSettingsService, 'mailAddresses'>;
  networks: Pick<NetworksService, 'get'>;
  mailer: Pick<Mailer, 'prepare' | 'enqueue'>;
  realtime: Pick<Realtime, 'toMember'>;
  publicUrl: string;
};

/**
 * Whether the actor administrates the group (network, category or group admin), as the groups
 * policy's administration rules say; the rows loaded in batches carry no category flag.
 */
export function administrates(actor: Actor, subject: GroupSubject): boolean {
  return actor.isNetworkAdmin || subject.role === 'admin' || !!subject.categoryAdmin;
}

/**
 * Some groups as the actor stands in them, with whether the actor administrates their category:
 * the batch lookup of groups carries no category flag, so it is read from the categories, where
 * a member other than a network admin may create groups exactly in the categories they
 * administrate (three queries, however many groups).
 */
export async function groupSubjects(
  groups: GroupsForInvites,
  actor: Actor,
  ids: string[],
): Promise<Map<string, GroupSubject>> {
  const found = await groups.withRolesAndCategories(actor, ids);
  if (found.size === 0 || actor.isNetworkAdmin || actor.isExternal) return found;
  const administrated = new Set((await groups.listCategories(actor)).filter((c) => c.can.create).map((c) => c.id));
  return new Map(
    [...found].map(([id, subject]) => [
      id,
      { ...subject, categoryAdmin: administrated.has(subject.group.groupCategoryId) },
    ]),
  );
}
