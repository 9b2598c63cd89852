import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuditLogPage, EventFailuresPage } from '@agora/contracts';
import { api } from '../../app/api-client.ts';
import { browserTimeZone } from '../../ui/time-zones.ts';

/**
 * One page of the audit log (`/administration/audit_log.json`); `filter` is the encoded JSON of
 * the page's `filter` parameter. The previous page stays while the next one loads, so that a
 * changed filter reloads the list only.
 */
export const auditLogQuery = (filter: string | null, page: number) =>
  queryOptions({
    queryKey: ['administration', 'audit-log', filter, page],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ time_zone: browserTimeZone() });
      if (filter) params.set('filter', filter);
      if (page > 1) params.set('page', String(page));
      return api<AuditLogPage>(`/administration/audit_log.json?${params}`, { signal });
    },
    placeholderData: keepPreviousData,
  });

/** Event deliveries that failed for good (`/api/v1/administration/event_failures`). */
export const eventFailuresQuery = (page: number) =>
  queryOptions({
    queryKey: ['administration', 'event-failures', page],
    queryFn: () => api<EventFailuresPage>(`/api/v1/administration/event_failures?page=${page}`),
    placeholderData: keepPreviousData,
  });

export function useRetryEventFailure() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<void>(`/api/v1/administration/event_failures/${id}/retry`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['administration', 'event-failures'] }),
  });
}
