import type { Db } from '../../platform/db/client.ts';
import type { Events } from '../../platform/events/index.ts';
import { createRoleAdministration } from './administration.ts';
import type { MembershipRoleDisplayType } from './tables.ts';
import { createMembershipRolesRepository, type MembershipRoleRow } from './repository.ts';
import { slugify } from '../../platform/text/slug.ts';

export type MembershipRolesService = ReturnType<typeof createMembershipRolesService>;

export type NewMembershipRole = {
  /** Null or absent for a role of the whole network. */
  groupId?: string | null;
  /** Generated from the name when absent (the role editor never asks for one). */
  slug?: string;
  name: string;
  pluralName: string;
  color?: string;
  textColor?: string | null;
  displayType?: MembershipRoleDisplayType;
};

/** "Ersthelfer:in" -> "ersthelfer-in"; umlauts spelled out, as in addresses. */
export function roleSlug(name: string): string {
  return slugify(name, { fallback: 'role' });
}

export function createMembershipRolesService(db: Db, events: Pick<Events, 'transaction' | 'record'>) {
  const repository = createMembershipRolesRepository(db);
  return {
    ...createRoleAdministration({ db, events }),
    create(networkId: string, roles: NewMembershipRole[]): Promise<MembershipRoleRow[]> {
      return repository.insertMany(
        roles.map((r) => ({
          networkId,
          groupId: r.groupId ?? null,
          slug: r.slug ?? roleSlug(r.name),
          name: r.name,
          pluralName: r.pluralName,
          color: r.color,
          textColor: r.textColor ?? null,
          displayType: r.displayType,
        })),
      );
    },
    /** The roles of the network (groupId null) or of one group. */
    list: repository.list,
    /** Roles of the network and of its groups matching the words typed, by name, at most `limit`. */
    search: repository.search,
    /** Some roles of the network by id (unknown ids are left out). */
    findMany: repository.byIds,
    /** The members holding any of some roles, each with the ids of those roles they hold. */
    memberIdsWithRoles: repository.holders,
    /** Gives members roles (seeds, tests, later the role editor); assignments held already are kept. */
    assign(networkId: string, entries: Array<{ roleId: string; membershipId: string }>): Promise<void> {
      return repository.assign(entries.map((e) => ({ ...e, networkId })));
    },
  };
}
