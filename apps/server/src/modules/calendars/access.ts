import type { GroupRole, StoredCalendarType } from '@agora/contracts';
import { abilities, type Actor } from '../../platform/policy/index.ts';
import type { GroupRow, GroupsService } from '../groups/index.ts';
import { calendarPolicy, type CalendarSubject } from './policy.ts';
import type { CalendarRow, CalendarWithShare } from './repository.ts';

/**
 * A calendar as other modules see it, with what the actor may do in it. For a calendar the
 * actor may not read (`can.read` false) only the id, network and `can` are meant to be used.
 */
export type CalendarAccess = {
  id: string;
  networkId: string;
  type: StoredCalendarType;
  name: string;
  color: string;
  parentId: string | null;
  ownerId: string | null;
  isDefault: boolean;
  /** An archived group's calendar is read only, and so are the appointments only in such calendars. */
  group: { id: string; slug: string; name: string; categoryName: string; archived?: boolean } | null;
  can: { read: boolean; update: boolean; destroy: boolean; create_appointments: boolean };
};

/** A calendar loaded for an actor: its row, what the policy saw and what it answered. */
export type LoadedCalendar = {
  row: CalendarRow;
  subject: CalendarSubject;
  access: CalendarAccess;
  can: Record<'read' | 'update' | 'destroy' | 'create_appointments' | 'share', boolean>;
};

/**
 * Applies the policy to calendars already loaded, with their groups and the actor's roles in
 * them fetched in one more query, however many groups there are.
 */
export async function resolveCalendars(
  groups: GroupsService,
  actor: Actor,
  rows: CalendarWithShare[],
): Promise<LoadedCalendar[]> {
  const groupIds = rows.flatMap(({ calendar }) =>
    calendar.type === 'group' && calendar.parentId ? [calendar.parentId] : [],
  );
  const groupsById = groupIds.length > 0 ? await groups.withRolesAndCategories(actor, groupIds) : new Map();
  return rows.map(({ calendar, sharedWithActor }) =>
    judgeCalendar(
      actor,
      calendar,
      calendar.type === 'group' && calendar.parentId ? groupsById.get(calendar.parentId) : undefined,
      !!sharedWithActor,
    ),
  );
}

/**
 * The policy's answer on one calendar for one actor, from its group (with the actor's role in it
 * and its category's name; undefined for other calendars or a group that is gone).
 */
export function judgeCalendar(
  actor: Actor,
  calendar: CalendarRow,
  found: { group: GroupRow; role: GroupRole | null; categoryName: string } | undefined,
  sharedWithActor: boolean,
): LoadedCalendar {
  const subject: CalendarSubject = {
    calendar,
    group: found ? { access: found.group.access, archived: found.group.archived } : null,
    groupRole: found?.role ?? null,
    sharedWithActor,
  };
  const can = abilities(calendarPolicy, actor, subject);
  const access: CalendarAccess = {
    id: calendar.id,
    networkId: calendar.networkId,
    type: calendar.type,
    name: calendar.name,
    color: calendar.color,
    parentId: calendar.parentId,
    ownerId: calendar.ownerId,
    isDefault: calendar.isDefault,
    group: found
      ? {
          id: found.group.id,
          slug: found.group.slug,
          name: found.group.name,
          categoryName: found.categoryName,
          archived: found.group.archived,
        }
      : null,
    can: { read: can.read, update: can.update, destroy: can.destroy, create_appointments: can.create_appointments },
  };
  return { row: calendar, subject, access, can };
}

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

/** Network calendars, group calendars, the actor's own, those shared with the actor. */
function rank(actor: Actor, c: CalendarAccess): number {
  if (c.type === 'network') return 0;
  if (c.type === 'group') return 1;
  return c.ownerId === actor.membershipId ? 2 : 3;
}

/**
 * The order of the calendar list and filter: by kind, group calendars by their group's name,
 * the calendar a network or group was made with first, then by name.
 */
export function sortCalendars<T extends { access: CalendarAccess }>(actor: Actor, list: T[]): T[] {
  return [...list].sort((x, y) => {
    const a = x.access;
    const b = y.access;
    return (
      rank(actor, a) - rank(actor, b) ||
      collator.compare(a.group?.name ?? '', b.group?.name ?? '') ||
      (a.group?.id ?? '').localeCompare(b.group?.id ?? '') ||
      Number(b.isDefault) - Number(a.isDefault) ||
      collator.compare(a.name, b.name) ||
      a.id.localeCompare(b.id)
    );
  });
}
