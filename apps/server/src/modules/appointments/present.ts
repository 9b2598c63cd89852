import {
  mapsUrl,
  occurrenceId,
  type Appointment,
  type AppointmentCategory,
  type EventFile,
  type MemberRef,
  type Participant,
  type RecurrencePattern,
} from '@agora/contracts';
import type { StoredObjectRow } from '../../platform/storage/index.ts';
import { memberName, type MembershipRow } from '../members/index.ts';
import type { LoadedAppointment } from './access.ts';
import type { AppointmentFiles } from './files.ts';
import type { AppointmentAction } from './policy.ts';
import { formatInZone } from './recurrence.ts';
import type { AppointmentRow, CategoryRow } from './repository.ts';
import { presentDate } from './times.ts';

export function presentMemberRef(m: MembershipRow): MemberRef {
  return { id: m.id, name: memberName(m), path: `/members/${m.id}`, detection_profile_field: null };
}

export function presentCategory(row: CategoryRow): AppointmentCategory {
  return { id: row.id, label: row.label };
}

/** The presented type: a non-standard kind as it is, else what the appointment is in its series. */
export function appointmentType(
  row: Pick<AppointmentRow, 'kind' | 'recurrenceFrequency'>,
  isOccurrence: boolean,
): string {
  if (row.kind !== 'appointment') return row.kind;
  if (isOccurrence) return 'virtual_appointment';
  return row.recurrenceFrequency === 'never' ? 'appointment' : 'recurring_appointment';
}

export function presentRecurrence(
  row: Pick<
    AppointmentRow,
    'recurrenceFrequency' | 'recurrenceInterval' | 'recurrenceUnit' | 'recurrenceEndTime' | 'timeZone'
  >,
): RecurrencePattern {
  return {
    recurrence_frequency: row.recurrenceFrequency,
    recurrence_interval: row.recurrenceInterval,
    recurrence_unit: row.recurrenceUnit,
    recurrence_end_time: row.recurrenceEndTime ? formatInZone(row.recurrenceEndTime, row.timeZone) : null,
  };
}

export function presentEventFile(row: StoredObjectRow, canLock: boolean): EventFile {
  return {
    id: row.id,
    name: row.name,
    url: `/api/storage/files/${row.id}/get/${encodeURIComponent(row.name)}`,
    extension: row.extension,
    content_type: row.contentType,
    size: row.size,
    original_filename: row.name,
    locked_until: row.lockedUntil?.toISOString() ?? null,
    updated_at: row.updatedAt.toISOString(),
    can: { lock: canLock },
  };
}

/** What the detail shows besides the appointment's own row, loaded in a few batched queries. */
export type AppointmentDetailData = {
  /** The membership asking: another member's personal calendar shows to it as 'shared'. */
  viewerId: string;
  loaded: LoadedAppointment;
  can: Record<AppointmentAction, boolean>;
  category: CategoryRow | null;
  members: Map<string, MembershipRow>;
  contactIds: string[];
  files: AppointmentFiles;
  /** The meeting room set (the series' for an occurrence not changed alone); null when none or deleted. */
  meetingRoom: { name: string; joinUrl: string } | null;
  attendingCount: number;
  participation: {
    myInvite: Appointment['my_invite'];
    myParticipant: Participant | null;
    participants: Participant[];
    counts: Appointment['participant_counts'];
    invitedConsumers: MemberRef[];
    registrationClosed: boolean;
  };
  navigation: {
    next: { id: string; start: string } | null;
    previousId: string | null;
  };
};

