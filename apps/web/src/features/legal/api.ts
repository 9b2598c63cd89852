import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Imprint, LegalText, LegalTextSummary, PendingLegalText } from '@agora/contracts';
import { api } from '../../app/api-client.ts';

export const imprintQuery = queryOptions({
  queryKey: ['imprint'],
  queryFn: () => api<Imprint>('/imprint'),
  staleTime: 10 * 60 * 1000,
});

export const legalTextsQuery = queryOptions({
  queryKey: ['legal_texts'],
  queryFn: () => api<{ legal_texts: LegalTextSummary[] }>('/legal'),
  staleTime: 10 * 60 * 1000,
});

export const legalTextQuery = (handle: string) =>
  queryOptions({
    queryKey: ['legal_texts', handle],
    queryFn: () => api<LegalText>(`/legal/${encodeURIComponent(handle)}`),
    staleTime: 10 * 60 * 1000,
  });

/** What the signed-in member must accept before going on; each member's own. */
export const pendingLegalTextsQuery = (memberId: string) =>
  queryOptions({
    queryKey: ['legal_acceptance', memberId],
    queryFn: async () => (await api<{ legal_texts: PendingLegalText[] }>('/api/v1/legal_texts/pending')).legal_texts,
    staleTime: 5 * 60 * 1000,
  });

export function useAcceptLegalText() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, versionId }: { id: string; versionId: string }) =>
      api<void>(`/api/v1/legal_texts/${encodeURIComponent(id)}/accept`, {
        method: 'POST',
        body: { version_id: versionId },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['legal_acceptance'] }),
  });
}
