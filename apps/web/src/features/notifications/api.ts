import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { NOTIFICATIONS_PAGE_LIMIT, type NotificationPage } from '@agora/contracts';
import { api } from '../../app/api-client.ts';
import { unreadsQuery } from '../../app/unreads.ts';

// The server writes the texts in the member's language: `language` (the UI's, which follows the
// member's setting) is part of the keys, so that a switch reads them again in the new one.

export const notificationsQuery = (language: string, page = 1, limit = NOTIFICATIONS_PAGE_LIMIT) =>
  queryOptions({
    queryKey: ['notifications', { page, limit, language }],
    queryFn: () => api<NotificationPage>(`/api/v1/notifications?limit=${limit}&offset=${(page - 1) * limit}`),
    placeholderData: keepPreviousData,
    staleTime: 30 * 1000,
  });

/** The newest notifications, a page at a time, for the header's dropdown. */
export const notificationsFeedQuery = (language: string, limit: number) =>
  infiniteQueryOptions({
    queryKey: ['notifications', 'feed', { limit, language }],
    queryFn: ({ pageParam }) => api<NotificationPage>(`/api/v1/notifications?limit=${limit}&offset=${pageParam}`),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.offset + last.limit < last.total ? last.offset + last.limit : undefined),
    staleTime: 30 * 1000,
  });

function useRefreshAfter() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['notifications'] }),
      queryClient.invalidateQueries({ queryKey: unreadsQuery.queryKey }),
    ]);
}

export function useMarkNotificationRead() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/v1/notifications/${id}/read`, { method: 'POST' }),
    onSettled: refresh,
  });
}

export function useMarkAllNotificationsRead() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: () => api<void>('/api/v1/notifications/read', { method: 'POST' }),
    onSettled: refresh,
  });
}