export function presentAppointment(data: AppointmentDetailData): Appointment {
  const { loaded, can, members } = data;
  const { row, series, occurrence } = loaded;
  const id = occurrence && series ? occurrenceId(series.id, occurrence.key) : row.id;
  // An occurrence not changed on its own is the series at another time.
  const virtual = occurrence !== null && row === series;
  const date = virtual
    ? presentDate(occurrence.start, occurrence.end, row.allDay, row.timeZone)
    : presentDate(row.startsAt, row.endsAt, row.allDay, row.timeZone);
  const memberRef = (memberId: string | null) => {
    const m = memberId ? members.get(memberId) : undefined;
    return m ? presentMemberRef(m) : null;
  };
  const author = memberRef((series ?? row).authorId);
  const readable = row.calendarIds.flatMap((cid) => {
    const c = loaded.calendars.get(cid);
    return c?.can.read ? [c] : [];
  });
  const attendee = row.attendeeConfiguration;
  const application = row.applicationConfiguration;
  return {
    id,
    name: row.name,
    description: row.description,
    // Stored sanitized: the sanitizer already gave links their target and rel.
    description_rendered: row.description,
    type: appointmentType(row, occurrence !== null),
    path: `/appointments/${id}`,
    canceled: row.canceled,
    cancel_prohibited_reason: null,
    calendar_ids: readable.map((c) => c.id),
    calendars: readable.map((c) => ({
      id: c.id,
      name: c.name,
      color: c.color,
      type: c.type === 'personal' && c.ownerId !== data.viewerId ? 'shared' : c.type,
      group_slug: c.group?.slug ?? null,
    })),
    unknown_calendars: row.calendarIds.length - readable.length,
    category: data.category ? presentCategory(data.category) : null,
    consultants: [],
    organizer: author,
    contacts: data.contactIds.flatMap((cid) => memberRef(cid) ?? []),
    date,
    recurrence_pattern: presentRecurrence(series ?? row),
    series_id: series?.id ?? null,
    original_start: occurrence && series ? formatInZone(occurrence.start, series.timeZone) : null,
    modified: occurrence !== null && !virtual,
    next_occurrence_date: data.navigation.next?.start ?? null,
    next_occurrence_url: data.navigation.next ? `/appointments/${data.navigation.next.id}` : null,
    previous_occurrence_url: data.navigation.previousId ? `/appointments/${data.navigation.previousId}` : null,
    recurring_appointment_url: series ? `/appointments/${series.id}` : null,
    location: { ...row.location, maps_url: mapsUrl(row.location) },
    meeting: {
      ...row.meeting,
      room_id: data.meetingRoom ? row.meeting.room_id : null,
      room_name: data.meetingRoom?.name ?? null,
      // The room's meeting is joined by who may start it; the others see the link given, if any.
      join_url: data.meetingRoom && can.start_meeting ? data.meetingRoom.joinUrl : row.meeting.join_url,
      has_meeting: !!(row.meeting.join_url || data.meetingRoom),
    },
    teams_configuration: { ...row.teams, teams_only_participants_count: 0 },
    event_files: data.files.files.map((f) => presentEventFile(f, can.update)),
    event_image: data.files.image
      ? { id: data.files.image.id, large_thumb: `/api/storage/images/${data.files.image.id}/get/1920x1200` }
      : null,
    attendee_configuration: { ...attendee },
    application_configuration: { ...application },
    is_event: row.isEvent,
    post_to_stream: row.postToStream,
    activitystream_ids: row.activitystreamIds,
    invite_consumers: row.inviteConsumers,
    attending_participants_count: data.attendingCount,
    total_attendees_enforced_and_exceeded:
      attendee.total_attendees_enforced && attendee.total !== null && data.attendingCount >= attendee.total,
    invited_consumers: data.participation.invitedConsumers,
    my_invite: data.participation.myInvite,
    my_participant: data.participation.myParticipant,
    participants: data.participation.participants,
    participant_counts: data.participation.counts,
    registration_closed: data.participation.registrationClosed,
    can: {
      update: can.update,
      contact: can.contact,
      update_participants: can.update_participants,
      download_attendees: can.download_attendees,
      destroy: can.destroy,
      opt: can.opt,
      show_attendees: can.show_attendees,
      start_meeting: can.start_meeting,
      create_appointments: can.create_appointments,
    },
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    author,
    generic_author: null,
    last_author: memberRef(row.lastAuthorId),
  };
}
