import { definePolicy, type Actor } from '../../platform/policy/index.ts';
import type { CalendarAccess } from '../calendars/index.ts';
import type { StoredAttendeeConfiguration } from './tables.ts';

/**
 * An appointment (a single one, a series, or one occurrence of a series) with what the rules
 * need, loaded beforehand: its calendars with the actor's rights in each, and its attendance.
 */
export type AppointmentSubject = {
  networkId: string;
  /** The series' author for occurrences, so that the author keeps the rights on every one. */
  authorId: string | null;
  calendars: CalendarAccess[];
  attendeeConfiguration: StoredAttendeeConfiguration;
  canceled: boolean;
  /** Whether a meeting room of the network is set (the appointment's, for an occurrence its own or the series'). */
  hasMeetingRoom: boolean;
  /** Accepted participants (of the occurrence, for an occurrence). */
  attendingCount: number;
  /** Participants of any status (removed ones aside). */
  participantCount: number;
  /**
   * Whether the actor has a participant row of it (any status but removed; for an occurrence
   * the occurrence's own row or else the series') or an open invite to it.
   */
  participating: boolean;
  /** Whether registration is required and its deadline has passed. */
  registrationClosed: boolean;
  /** Whether the appointment (the occurrence) is over. */
  over: boolean;
  /** The network's setting: whether members may still answer once an appointment is over. */
  retroactiveOpting: boolean;
};

export const APPOINTMENT_ACTIONS = [
  'read',
  'update',
  'destroy',
  'contact',
  'update_participants',
  'download_attendees',
  'opt',
  'show_attendees',
  'start_meeting',
  'create_appointments',
] as const;
export type AppointmentAction = (typeof APPOINTMENT_ACTIONS)[number];

export const appointmentPolicy = definePolicy<Actor, AppointmentSubject, AppointmentAction>({
  // An appointment is where its calendars are: whoever reads one of them reads it.
  read: (actor, x) => actor.networkId === x.networkId && x.calendars.some((c) => c.can.read),
  // Appointments only in archived groups' calendars are read only, as those groups are.
  update: (actor, x, can) =>
    !!can.read &&
    !x.calendars.every((c) => c.group?.archived) &&
    (actor.isNetworkAdmin ||
      (x.authorId !== null && x.authorId === actor.membershipId) ||
      x.calendars.some((c) => c.can.read && c.can.update)),
  destroy: (_actor, _x, can) => !!can.update,
  contact: (_actor, _x, can) => !!can.update,
  update_participants: (_actor, _x, can) => !!can.update,
  // An export of nobody is no file.
  download_attendees: (_actor, x, can) => !!can.update && x.participantCount > 0,
  // Participants and invitees answer; others sign up on their own only where members may opt
  // in, and guests never do for what they merely see. The server refuses the same (respond).
  opt: (actor, x, can) =>
    !!can.read &&
    !x.canceled &&
    !x.attendeeConfiguration.participation_locked &&
    (!x.over || x.retroactiveOpting) &&
    (x.participating || (x.attendeeConfiguration.user_can_opt && !actor.isExternal)),
  show_attendees: (_actor, x, can) =>
    !!can.read && (!x.attendeeConfiguration.show_participants_to_admins_only || !!can.update),
  // The meeting of its room: for who may change it and for who takes part; not once cancelled.
  start_meeting: (_actor, x, can) => !!can.read && x.hasMeetingRoom && !x.canceled && (!!can.update || x.participating),
  create_appointments: (_actor, x) => x.calendars.some((c) => c.can.create_appointments),
});
