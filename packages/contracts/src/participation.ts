import { z } from './zod.ts';
import { APPLY_TO, INVITEE_LIMITS, inviteesSchema, type AppointmentDate } from './appointment.ts';
import type { MemberRef } from './calendar.ts';
import { idSchema } from './ids.ts';
import { longText, nameText, TEXT_LIMITS } from './text.ts';
import { instantSchema } from './dates.ts';
import type { MemberImages } from './member.ts';

/**
 * Participation, invites, contacting attendees and meeting rooms of the calendars spec
 * (sections 2 to 9).
 */

/** 'open' and 'invited' are the same idea of no answer; 'rejected' is a refusal by the organiser. */
export const PARTICIPANT_STATUSES = ['accepted', 'declined', 'rejected', 'invited', 'open'] as const;
export type ParticipantStatus = (typeof PARTICIPANT_STATUSES)[number];

/** What a member answers for themselves (`PUT /appointments/{id}/participants/me`). */
export const OWN_PARTICIPATION_STATUSES = ['accepted', 'declined', 'open'] as const;
export type OwnParticipationStatus = (typeof OWN_PARTICIPATION_STATUSES)[number];

export const INVITE_STATUSES = ['open', 'accepted', 'declined', 'obsolete', 'expired'] as const;
export type InviteStatus = (typeof INVITE_STATUSES)[number];

/** The invites inbox tabs: the first three list participations, the others invites. */
export const INVITE_TABS = ['open', 'upcoming', 'accepted', 'declined', 'expired', 'obsolete'] as const;
export type InviteTab = (typeof INVITE_TABS)[number];
export const PARTICIPATION_STATUSES = ['upcoming', 'accepted', 'declined'] as const;
export type ParticipationListStatus = (typeof PARTICIPATION_STATUSES)[number];
export const INVITE_LIST_STATUSES = ['open', 'expired', 'obsolete'] as const;
export type InviteListStatus = (typeof INVITE_LIST_STATUSES)[number];

export const CONTACT_AUDIENCES = ['all', 'accepted', 'declined', 'no_reaction'] as const;
export type ContactAudience = (typeof CONTACT_AUDIENCES)[number];

export const PARTICIPATION_LIMITS = {
  invitesPageSize: 50,
  participationsPageSize: 20,
  participantsPageSize: 50,
  participantsMaxPageSize: 200,
  /** After adding participants the list is fetched again after these delays (the last one resets). */
  refreshDelaysMs: [3000, 9000, 18000],
  /** Adding more members than this at once (groups, roles) runs as a job. */
  inlineAddMax: 200,
  membersPerAddMax: INVITEE_LIMITS.membersMax,
  groupsPerAddMax: INVITEE_LIMITS.groupsMax,
  rolesPerAddMax: INVITEE_LIMITS.rolesMax,
  contactSubjectMaxLength: TEXT_LIMITS.line,
  contactTextMaxLength: 20_000,
  meetingRoomNameMaxLength: TEXT_LIMITS.line,
} as const;

export const PARTICIPATION_ERROR_KEYS = {
  /** Participation is locked by the organiser. */
  locked: 'participation_locked',
  /** The attendee total is enforced and reached. */
  full: 'total_attendees_exceeded',
  /** The registration deadline has passed. */
  deadlinePassed: 'registration_deadline_passed',
  /** The appointment is over and the network does not allow answering afterwards. */
  over: 'appointment_over',
  canceled: 'appointment_canceled',
  /** Members may not sign up on their own (user_can_opt off), only answer an invite. */
  notOptable: 'opting_not_allowed',
  /** Adding participants needs at least one member, group or role. */
  nobodyToAdd: 'participants_empty',
  /** The invite is not open (or expired without retroactive opting). */
  inviteNotOpen: 'invite_not_open',
  /** A room already booked for an overlapping time. */
  roomOccupied: 'room_occupied',
  /** A room needs an end time. */
  roomNeedsEnd: 'room_needs_end',
  alreadyCanceled: 'already_canceled',
  /** Attachments larger than the network's e-mail attachment limit. */
  attachmentsTooLarge: 'attachments_too_large',
} as const;

const applyTo = z.enum(APPLY_TO).optional();

