import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Imprint, ImprintBody, LegalTextAdmin, LegalTextAdminSummary, LegalTextBody } from '@agora/contracts';
import { api } from '../../../app/api-client.ts';

/** The legal texts' administration (`/administration/legal_texts`). */
export const adminLegalTextsQuery = queryOptions({
  queryKey: ['administration', 'legal_texts'],
  queryFn: () => api<{ legal_texts: LegalTextAdminSummary[] }>('/administration/legal_texts'),
});

const path = (id: string) => `/administration/legal_texts/${encodeURIComponent(id)}`;

export const adminLegalTextQuery = (id: string) =>
  queryOptions({
    queryKey: ['administration', 'legal_texts', id],
    queryFn: () => api<LegalTextAdmin>(path(id)),
  });

export const adminImprintQuery = queryOptions({
  queryKey: ['administration', 'imprint'],
  queryFn: () => api<Imprint>('/administration/imprint/edit'),
});

/** What the signed-in member must accept: asked again once a save may have changed it. */
export const LEGAL_ACCEPTANCE_KEY = ['legal_acceptance'];

/**
 * After any change: the administration's lists and the public pages. A save that asks for
 * acceptance asks the admin too, which shows the question instead of the page: the form asks
 * for it (LEGAL_ACCEPTANCE_KEY) once it has said "saved" and moved on, not before.
 */
function useRefreshLegal() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['administration', 'legal_texts'] }),
      queryClient.invalidateQueries({ queryKey: ['legal_texts'] }),
    ]);
}

export function useCreateLegalText() {
  const refresh = useRefreshLegal();
  return useMutation({
    mutationFn: (body: LegalTextBody) => api<LegalTextAdmin>('/administration/legal_texts', { method: 'POST', body }),
    onSuccess: () => refresh(),
  });
}

export function useUpdateLegalText(id: string) {
  const refresh = useRefreshLegal();
  return useMutation({
    mutationFn: (body: LegalTextBody) => api<LegalTextAdmin>(path(id), { method: 'PUT', body }),
    onSuccess: () => refresh(),
  });
}

export function useDeleteLegalText() {
  const refresh = useRefreshLegal();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(path(id), { method: 'DELETE' }),
    // A deleted text asks nothing any more.
    onSuccess: () => Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: LEGAL_ACCEPTANCE_KEY })]),
  });
}

export function useSaveImprint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ImprintBody) => api<Imprint>('/administration/imprint/', { method: 'PUT', body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(adminImprintQuery.queryKey, saved);
      return queryClient.invalidateQueries({ queryKey: ['imprint'] });
    },
  });
}
