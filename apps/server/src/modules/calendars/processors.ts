import type { Processor } from '../../platform/events/index.ts';
import { GROUP_CREATED, GROUP_DESTROYED } from '../groups/index.ts';
import { MEETING_ROOM_DESTROYED, MEETING_ROOM_RENAMED } from '../meeting-rooms/index.ts';
import { NETWORK_CREATED } from '../networks/index.ts';
import type { CalendarsService } from './service.ts';

/**
 * Every network starts with its network calendar, every group with its group calendar. Both are
 * safe to make twice (the defaults' unique indexes hold), so a repeated delivery changes nothing.
 */
export function calendarProcessors(
  calendars: Pick<CalendarsService, 'ensureDefaults' | 'addGroupDefaults' | 'touch' | 'forgetGroup'>,
): Processor[] {
  return [
    {
      name: 'calendars.defaults',
      types: [NETWORK_CREATED, GROUP_CREATED],
      async handle(event) {
        if (event.type === NETWORK_CREATED) return calendars.ensureDefaults(event.networkId);
        const name = typeof event.changes.name === 'string' ? event.changes.name : '';
        await calendars.addGroupDefaults(event.networkId, [{ id: event.subject.id, name }]);
      },
    },
    {
      // A deleted group's calendars go with it (and by their own events, what was only in them).
      name: 'calendars.group-destroyed',
      types: [GROUP_DESTROYED],
      handle: (event, context) =>
        context.transaction((tx) => calendars.forgetGroup(tx, event.networkId, event.subject.id, event.actorId)),
    },
    {
      // Appointments show their room's name: cached month sheets of the network are stale.
      name: 'calendars.meeting-room-touch',
      types: [MEETING_ROOM_RENAMED, MEETING_ROOM_DESTROYED],
      handle: (event, context) => context.transaction((tx) => calendars.touch(tx, event.networkId)),
    },
  ];
}
