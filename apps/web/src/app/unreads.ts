import { queryOptions } from '@tanstack/react-query';
import type { Unreads } from '@agora/contracts';
import { api } from './api-client.ts';

/** The counters of the header and user bar badges; pushed changes refetch it at once. */
export const unreadsQuery = queryOptions({
  queryKey: ['unreads'],
  queryFn: () => api<Unreads>('/api/v1/unreads'),
  staleTime: 60 * 1000,
  refetchInterval: 5 * 60 * 1000,
});
