import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AddParticipantsBody,
  AddParticipantsResult,
  ApplyTo,
  Appointment,
  AppointmentInvite,
  AppointmentParticipation,
  ContactBody,
  ContactContext,
  ContactResult,
  InviteListStatus,
  LinkPage,
  MeetingRoom,
  MeetingRoomsQuery,
  OwnParticipationStatus,
  ParticipantPage,
  ParticipantStatus,
  ParticipantsQuery,
  ParticipationListStatus,
  StartedMeeting,
} from '@agora/contracts';
import { api } from '../../app/api-client.ts';
import { unreadsQuery } from '../../app/unreads.ts';
import { appointmentQuery } from './api.ts';

/**
 * The participation calls of the calendars spec, section 7: answering, participants, invites,
 * contacting attendees, organiser actions and meeting rooms.
 */

const path = (id: string, suffix = '') => `/appointments/${encodeURIComponent(id)}${suffix}`;
const applyToQuery = (applyTo?: ApplyTo) => (applyTo ? `?apply_to=${applyTo}` : '');

/** Everything a participation change can alter: the appointment, its lists, the inbox and the badge. */
function useRefreshParticipation() {
  const queryClient = useQueryClient();
  return async (saved?: Appointment) => {
    if (saved) queryClient.setQueryData(appointmentQuery(saved.id).queryKey, saved);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: ['appointments'] }),
      queryClient.invalidateQueries({ queryKey: ['invites'] }),
      queryClient.invalidateQueries({ queryKey: unreadsQuery.queryKey }),
    ]);
  };
}

export const participantsQuery = (id: string, query: ParticipantsQuery) =>
  queryOptions({
    queryKey: ['appointments', 'participants', id, query],
    queryFn: () => {
      const search = new URLSearchParams();
      for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, String(value));
      return api<ParticipantPage>(path(id, `/participants?${search}`));
    },
  });

/** `PUT /appointments/{id}/participants/me`: answers the appointment detail. */
export function useRespond(id: string) {
  const refresh = useRefreshParticipation();
  return useMutation({
    mutationFn: ({ status, applyTo }: { status: OwnParticipationStatus; applyTo?: ApplyTo }) =>
      api<Appointment>(path(id, '/participants/me'), {
        method: 'PUT',
        body: { participant: { status }, ...(applyTo ? { apply_to: applyTo } : {}) },
      }),
    onSuccess: (saved) => refresh(saved),
  });
}

export function useAddParticipants(id: string) {
  const refresh = useRefreshParticipation();
  return useMutation({
    mutationFn: (body: AddParticipantsBody) =>
      api<AddParticipantsResult>(path(id, '/participants'), { method: 'POST', body }),
    onSuccess: () => refresh(),
  });
}

export function useUpdateParticipant(id: string) {
  const refresh = useRefreshParticipation();
  return useMutation({
    mutationFn: (input: { participantId: string; status: ParticipantStatus; applyTo?: ApplyTo }) =>
      api<void>(path(id, `/participants/${encodeURIComponent(input.participantId)}`), {
        method: 'PUT',
        body: { participant: { status: input.status }, ...(input.applyTo ? { apply_to: input.applyTo } : {}) },
      }),
    onSuccess: () => refresh(),
  });
}

export function useRemoveParticipant(id: string) {
  const refresh = useRefreshParticipation();
  return useMutation({
    mutationFn: (input: { participantId: string; applyTo?: ApplyTo }) =>
      api<void>(path(id, `/participants/${encodeURIComponent(input.participantId)}${applyToQuery(input.applyTo)}`), {
        method: 'DELETE',
      }),
    onSuccess: () => refresh(),
  });
}

/** `PATCH /appointments/{id}`: locks or unlocks participation; answers the appointment. */
export function useLockParticipation(id: string) {
  const refresh = useRefreshParticipation();
  return useMutation({
    mutationFn: (locked: boolean) =>
      api<Appointment>(path(id), {
        method: 'PATCH',
        body: { appointment: { attendee_configuration: { participation_locked: locked } } },
      }),
    onSuccess: (saved) => refresh(saved),
  });
}

/** `POST /appointments/{id}/cancel`: answers the appointment. */
export function useCancelAppointment(id: string) {
  const refresh = useRefreshParticipation();
  return useMutation({
    mutationFn: (applyTo?: ApplyTo) =>
      api<Appointment>(path(id, '/cancel'), { method: 'POST', body: applyTo ? { apply_to: applyTo } : {} }),
    onSuccess: (saved) => refresh(saved),
  });
}

export const contactContextQuery = (id: string) =>
  queryOptions({
    queryKey: ['appointments', 'contact', id],
    queryFn: () => api<ContactContext>(path(id, '/contact')),
  });

export function useContactAttendees(id: string) {
  return useMutation({
    mutationFn: (body: ContactBody) => api<ContactResult>(path(id, '/contact'), { method: 'POST', body }),
  });
}

/** The attendee exports (only offered with `can.download_attendees`). */
export const attendeesExportUrl = (id: string, format: 'csv' | 'xlsx') => path(id, `/attendees.${format}`);

export function useStartMeeting(id: string) {
  return useMutation({
    mutationFn: () => api<StartedMeeting>(path(id, '/start-meeting'), { method: 'POST' }),
  });
}

export const meetingRoomsQuery = (query: MeetingRoomsQuery) =>
  queryOptions({
    queryKey: ['meeting-rooms', query],
    queryFn: () => {
      const search = new URLSearchParams();
      for (const [key, value] of Object.entries(query)) if (value) search.set(key, String(value));
      return api<MeetingRoom[]>(`/meeting_rooms?${search}`);
    },
  });

export const invitesQuery = (status: InviteListStatus) =>
  infiniteQueryOptions({
    queryKey: ['invites', 'invites', status],
    queryFn: ({ pageParam }) =>
      api<LinkPage<AppointmentInvite>>(pageParam ?? `/api/v1/invites?filter=appointments&status=${status}&limit=50`),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
  });

export const participationsQuery = (status: ParticipationListStatus) =>
  infiniteQueryOptions({
    queryKey: ['invites', 'participations', status],
    queryFn: ({ pageParam }) =>
      api<LinkPage<AppointmentParticipation>>(pageParam ?? `/api/v1/participations?status=${status}&limit=20`),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
  });

/** Accepts (`accept`) or declines (`reject`) an invite; answers the invite as it now is. */
export function useAnswerInvite() {
  const refresh = useRefreshParticipation();
  return useMutation({
    mutationFn: ({ inviteId, answer }: { inviteId: string; answer: 'accept' | 'reject' }) =>
      api<AppointmentInvite>(`/api/v1/invites/${encodeURIComponent(inviteId)}/${answer}`, { method: 'POST' }),
    onSuccess: () => refresh(),
  });
}
