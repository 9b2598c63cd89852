import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ActiveTheme, DesignBody, OutboxMail, OutboxPage } from '@agora/contracts';
import { api } from '../../app/api-client.ts';
import { networkQuery } from '../home/index.ts';

export const outboxQuery = (page: number) =>
  queryOptions({
    queryKey: ['administration', 'mails', page],
    queryFn: () => api<OutboxPage>(`/api/v1/administration/mails?page=${page}`),
    placeholderData: keepPreviousData,
  });

export const outboxMailQuery = (id: string) =>
  queryOptions({
    queryKey: ['administration', 'mails', 'detail', id],
    queryFn: () => api<OutboxMail>(`/api/v1/administration/mails/${id}`),
  });

export const designQuery = queryOptions({
  queryKey: ['administration', 'design'],
  queryFn: () => api<{ theme: ActiveTheme }>('/api/v1/administration/design'),
});

export function useSaveDesign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DesignBody) =>
      api<{ theme: ActiveTheme }>('/api/v1/administration/design', { method: 'PUT', body }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(designQuery.queryKey, saved);
      // The shell shows the network's design: it changes at once.
      await queryClient.invalidateQueries({ queryKey: networkQuery.queryKey });
    },
  });
}
