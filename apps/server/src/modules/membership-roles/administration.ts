import { MEMBERSHIP_ROLE_LIMITS, type MembershipRole, type membershipRoleBodySchema } from '@agora/contracts';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { lockForTransaction } from '../../platform/db/locks.ts';
import { isUniqueViolation, notFound, unprocessable } from '../../platform/errors.ts';
import type { Events } from '../../platform/events/index.ts';
import { abilities, authorize, type Actor } from '../../platform/policy/index.ts';
import { slugify } from '../../platform/text/slug.ts';
import { membershipRolesPolicy, type RoleScope } from './policy.ts';
import { presentRole } from './present.ts';
import { createMembershipRolesRepository, type MembershipRoleRow } from './repository.ts';

export const MEMBERSHIP_ROLE_EVENTS = {
  created: 'membership_role.created',
  updated: 'membership_role.updated',
  destroyed: 'membership_role.destroyed',
  /** A member's roles of one scope were set (subject: the membership). */
  assigned: 'membership_role.assignments_updated',
} as const;

type RoleInput = z.output<typeof membershipRoleBodySchema>['membership_role'];

/** The name's slug, or with -2, -3 ... the first one the scope does not have yet. */
function freeSlug(name: string, taken: Set<string>): string {
  const base = slugify(name, { maxLength: 60, fallback: 'role' });
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** The roles' editor, at network and at group level, and the assignment of roles to members. */
export function createRoleAdministration(deps: { db: Db; events: Pick<Events, 'transaction' | 'record'> }) {
  const { db, events } = deps;
  const repository = createMembershipRolesRepository(db);

  async function present(actor: Actor, scope: RoleScope, rows: MembershipRoleRow[]): Promise<MembershipRole[]> {
    const counts = await repository.holderCounts(rows.map((r) => r.id));
    const can = abilities(membershipRolesPolicy, actor, scope);
    return rows.map((row) => presentRole(row, counts.get(row.id) ?? 0, { update: can.update, destroy: can.destroy }));
  }

  /** A role of the scope; 404 for another scope's or another network's. */
  async function load(scope: RoleScope, id: string): Promise<MembershipRoleRow> {
    const row = await repository.find(scope.networkId, id);
    if (!row || row.groupId !== scope.groupId) throw notFound();
    return row;
  }

  const record = (tx: Db, actor: Actor, type: string, row: MembershipRoleRow, changes: Record<string, unknown> = {}) =>
    events.record(tx, {
      networkId: actor.networkId,
      type,
      actorId: actor.membershipId,
      subject: { type: 'membership_role', id: row.id },
      context: row.groupId ? { type: 'group', id: row.groupId } : null,
      changes: { name: row.name, slug: row.slug, ...changes },
    });

  return {
    /** The scope's roles by name, with how many members hold each. */
    async listRoles(actor: Actor, scope: RoleScope): Promise<MembershipRole[]> {
      authorize(membershipRolesPolicy, 'manage', actor, scope);
      return present(actor, scope, await repository.list(scope.networkId, scope.groupId));
    },

    /** Makes a role; its slug comes from the name once (unique in the scope) and never changes. */
    async createRole(actor: Actor, scope: RoleScope, input: RoleInput): Promise<MembershipRole> {
      authorize(membershipRolesPolicy, 'manage', actor, scope);
      if ((await repository.count(scope.networkId, scope.groupId)) >= MEMBERSHIP_ROLE_LIMITS.perScopeMax)
        throw unprocessable({ name: ['too_many'] });
      const write = () =>
        events.transaction(async (tx) => {
          await lockForTransaction(tx, `membership_roles:${scope.networkId}:${scope.groupId ?? ''}`);
          const r = createMembershipRolesRepository(tx);
          const base = slugify(input.name, { maxLength: 60, fallback: 'role' });
          const slug = freeSlug(input.name, await r.slugsLike(scope.networkId, scope.groupId, base));
          const [row] = await r.insertMany([
            {
              networkId: scope.networkId,
              groupId: scope.groupId,
              slug,
              name: input.name,
              pluralName: input.plural_name,
              color: input.color,
              textColor: input.text_color,
              displayType: input.display_type,
            },
          ]);
          await record(tx, actor, MEMBERSHIP_ROLE_EVENTS.created, row!);
          return row!;
        });
      let row: MembershipRoleRow;
      try {
        row = await write();
      } catch (err) {
        // Two roles of the same name made at once: the second takes the next slug.
        if (!isUniqueViolation(err)) throw err;
        row = await write();
      }
      return (await present(actor, scope, [row]))[0]!;
    },

    /** Names, colours and display type; the slug stays. */
    async updateRole(actor: Actor, scope: RoleScope, id: string, input: RoleInput): Promise<MembershipRole> {
      authorize(membershipRolesPolicy, 'update', actor, scope);
      const role = await load(scope, id);
      const row = await events.transaction(async (tx) => {
        const saved = await createMembershipRolesRepository(tx).update(role.id, {
          name: input.name,
          pluralName: input.plural_name,
          color: input.color,
          textColor: input.text_color,
          displayType: input.display_type,
        });
        await record(tx, actor, MEMBERSHIP_ROLE_EVENTS.updated, saved);
        return saved;
      });
      return (await present(actor, scope, [row]))[0]!;
    },

    /** Deletes a role; nobody holds it any more. */
    async destroyRole(actor: Actor, scope: RoleScope, id: string): Promise<void> {
      authorize(membershipRolesPolicy, 'destroy', actor, scope);
      const role = await load(scope, id);
      await events.transaction(async (tx) => {
        const r = createMembershipRolesRepository(tx);
        const holders = (await r.holderCounts([role.id])).get(role.id) ?? 0;
        await r.remove(role.id);
        await record(tx, actor, MEMBERSHIP_ROLE_EVENTS.destroyed, role, { holder_count: holders });
      });
    },

    /** The roles a member holds, of the network and of groups, by name. */
    rolesOf: repository.rolesOf,

    /**
     * Sets which roles of one scope (the network's own by default, or one group's) a member holds,
     * as a whole: the others of that scope are taken away, roles of other scopes stay. A role id
     * that is not one of the scope's answers 422 `invalid` on `role_ids`. Records
     * `membership_role.assignments_updated` when anything changed; inside the caller's
     * transaction when `tx` is given. The caller checks that the membership is one of the network.
     */
    async setAssignments(
      networkId: string,
      membershipId: string,
      roleIds: string[],
      options: { actorId?: string | null; groupId?: string | null; tx?: Db } = {},
    ): Promise<MembershipRoleRow[]> {
      const groupId = options.groupId ?? null;
      const wanted = [...new Set(roleIds)];
      if (wanted.length > MEMBERSHIP_ROLE_LIMITS.assignmentsMax) throw unprocessable({ role_ids: ['too_long'] });
      const write = async (tx: Db) => {
        const r = createMembershipRolesRepository(tx);
        const found = await r.byIds(networkId, wanted);
        if (found.length !== wanted.length || found.some((role) => role.groupId !== groupId))
          throw unprocessable({ role_ids: ['invalid'] });
        const held = (await r.rolesOf(networkId, membershipId)).filter((role) => role.groupId === groupId);
        const heldIds = new Set(held.map((role) => role.id));
        const removed = held.filter((role) => !wanted.includes(role.id)).map((role) => role.id);
        const added = wanted.filter((id) => !heldIds.has(id));
        await r.unassign(membershipId, removed);
        await r.assign(added.map((roleId) => ({ roleId, membershipId, networkId })));
        if (removed.length > 0 || added.length > 0) {
          await events.record(tx, {
            networkId,
            type: MEMBERSHIP_ROLE_EVENTS.assigned,
            actorId: options.actorId ?? null,
            subject: { type: 'membership', id: membershipId },
            context: groupId ? { type: 'group', id: groupId } : null,
            changes: { added, removed, role_ids: wanted },
          });
        }
        return found;
      };
      return options.tx ? write(options.tx) : events.transaction(write);
    },
  };
}