/** `PUT /appointments/{id}/participants/{participantId or me}`: `participant.status` or `status`. */
export const participantStatusBodySchema = z
  .object({
    participant: z.object({ status: z.enum(PARTICIPANT_STATUSES) }).optional(),
    status: z.enum(PARTICIPANT_STATUSES).optional(),
    apply_to: applyTo,
  })
  .transform((body, ctx) => {
    const status = body.participant?.status ?? body.status;
    if (!status) {
      ctx.addIssue({ code: 'custom', path: ['status'], message: 'required' });
      return z.NEVER;
    }
    return { status, apply_to: body.apply_to };
  });
export type ParticipantStatusBody = z.input<typeof participantStatusBodySchema>;

/** `POST /appointments/{id}/participants`. */
export const addParticipantsBodySchema = z.object({
  participant: inviteesSchema.extend({
    status: z.enum(PARTICIPANT_STATUSES).default('invited'),
    invite_consumers: z.boolean().default(false),
  }),
  apply_to: applyTo,
});
export type AddParticipantsBody = z.input<typeof addParticipantsBodySchema>;

/** The answer of adding: who was added now, and whether more are being added by a job. */
export type AddParticipantsResult = { added: number; queued: boolean };

export const participantsQuerySchema = z.object({
  q: z.string().trim().max(100).default(''),
  status: z.enum([...PARTICIPANT_STATUSES, 'all']).default('all'),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(PARTICIPATION_LIMITS.participantsMaxPageSize)
    .default(PARTICIPATION_LIMITS.participantsPageSize),
  offset: z.coerce.number().int().min(0).default(0),
});
export type ParticipantsQuery = z.input<typeof participantsQuerySchema>;

/** A membership role through which a participant was added ('organizer' for the author). */
export type ParticipantRole = {
  id: string | null;
  name: string;
  /** 'grouped': the detail page shows the role's participants collapsed under its name. */
  display_type: 'default' | 'grouped' | 'hidden';
};

export type ParticipantMembership = {
  id: string;
  name: string;
  first_name: string;
  last_name: string;
  path: string;
  images: MemberImages;
  detection_profile_field: string | null;
  is_external: boolean;
  is_consumer: boolean;
  upn: string | null;
  show_add_upn_link: boolean;
};

/** A participant (calendars spec, section 3). */
export type Participant = {
  id: string;
  status: ParticipantStatus;
  roles: ParticipantRole[];
  membership: ParticipantMembership;
  can: { update: boolean; destroy: boolean };
};

/** `GET /appointments/{id}/participants`: sorted accepted, declined or rejected, invited, then by name. */
export type ParticipantPage = {
  participants: Participant[];
  total: number;
  limit: number;
  offset: number;
  /** Counts by status over all participants (not only the page). */
  counts: Record<'accepted' | 'declined' | 'invited', number>;
};

/** What an invite or participation is about: an appointment, a series or one occurrence of it. */
export type Invitable = {
  /** Null when the appointment was deleted (the invite keeps its name and time). */
  id: string | null;
  name: string;
  path: string | null;
  type: string;
  date: AppointmentDate;
  recurring: boolean;
  canceled: boolean;
  location_name: string | null;
  calendars: Array<{ id: string; name: string; color: string }>;
};

/** One item of `GET /api/v1/invites?filter=appointments`. */
export type AppointmentInvite = {
  id: string;
  type: 'appointment_invite';
  invitable: Invitable;
  /** 'RecurringAppointment' for a series, 'Appointment' otherwise; an unknown type renders 'Missing component'. */
  invitable_type: 'Appointment' | 'RecurringAppointment';
  author: MemberRef | null;
  /** The member's participation status for the invitable ('open' without an answer). */
  status: 'accepted' | 'declined' | 'open';
  /** The invite's reaction state. */
  inviteStatus: InviteStatus;
  created_at: string;
  /** The appointment's enforced total of attendees is reached: accepting is off (can.accept), declining not. */
  total_attendees_enforced_and_exceeded: boolean;
  can: { accept: boolean; reject: boolean };
};

/** One item of `GET /api/v1/participations`. */
export type AppointmentParticipation = {
  id: string;
  status: ParticipantStatus;
  invitable: Invitable;
  invitable_type: 'Appointment' | 'RecurringAppointment';
};

