import type { Db } from '../../platform/db/client.ts';
import type { Events } from '../../platform/events/index.ts';

/** The domain events of appointments, recorded in the transaction of their write. */
export const APPOINTMENT_EVENTS = {
  created: 'appointment.created',
  updated: 'appointment.updated',
  destroyed: 'appointment.destroyed',
  canceled: 'appointment.canceled',
  /** Members were added; `invitees` got an invite (and maybe a mail). */
  participantsAdded: 'appointment.participants_added',
  /** A member answered, or an organiser set or removed someone's participation. */
  participationChanged: 'appointment.participation_changed',
  /** The organiser locked or unlocked participation. */
  participationLocked: 'appointment.participation_locked',
  /** The organiser mailed the attendees (the mails are queued with the event). */
  attendeesContacted: 'appointment.attendees_contacted',
} as const;

/**
 * A deleted calendar's appointments were unlinked from it (its subject), and those only in it
 * deleted: `appointment_ids` names them all, so that what showed them can follow.
 */
export const CALENDAR_APPOINTMENTS_UNLINKED = 'calendar.appointments_unlinked';

export type AppointmentEventType = (typeof APPOINTMENT_EVENTS)[keyof typeof APPOINTMENT_EVENTS];

/**
 * What every appointment event carries: `recount` names the members whose open invites changed
 * (their Calendars unread count is pushed once the event is handled).
 */
export type AppointmentEventChanges = { name: string; recount?: string[] } & Record<string, unknown>;

export type RecordAppointmentEvent = (
  tx: Db,
  input: {
    networkId: string;
    type: AppointmentEventType;
    actorId: string | null;
    /** The appointment or series row (an occurrence's events are its series'). */
    appointmentId: string;
    changes: AppointmentEventChanges;
  },
) => Promise<void>;

export function appointmentEventRecorder(events: Pick<Events, 'record'>): RecordAppointmentEvent {
  return (tx, input) =>
    events.record(tx, {
      networkId: input.networkId,
      type: input.type,
      actorId: input.actorId,
      subject: { type: 'appointment', id: input.appointmentId },
      changes: input.changes,
    });
}
