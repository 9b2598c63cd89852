import {
  PARTICIPATION_ERROR_KEYS,
  type Appointment,
  type OwnParticipationStatus,
  type Participant,
  type ParticipantStatus,
} from '@agora/contracts';
import { ApiError } from '../../../app/api-client.ts';
import { errorMessage } from '../../../ui/use-error-message.ts';
import { i18n } from '../../../i18n/index.ts';
import { isOccurrenceId } from './occurrence.ts';

/**
 * Whether a change made on this appointment asks "this occurrence or the whole series": an
 * occurrence of a series, generated or modified (calendars spec, section 4).
 */
export function isOccurrence(appointment: Pick<Appointment, 'id' | 'type'>): boolean {
  return appointment.type === 'virtual_appointment' || isOccurrenceId(appointment.id);
}

/** Whether the appointment is a whole series (no participation lock for it, spec section 4). */
export function isSeries(appointment: Pick<Appointment, 'type'>): boolean {
  return appointment.type === 'recurring_appointment';
}

/** The three answers of the RSVP widget: 'invited' and 'open' are both "no answer". */
export function ownAnswer(status: ParticipantStatus | undefined): OwnParticipationStatus {
  if (status === 'accepted') return 'accepted';
  if (status === 'declined' || status === 'rejected') return 'declined';
  return 'open';
}

/** The status sections of the participant lists, in the list order of the spec (section 9). */
export const ATTENDEE_SECTIONS = ['accepted', 'declined', 'invited'] as const;
export type AttendeeSection = (typeof ATTENDEE_SECTIONS)[number];

export function sectionOf(participant: Participant): AttendeeSection {
  if (participant.status === 'accepted') return 'accepted';
  if (participant.status === 'declined' || participant.status === 'rejected') return 'declined';
  return 'invited';
}

const ANSWER_ERRORS: readonly string[] = [
  PARTICIPATION_ERROR_KEYS.locked,
  PARTICIPATION_ERROR_KEYS.full,
  PARTICIPATION_ERROR_KEYS.deadlinePassed,
  PARTICIPATION_ERROR_KEYS.over,
  PARTICIPATION_ERROR_KEYS.canceled,
  PARTICIPATION_ERROR_KEYS.notOptable,
];

/** The sentence for a refused answer: the participation error's own, else the generic one. */
export function answerErrorMessage(error: unknown): string {
  if (error instanceof ApiError && ANSWER_ERRORS.includes(error.key)) {
    return i18n.t(`appointments:rsvp.errors.${error.key}`);
  }
  return errorMessage(error);
}

/** Whether a file lock is still in force. */
export function isLocked(lockedUntil: string | null, now: Date = new Date()): lockedUntil is string {
  return lockedUntil !== null && Date.parse(lockedUntil) > now.getTime();
}
