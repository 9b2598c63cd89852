import { queryOptions } from '@tanstack/react-query';
import type { NetworkShell } from '@agora/contracts';
import { api } from '../../app/api-client.ts';

export const networkQuery = queryOptions({
  queryKey: ['network'],
  queryFn: () => api<NetworkShell>('/api/v1/network'),
  staleTime: 5 * 60 * 1000,
});
