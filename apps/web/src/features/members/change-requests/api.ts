import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangeRequest, ChangeRequestForm, ChangeRequestInput, ChangeRequestPage } from '@agora/contracts';
import { api } from '../../../app/api-client.ts';

/** `GET /change_requests/new`: the fields a request may name (for another member with their id). */
export const changeRequestFormQuery = (membershipId: string | undefined) =>
  queryOptions({
    queryKey: ['change_requests', 'new', membershipId ?? 'self'],
    queryFn: () =>
      api<ChangeRequestForm>(
        `/change_requests/new${membershipId ? `?membership_id=${encodeURIComponent(membershipId)}` : ''}`,
      ),
    staleTime: 0,
  });

export const openChangeRequestsQuery = queryOptions({
  queryKey: ['administration', 'change_requests', 'open'],
  queryFn: () => api<ChangeRequestPage>('/administration/change_requests?status=open&per=100'),
  staleTime: 0,
});

export function useCreateChangeRequest() {
  return useMutation({
    mutationFn: (change_request: ChangeRequestInput) =>
      api<ChangeRequest>('/change_requests', { method: 'POST', body: { change_request } }),
  });
}

/** Accepts or rejects; the open list is read again. */
export function useDecideChangeRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'accept' | 'reject' }) =>
      api<ChangeRequest>(`/administration/change_requests/${encodeURIComponent(id)}/${action}`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: openChangeRequestsQuery.queryKey }),
  });
}
