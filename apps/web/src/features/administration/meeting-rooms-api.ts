import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { MeetingRoomAdmin, MeetingRoomBody } from '@agora/contracts';
import { api } from '../../app/api-client.ts';

/** The meeting rooms' administration (`/administration/meeting_rooms`). */
export const adminMeetingRoomsQuery = queryOptions({
  queryKey: ['administration', 'meeting-rooms'],
  queryFn: () => api<MeetingRoomAdmin[]>('/administration/meeting_rooms'),
});

const path = (id: string) => `/administration/meeting_rooms/${encodeURIComponent(id)}`;

/** After any change: this list, the rooms the form offers, and whether the network has rooms at all. */
function useRefreshRooms() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminMeetingRoomsQuery.queryKey }),
      queryClient.invalidateQueries({ queryKey: ['meeting-rooms'] }),
      queryClient.invalidateQueries({ queryKey: ['calendars'] }),
      // A deleted room is gone from the appointments that had it.
      queryClient.invalidateQueries({ queryKey: ['appointments'] }),
    ]);
}

export function useCreateMeetingRoom() {
  const refresh = useRefreshRooms();
  return useMutation({
    mutationFn: (body: MeetingRoomBody) =>
      api<MeetingRoomAdmin>('/administration/meeting_rooms', { method: 'POST', body }),
    onSuccess: () => refresh(),
  });
}

export function useRenameMeetingRoom() {
  const refresh = useRefreshRooms();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: MeetingRoomBody }) =>
      api<MeetingRoomAdmin>(path(id), { method: 'PUT', body }),
    onSuccess: () => refresh(),
  });
}

export function useDeleteMeetingRoom() {
  const refresh = useRefreshRooms();
  return useMutation({
    mutationFn: (id: string) => api<void>(path(id), { method: 'DELETE' }),
    onSuccess: () => refresh(),
  });
}
