import { idSchema, type Calendar, type CalendarContext, type CalendarInput } from '@agora/contracts';
import type { Db } from '../../platform/db/client.ts';
import type { Events } from '../../platform/events/index.ts';
import { HttpError, notFound, unprocessable } from '../../platform/errors.ts';
import { allows, authorize, type Actor } from '../../platform/policy/index.ts';
import type { GroupsService } from '../groups/index.ts';
import type { MembersService, MembershipRow } from '../members/index.ts';
import type { NetworksService } from '../networks/index.ts';
import { judgeCalendar, resolveCalendars, sortCalendars, type CalendarAccess, type LoadedCalendar } from './access.ts';
import { calendarPolicy, groupCalendarsPolicy, networkCalendarsPolicy } from './policy.ts';
import { createCalendarDefaults } from './defaults.ts';
import { presentCalendar } from './present.ts';
import {
  createCalendarsRepository,
  type CalendarVersions,
  type CalendarWithShare,
  type VersionedPart,
} from './repository.ts';

export type CalendarsService = ReturnType<typeof createCalendarsService>;

/** The domain events of calendars; appointments only in a deleted calendar go with it. */
export const CALENDAR_CREATED = 'calendar.created';
export const CALENDAR_UPDATED = 'calendar.updated';
export const CALENDAR_DESTROYED = 'calendar.destroyed';
export const CALENDAR_SHARE_REMOVED = 'calendar.share_removed';

export type CalendarsDeps = {
  db: Db;
  events: Pick<Events, 'record'>;
  networks: NetworksService;
  groups: GroupsService;
  members: MembersService;
  /** The member's feed token (accounts module), for the preloaded context. */
  feedToken: (userId: string) => Promise<string | null>;
  /** network can.create_meetings: whether the network has meeting rooms (meeting-rooms module); false without. */
  canCreateMeetings?: (networkId: string) => Promise<boolean>;
};