/** A page of a list paged by link: `next` is the path of the following page, null at the end. */
export type LinkPage<T> = { items: T[]; next: string | null };

/**
 * The kinds of invite `GET /api/v1/invites?filter=` selects (calendars spec, section 7;
 * administration spec: `filter=groups`). A kind whose module is not there yet answers an empty
 * page; without a filter the invites of every kind come newest first.
 */
export const INVITE_FILTERS = ['appointments', 'groups'] as const;
export type InviteFilter = (typeof INVITE_FILTERS)[number];

export const invitesQuerySchema = z.object({
  filter: z
    .enum(INVITE_FILTERS)
    .optional()
    .describe('The kind of invite; without it, the invites of every kind, newest first.'),
  status: z.enum(INVITE_LIST_STATUSES).default('open').describe('The inbox tab.'),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(PARTICIPATION_LIMITS.invitesPageSize)
    .default(PARTICIPATION_LIMITS.invitesPageSize)
    .describe('The page size.'),
  /** An opaque position from the previous page's `next`: the page starts after it. */
  after: z.string().max(200).optional().describe("An opaque position, taken from the previous page's `next` link."),
});
export type InvitesQuery = z.input<typeof invitesQuerySchema>;

export const participationsQuerySchema = z.object({
  status: z.enum(PARTICIPATION_STATUSES).default('upcoming'),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(PARTICIPATION_LIMITS.participationsPageSize)
    .default(PARTICIPATION_LIMITS.participationsPageSize),
  /** An opaque position from the previous page's `next`. */
  cursor: z.string().max(200).optional(),
});
export type ParticipationsQuery = z.input<typeof participationsQuerySchema>;

/** `POST /appointments/{id}/contact`. */
export const contactBodySchema = z.object({
  contact: z.object({
    subject: nameText(PARTICIPATION_LIMITS.contactSubjectMaxLength),
    text: longText(PARTICIPATION_LIMITS.contactTextMaxLength).min(1, 'required'),
    audience: z.enum(CONTACT_AUDIENCES).default('all'),
    include_attachments: z.boolean().default(false),
  }),
});
export type ContactBody = z.input<typeof contactBodySchema>;

/** `GET /appointments/{id}/contact`: what the form needs besides the appointment. */
export type ContactContext = {
  /** Bytes of the appointment's files. */
  attachments_size: number;
  /** The network's e-mail attachment limit in bytes. */
  attachment_limit: number;
  /** How many members each audience reaches. */
  audience_counts: Record<ContactAudience, number>;
};

/** `POST /appointments/{id}/contact` answer: how many mails were queued. */
export type ContactResult = { recipients: number };

/** `POST /appointments/{id}/cancel` and `PATCH`: `apply_to` for an occurrence of a series. */
export const cancelBodySchema = z.object({ apply_to: applyTo }).default({});

/** `GET /meeting_rooms` (calendars spec, section 7). */
export const meetingRoomsQuerySchema = z.object({
  filter: z.enum(['reservable', 'all']).default('all'),
  /** The time asked about; with `filter=reservable`, `occupied` says whether another appointment has the room then. */
  start: instantSchema.optional(),
  end: instantSchema.optional(),
  /** The appointment being edited: its own booking does not count as occupied. */
  appointment_id: z.string().max(64).optional(),
  /** The room already chosen, always listed. */
  room_id: idSchema.optional(),
});
export type MeetingRoomsQuery = z.input<typeof meetingRoomsQuerySchema>;

export type MeetingRoom = { id: string; name: string; occupied: boolean };

/** What administrators see of a room. */
export type MeetingRoomAdmin = {
  id: string;
  name: string;
  /** Upcoming bookings of the room. */
  upcoming_bookings: number;
  created_at: string;
  can: { update: boolean; destroy: boolean };
};

export const meetingRoomBodySchema = z.object({
  meeting_room: z.object({
    name: nameText(PARTICIPATION_LIMITS.meetingRoomNameMaxLength),
  }),
});
export type MeetingRoomBody = z.input<typeof meetingRoomBodySchema>;

/** `POST /appointments/{id}/start-meeting`: where the meeting is joined. */
export type StartedMeeting = { join_url: string };
