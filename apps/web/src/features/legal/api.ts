import { queryOptions } from '@tanstack/react-query';
import type { Imprint, LegalText, LegalTextSummary } from '@agora/contracts';
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