export function createCalendarsService(deps: CalendarsDeps) {
  const repository = createCalendarsRepository(deps.db);

  /** Records a calendar's event in the write's transaction. */
  function recordCalendar(
    tx: Db,
    actor: Actor,
    type: string,
    row: { id: string; networkId: string; type: string; parentId: string | null; name: string },
  ) {
    return deps.events.record(tx, {
      networkId: row.networkId,
      type,
      actorId: actor.membershipId,
      subject: { type: 'calendar', id: row.id },
      context: row.type === 'group' && row.parentId ? { type: 'group', id: row.parentId } : null,
      changes: { name: row.name, type: row.type },
    });
  }
  const defaults = createCalendarDefaults({ repository, networks: deps.networks, groups: deps.groups });

  async function readable(actor: Actor, rows: CalendarWithShare[]): Promise<LoadedCalendar[]> {
    const loaded = await resolveCalendars(deps.groups, actor, rows);
    return sortCalendars(
      actor,
      loaded.filter((c) => c.can.read),
    );
  }

  async function accessible(actor: Actor): Promise<LoadedCalendar[]> {
    return readable(actor, await repository.candidatesFor(actor.networkId, actor.membershipId));
  }

  async function loadMany(actor: Actor, ids: string[]): Promise<LoadedCalendar[]> {
    const valid = [...new Set(ids)].filter((id) => idSchema.safeParse(id).success);
    const rows = await repository.byIds(actor.networkId, actor.membershipId, valid);
    return resolveCalendars(deps.groups, actor, rows);
  }

  /** Share recipients must be members of the network who sign in (no consumers), not the owner. */
  async function checkRecipients(networkId: string, ids: string[], ownerId: string | null): Promise<string[]> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return [];
    const found = new Map((await deps.members.findMany(networkId, unique)).map((m) => [m.id, m]));
    const valid = unique.every((id) => found.get(id)?.kind === 'member' && id !== ownerId);
    if (!valid) throw unprocessable({ membership_ids: ['invalid'] });
    return unique;
  }

  /** What a calendar's type says about `parent_id` and `membership_ids`, before anything is loaded. */
  function shapeErrors(input: CalendarInput): Record<string, string[]> {
    const errors: Record<string, string[]> = {};
    if (input.type === 'group' && !input.parent_id) errors.parent_id = ['required'];
    if (input.type !== 'group' && input.parent_id) errors.parent_id = ['invalid'];
    // Only personal calendars are shared with members.
    if (input.type !== 'personal' && input.membership_ids.length > 0) errors.membership_ids = ['invalid'];
    return errors;
  }

  async function groupOfNewCalendar(actor: Actor, groupId: string) {
    try {
      return await deps.groups.loadByIdForActor(actor, groupId);
    } catch (error) {
      // A group the member cannot see is, for this form, no group at all.
      if (error instanceof HttpError && error.statusCode === 404) throw unprocessable({ parent_id: ['invalid'] });
      throw error;
    }
  }

  async function reload(actor: Actor, id: string): Promise<LoadedCalendar> {
    const [loaded] = await loadMany(actor, [id]);
    if (!loaded) throw new Error(`Calendar ${id} vanished`);
    return loaded;
  }

  return {
    /** Every calendar the actor may read, in list order: two queries. */
    async accessible(actor: Actor): Promise<CalendarAccess[]> {
      return (await accessible(actor)).map((c) => c.access);
    },
    /**
     * accessible, with the network's versions read in the same statement as the calendars:
     * what is computed from them and from rows read afterwards is at least those versions'
     * state (the month sheet caches under them).
     */
    async accessibleWithVersion(
      actor: Actor,
      onlyIds?: string[],
    ): Promise<{ calendars: CalendarAccess[]; versions: CalendarVersions }> {
      // Asked for some calendars (the month sheet's selection), only those are loaded and judged,
      // not every calendar of the network's groups.
      const { rows, versions } = onlyIds
        ? await repository.byIdsWithVersion(
            actor.networkId,
            actor.membershipId,
            [...new Set(onlyIds)].filter((id) => idSchema.safeParse(id).success),
          )
        : await repository.candidatesWithVersion(actor.networkId, actor.membershipId);
      return { calendars: (await readable(actor, rows)).map((c) => c.access), versions };
    },
    /**
     * Raises one of the network's versions inside the caller's transaction: every write to
     * calendars, their shares, appointments and what a month answer shows of them (`calendars`,
     * the default), and every write to who takes part (`participation`), so that cached answers
     * of an old version are never served again.
     */
    touch(tx: Db, networkId: string, part?: VersionedPart): Promise<void> {
      return repository.touch(tx, networkId, part);
    },
    /**
     * The calendars each of some members of one network may read (accessible for many at once,
     * not in list order), keyed by membership id: two queries however many members.
     */
    async readableByMembers(actors: Actor[]): Promise<Map<string, CalendarAccess[]>> {
      const result = new Map<string, CalendarAccess[]>(actors.map((a) => [a.membershipId, []]));
      const networkId = actors[0]?.networkId;
      if (!networkId) return result;
      if (actors.some((a) => a.networkId !== networkId)) throw new Error('readableByMembers: one network at a time');
      const ids = actors.map((a) => a.membershipId);
      const rows = await repository.candidatesForMembers(networkId, ids);
      const groupIds = rows.flatMap(({ calendar }) =>
        calendar.type === 'group' && calendar.parentId ? [calendar.parentId] : [],
      );
      const groups = await deps.groups.withRolesOfMembers(networkId, groupIds, ids);
      for (const actor of actors) {
        const readable = result.get(actor.membershipId)!;
        for (const { calendar, sharedWith } of rows) {
          const shared = sharedWith.includes(actor.membershipId);
          // Another member's personal calendar, not shared with this one.
          if (calendar.type === 'personal' && calendar.ownerId !== actor.membershipId && !shared) continue;
          const group = calendar.type === 'group' && calendar.parentId ? groups.get(calendar.parentId) : undefined;
          const found = group && { ...group, role: group.roles.get(actor.membershipId) ?? null };
          const judged = judgeCalendar(actor, calendar, found, shared);
          if (judged.can.read) readable.push(judged.access);
        }
      }
      return result;
    },
    /** The given calendars of the actor's network (unreadable ones with `can.read` false; unknown ids absent). */
    async accessMany(actor: Actor, ids: string[]): Promise<Map<string, CalendarAccess>> {
      return new Map((await loadMany(actor, ids)).map((c) => [c.access.id, c.access]));
    },

    /** Of some calendars, the group of each group calendar (for what is indexed, no one asking): one query. */
    async groupIdsOf(networkId: string, ids: string[]): Promise<Map<string, string>> {
      const valid = [...new Set(ids)].filter((id) => idSchema.safeParse(id).success);
      const rows = await repository.byIds(networkId, '', valid);
      return new Map(
        rows.flatMap(({ calendar }) =>
          calendar.type === 'group' && calendar.parentId ? [[calendar.id, calendar.parentId] as const] : [],
        ),
      );
    },

    /** Every readable calendar, as the list shows them. */
    list: accessible,
    /** A group's calendars the actor may read; 404 for a group the actor may not see. */
    async listOfGroup(actor: Actor, slug: string): Promise<LoadedCalendar[]> {
      const { group } = await deps.groups.loadForActor(actor, slug);
      return (await accessible(actor)).filter((c) => c.row.type === 'group' && c.row.parentId === group.id);
    },
    /** A calendar the actor may read; 404 for a malformed, unknown, foreign or unreadable id. */
    async loadForActor(actor: Actor, rawId: string): Promise<LoadedCalendar> {
      const [loaded] = await loadMany(actor, [rawId]);
      if (!loaded?.can.read) throw notFound();
      return loaded;
    },
    /** Calendars as the spec shows them: their authors and recipients named in one query. */
    async present(actor: Actor, list: LoadedCalendar[]): Promise<Calendar[]> {
      const shares = await repository.sharesOf(list.filter((c) => c.can.share).map((c) => c.row.id));
      const memberIds = new Set<string>();
      for (const c of list) if (c.row.authorId) memberIds.add(c.row.authorId);
      for (const ids of shares.values()) for (const id of ids) memberIds.add(id);
      const members = new Map<string, MembershipRow>(
        (await deps.members.findMany(actor.networkId, [...memberIds])).map((m) => [m.id, m]),
      );
      return list.map((c) => presentCalendar(actor, c, members, shares.get(c.row.id) ?? []));
    },

    /** `POST /calendars`: who may make which type is the container's to say (networkCalendarsPolicy). */
    async create(actor: Actor, input: CalendarInput): Promise<LoadedCalendar> {
      const errors = shapeErrors(input);
      if (Object.keys(errors).length > 0) throw unprocessable(errors);
      if (input.type === 'network') authorize(networkCalendarsPolicy, 'create_calendars', actor, null);
      if (input.type === 'personal') authorize(networkCalendarsPolicy, 'create_personal_calendars', actor, null);
      if (input.type === 'group') {
        const { role } = await groupOfNewCalendar(actor, input.parent_id!);
        authorize(groupCalendarsPolicy, 'create_calendars', actor, { role });
      }
      const ownerId = input.type === 'personal' ? actor.membershipId : null;
      const recipients = await checkRecipients(actor.networkId, input.membership_ids, ownerId);
      const [row] = await repository.transaction(async (tx) => {
        await repository.touch(tx, actor.networkId);
        const inserted = await repository.insert(
          tx,
          [
            {
              networkId: actor.networkId,
              type: input.type,
              name: input.name,
              color: input.color,
              parentId: input.type === 'group' ? input.parent_id : null,
              ownerId,
              authorId: actor.membershipId,
            },
          ],
          [{ index: 0, membershipIds: recipients }],
        );
        await recordCalendar(tx, actor, CALENDAR_CREATED, inserted[0]!);
        return inserted;
      });
      return reload(actor, row!.id);
    },

    /** `PUT /calendars/{id}`: name, colour and (personal) recipients; type and group stay. */
    async update(actor: Actor, calendar: LoadedCalendar, input: CalendarInput): Promise<LoadedCalendar> {
      authorize(calendarPolicy, 'update', actor, calendar.subject);
      const { row } = calendar;
      const errors = shapeErrors(input);
      if (input.type !== row.type) errors.type = ['invalid'];
      else if (row.type === 'group' && input.parent_id && input.parent_id !== row.parentId) {
        errors.parent_id = ['invalid'];
      }
      if (Object.keys(errors).length > 0) throw unprocessable(errors);
      const recipients = await checkRecipients(actor.networkId, input.membership_ids, row.ownerId);
      await repository.transaction(async (tx) => {
        await repository.touch(tx, row.networkId);
        await repository.update(tx, row.id, { name: input.name, color: input.color });
        if (row.type === 'personal') await repository.replaceShares(tx, row, recipients);
        await recordCalendar(tx, actor, CALENDAR_UPDATED, { ...row, name: input.name });
      });
      return reload(actor, row.id);
    },

    /** `DELETE /calendars/{id}`: what was only in it goes by the event's processors (appointments). */
    async destroy(actor: Actor, calendar: LoadedCalendar): Promise<void> {
      authorize(calendarPolicy, 'destroy', actor, calendar.subject);
      const { row } = calendar;
      await repository.transaction(async (tx) => {
        await repository.touch(tx, row.networkId);
        await repository.delete(tx, row.id);
        await recordCalendar(tx, actor, CALENDAR_DESTROYED, row);
      });
    },

    /** `DELETE /calendars/{id}/share`: a recipient drops a calendar shared with them. */
    async removeShare(actor: Actor, calendar: LoadedCalendar): Promise<void> {
      if (calendar.row.type !== 'personal' || !calendar.subject.sharedWithActor) throw notFound();
      const removed = await repository.transaction(async (tx) => {
        const found = await repository.deleteShare(tx, calendar.row.id, actor.membershipId);
        if (found) {
          await repository.touch(tx, calendar.row.networkId);
          await recordCalendar(tx, actor, CALENDAR_SHARE_REMOVED, calendar.row);
        }
        return found;
      });
      if (!removed) throw notFound();
    },

    /** `GET /api/v1/calendars/context`: what the member, the network and the group (if asked) allow. */
    async context(actor: Actor, groupSlug: string | undefined): Promise<CalendarContext> {
      const group = groupSlug ? await deps.groups.loadForActor(actor, groupSlug) : null;
      const calendars = await accessible(actor);
      const network = await deps.networks.get(actor.networkId);
      if (!network) throw notFound();
      const settings = deps.networks.settings(network);
      const [token, createMeetings] = await Promise.all([
        deps.feedToken(actor.userId),
        deps.canCreateMeetings ? deps.canCreateMeetings(actor.networkId) : false,
      ]);
      return {
        network: {
          can: {
            create_calendars: allows(networkCalendarsPolicy, 'create_calendars', actor, null),
            create_appointments: calendars.some((c) => c.can.create_appointments),
            create_meetings: createMeetings,
          },
          config: {
            retroactive_opting: settings.appointments_retroactive_opting,
            default_lock_period_days: settings.default_lock_period_days,
          },
        },
        member: {
          can: {
            create_personal_calendars: allows(networkCalendarsPolicy, 'create_personal_calendars', actor, null),
            // No Teams integration is configured yet.
            see_teams_event_options: false,
          },
          authentication_token: token,
        },
        group: group
          ? {
              id: group.group.id,
              slug: group.group.slug,
              name: group.group.name,
              can: {
                create_calendars: allows(groupCalendarsPolicy, 'create_calendars', actor, { role: group.role }),
                create_appointments: calendars.some(
                  (c) => c.row.type === 'group' && c.row.parentId === group.group.id && c.can.create_appointments,
                ),
              },
            }
          : null,
      };
    },

    /**
     * A deleted group's calendars go with it, each recorded as destroyed so that what was only in
     * them goes too (the appointments module's processor); in the caller's transaction.
     */
    async forgetGroup(tx: Db, networkId: string, groupId: string, actorId: string | null): Promise<void> {
      const deleted = await repository.deleteOfGroup(tx, networkId, groupId);
      if (deleted.length === 0) return;
      await repository.touch(tx, networkId);
      for (const row of deleted)
        await deps.events.record(tx, {
          networkId,
          type: CALENDAR_DESTROYED,
          actorId,
          subject: { type: 'calendar', id: row.id },
          context: { type: 'group', id: groupId },
          changes: { name: row.name, type: row.type },
        });
    },

    ensureDefaults: defaults.ensureDefaults,
    addGroupDefaults: defaults.addGroupDefaults,
    createMany: defaults.createMany,
  };
}
