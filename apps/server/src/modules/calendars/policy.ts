import type { GroupAccess, GroupRole, StoredCalendarType } from '@agora/contracts';
import { definePolicy, type Actor } from '../../platform/policy/index.ts';

/**
 * A calendar with what its rules need: for a group calendar, its group's access and the
 * actor's role in that group (null: not a member, or no such group); for a personal one,
 * whether it is shared with the actor.
 */
export type CalendarSubject = {
  calendar: { networkId: string; type: StoredCalendarType; ownerId: string | null; isDefault: boolean };
  /** An archived group's calendars are read only. */
  group: { access: GroupAccess; archived?: boolean } | null;
  groupRole: GroupRole | null;
  sharedWithActor: boolean;
};

const isOwner = (actor: Actor, { calendar }: CalendarSubject) =>
  calendar.type === 'personal' && calendar.ownerId === actor.membershipId;

export const calendarPolicy = definePolicy<
  Actor,
  CalendarSubject,
  'read' | 'update' | 'destroy' | 'create_appointments' | 'share'
>({
  read: (actor, subject) => {
    const { calendar, group, groupRole } = subject;
    if (actor.networkId !== calendar.networkId) return false;
    switch (calendar.type) {
      // Guests see what they are invited into, not the whole network's agenda.
      case 'network':
        return !actor.isExternal || actor.isNetworkAdmin;
      // A closed or hidden group's agenda is its members' business; an open group's is everyone's
      // but the guests', as its pages are.
      case 'group':
        return (
          actor.isNetworkAdmin ||
          (group !== null && (groupRole !== null || (group.access === 'open' && !actor.isExternal)))
        );
      case 'personal':
        return isOwner(actor, subject) || subject.sharedWithActor;
    }
  },
  update: (actor, subject, can) => {
    if (!can.read) return false;
    switch (subject.calendar.type) {
      case 'network':
        return actor.isNetworkAdmin;
      case 'group':
        return !subject.group?.archived && (actor.isNetworkAdmin || subject.groupRole === 'admin');
      case 'personal':
        return isOwner(actor, subject);
    }
  },
  // The calendar a network or group is made with goes only with it.
  destroy: (_actor, { calendar }, can) => !!can.update && !calendar.isDefault,
  create_appointments: (actor, subject, can) => {
    if (!can.read) return false;
    switch (subject.calendar.type) {
      case 'network':
        return actor.isNetworkAdmin;
      // Any member of the group, guests included once they are members.
      case 'group':
        return !subject.group?.archived && (actor.isNetworkAdmin || subject.groupRole !== null);
      case 'personal':
        return isOwner(actor, subject);
    }
  },
  // Only personal calendars are shared, by their owners.
  share: (actor, subject, can) => !!can.update && isOwner(actor, subject),
});

/** Who may make calendars in the network (the preloaded context of the calendars spec, section 3). */
export const networkCalendarsPolicy = definePolicy<Actor, null, 'create_calendars' | 'create_personal_calendars'>({
  create_calendars: (actor) => actor.isNetworkAdmin,
  // Guests keep no agenda of their own here.
  create_personal_calendars: (actor) => !actor.isExternal,
});

/** Who may make calendars in a group: its administrators and the network's. */
export const groupCalendarsPolicy = definePolicy<Actor, { role: GroupRole | null }, 'create_calendars'>({
  create_calendars: (actor, { role }) => actor.isNetworkAdmin || role === 'admin',
});
