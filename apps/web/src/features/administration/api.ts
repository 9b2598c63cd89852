import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { OutboxMail, OutboxPage } from '@agora/contracts';
import { api } from '../../app/api-client.ts';

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
