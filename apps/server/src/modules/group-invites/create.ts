import {
  ERROR_KEYS,
  GROUP_INVITE_ERROR_KEYS as KEYS,
  GROUP_INVITE_LIMITS,
  type membershipInvitesBodySchema,
  type MembershipInvitesResult,
} from '@agora/contracts';
import type { z } from 'zod';
import { forbidden, notFound, unprocessable } from '../../platform/errors.ts';
import { allows, type Actor } from '../../platform/policy/index.ts';
import { groupPolicy, type GroupRow, type GroupSubject } from '../groups/index.ts';
import type { MembershipRow } from '../members/index.ts';
import { groupSubjects, type GroupInvitesDeps } from './deps.ts';
import { GROUP_INVITE_EVENTS } from './events.ts';
import type { GroupInvitesRepository } from './repository.ts';

type Body = z.output<typeof membershipInvitesBodySchema>['membership_invites'];

/**
 * Where `POST {prefix}/membership_invites` was sent: under a group the members are invited to
 * that group (and `group_ids` are groups whose members are invited too); without a prefix or
 * under a category, `group_ids` are the groups the members are invited to (under a category,
 * groups of that category only).
 */
export type InviteTarget = { kind: 'network' } | { kind: 'group'; slug: string } | { kind: 'category'; id: string };

export function createInviting(deps: GroupInvitesDeps, repository: GroupInvitesRepository) {
  const { groups, members } = deps;

  /** The groups of the ids the actor may read, as subjects (one query); 422 for any other. */
  async function readableSubjects(actor: Actor, ids: string[]): Promise<GroupSubject[]> {
    const found = await groupSubjects(groups, actor, ids);
    const subjects = ids.map((id) => found.get(id));
    if (subjects.some((s) => !s || !allows(groupPolicy, 'read', actor, s))) {
      throw unprocessable({ group_ids: [KEYS.groupNotInvitable] });
    }
    return subjects as GroupSubject[];
  }

  /** The groups invited to, each of which the actor may invite to (404 / 403 under a group). */
  async function targetGroups(actor: Actor, target: InviteTarget, body: Body): Promise<GroupSubject[]> {
    if (target.kind === 'group') {
      const subject = await groups.loadForActor(actor, target.slug);
      if (!allows(groupPolicy, 'invite_internal', actor, subject)) throw forbidden();
      return [subject];
    }
    if (target.kind === 'category') {
      const categories = await groups.categoriesForShell(actor);
      if (!categories.some((c) => c.id === target.id)) throw notFound();
    }
    if (body.group_ids.length === 0) {
      throw unprocessable(
        body.membership_ids.length === 0 ? { base: [KEYS.memberOrGroupRequired] } : { group_ids: [KEYS.groupRequired] },
      );
    }
    const subjects = await readableSubjects(actor, [...new Set(body.group_ids)]);
    const refused = subjects.some(
      (s) =>
        !allows(groupPolicy, 'invite_internal', actor, s) ||
        (target.kind === 'category' && s.group.groupCategoryId !== target.id),
    );
    if (refused) throw unprocessable({ group_ids: [KEYS.groupNotInvitable] });
    return subjects;
  }

  /** The members picked by name and, under a group, the members of the groups picked. */
  async function invitees(actor: Actor, target: InviteTarget, body: Body): Promise<MembershipRow[]> {
    const picked = [...new Set(body.membership_ids)];
    const rows = await members.findMany(actor.networkId, picked);
    if (rows.length !== picked.length || rows.some((m) => m.lockedAt !== null || m.kind !== 'member')) {
      throw unprocessable({ membership_ids: [KEYS.memberUnknown] });
    }
    if (target.kind !== 'group' || body.group_ids.length === 0) return rows;
    const sources = await readableSubjects(actor, [...new Set(body.group_ids)]);
    const ids = await groups.memberIds(
      actor.networkId,
      sources.map((s) => s.group.id),
    );
    const more = ids.filter((id) => !picked.includes(id));
    if (more.length + rows.length > GROUP_INVITE_LIMITS.invitees) {
      throw unprocessable({ group_ids: [KEYS.tooManyInvitees] });
    }
    const found = await members.findMany(actor.networkId, more);
    return [...rows, ...found.filter((m) => m.lockedAt === null && m.kind === 'member')];
  }

  /** Whom of the invitees a group's invitation is for: not the inviter, no member, not invited yet. */
  async function freshFor(group: GroupRow, actor: Actor, people: MembershipRow[]): Promise<MembershipRow[]> {
    const [memberIds, invited] = await Promise.all([
      groups.memberIds(actor.networkId, [group.id]),
      repository.openInvitees(
        group.id,
        people.map((p) => p.id),
      ),
    ]);
    const inGroup = new Set(memberIds);
    return people.filter(
      (p) =>
        p.id !== actor.membershipId &&
        !inGroup.has(p.id) &&
        !invited.has(p.id) &&
        // Guests see only the groups shown to externals: an invitation to another would lead nowhere.
        (!p.isExternal || group.externallyVisible),
    );
  }

  return {
    /** `POST {prefix}/membership_invites`: one event per group invited to. */
    async invite(
      actor: Actor,
      target: InviteTarget,
      body: Body,
      // The demo's invitations are not mailed (its seed runs before the mail queue exists).
      options: { sendEmail?: boolean } = {},
    ): Promise<MembershipInvitesResult> {
      if (target.kind === 'group' && body.membership_ids.length === 0 && body.group_ids.length === 0) {
        // Checked after the group is found, so that an unreadable group stays a 404.
        await targetGroups(actor, target, body);
        throw unprocessable({ base: [KEYS.memberOrGroupRequired] });
      }
      const subjects = await targetGroups(actor, target, body);
      if (body.membership_ids.length === 0 && target.kind !== 'group') {
        throw unprocessable({ membership_ids: [ERROR_KEYS.required] });
      }
      const people = await invitees(actor, target, body);
      if (people.length * subjects.length > GROUP_INVITE_LIMITS.invitees) {
        throw unprocessable({ group_ids: [KEYS.tooManyInvitees] });
      }
      const plans = await Promise.all(
        subjects.map(async (s) => ({ group: s.group, fresh: await freshFor(s.group, actor, people) })),
      );
      const written = await deps.events.transaction(async (tx) => {
        let count = 0;
        for (const { group, fresh } of plans) {
          const rows = await repository.insertMany(
            fresh.map((p) => ({
              networkId: actor.networkId,
              groupId: group.id,
              membershipId: p.id,
              authorId: actor.membershipId,
              additionalMessage: body.additional_message,
            })),
            tx,
          );
          count += rows.length;
          if (rows.length === 0) continue;
          await deps.events.record(tx, {
            networkId: actor.networkId,
            type: GROUP_INVITE_EVENTS.created,
            actorId: actor.membershipId,
            subject: { type: 'group', id: group.id },
            context: { type: 'group_category', id: group.groupCategoryId },
            changes: {
              group_name: group.name,
              invite_ids: rows.map((r) => r.id),
              invitee_ids: rows.map((r) => r.membershipId),
              additional_message: body.additional_message,
              send_email: options.sendEmail ?? true,
            },
          });
        }
        return count;
      });
      return { message: 'invites_created', invited: written, skipped: people.length * subjects.length - written };
    },
  };
}
