import type { Db } from '../../platform/db/client.ts';
import type { Processor, ProcessorContext, StoredEvent } from '../../platform/events/index.ts';
import { CALENDAR_DESTROYED } from '../calendars/index.ts';
import { MEETING_ROOM_DESTROYED } from '../meeting-rooms/index.ts';
import { APPOINTMENT_EVENTS } from './events.ts';

type Handler = (event: StoredEvent, context: ProcessorContext) => Promise<void>;

export type AppointmentProcessorDeps = {
  /** Unlinks a deleted calendar and deletes what was only in it; answers whose invites changed. */
  forgetCalendar(tx: Db, networkId: string, calendarId: string): Promise<string[]>;
  forgetRoom(tx: Db, networkId: string, roomId: string): Promise<void>;
  announceInvites: Handler;
  notifyCanceled: Handler;
  pushCalendarUnreads(networkId: string, membershipIds: string[]): Promise<void>;
};

/** The appointments module's side effects, each run once per event from the job queue. */
export function appointmentProcessors(deps: AppointmentProcessorDeps): Processor[] {
  return [
    {
      name: 'appointments.invite-notifications',
      types: [APPOINTMENT_EVENTS.participantsAdded],
      handle: deps.announceInvites,
    },
    {
      name: 'appointments.cancel-notifications',
      types: [APPOINTMENT_EVENTS.canceled],
      handle: deps.notifyCanceled,
    },
    {
      // Pushes only: the count is read anew, so pushing twice does no harm.
      name: 'appointments.calendar-unreads',
      types: Object.values(APPOINTMENT_EVENTS),
      async handle(event) {
        const recount = event.changes.recount;
        if (Array.isArray(recount) && recount.length > 0) {
          await deps.pushCalendarUnreads(event.networkId, recount as string[]);
        }
      },
    },
    {
      name: 'appointments.calendar-destroyed',
      types: [CALENDAR_DESTROYED],
      async handle(event, context) {
        const recount = await context.transaction((tx) => deps.forgetCalendar(tx, event.networkId, event.subject.id));
        context.afterCommit(() => deps.pushCalendarUnreads(event.networkId, recount));
      },
    },
    {
      name: 'appointments.meeting-room-destroyed',
      types: [MEETING_ROOM_DESTROYED],
      handle: (event, context) => context.transaction((tx) => deps.forgetRoom(tx, event.networkId, event.subject.id)),
    },
  ];
}
