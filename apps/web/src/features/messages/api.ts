import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  DIRECT_MESSAGE_LIMITS,
  type DirectMessage,
  type DirectMessageBody,
  type DirectMessageList,
  type MemberProfile,
} from '@agora/contracts';
import { api } from '../../app/api-client.ts';
import { unreadsQuery } from '../../app/unreads.ts';

/** The direct messages calls of the communication spec, section 7. */

/** Which list: the inbox, or the messages the member sent. */
export type MessageBox = 'inbox' | 'sent';

const BASE = '/api/v1/messages';

function boxPath(box: MessageBox): string {
  return box === 'sent' ? `${BASE}/sent` : BASE;
}

/** `GET /api/v1/messages` or `/sent`, a page of ten at a time; within a group only what went to it. */
export const messageListQuery = (box: MessageBox, page: number, groupId: string | null = null) => {
  const search = new URLSearchParams({
    limit: String(DIRECT_MESSAGE_LIMITS.pageSize),
    offset: String((page - 1) * DIRECT_MESSAGE_LIMITS.pageSize),
  });
  if (groupId) search.set('group_id', groupId);
  return queryOptions({
    queryKey: ['messages', 'list', box, groupId, page],
    queryFn: () => api<DirectMessageList>(`${boxPath(box)}?${search.toString()}`),
    // The page before stays while the next loads: the pager does not jump.
    placeholderData: keepPreviousData,
  });
};

/** `GET /api/v1/messages/{id}`: the message with its conversation. */
export const messageQuery = (id: string) =>
  queryOptions({
    queryKey: ['messages', 'detail', id],
    queryFn: () => api<DirectMessage>(`${BASE}/${encodeURIComponent(id)}`),
  });

/** `GET /members/{id}`: the recipient the composer starts with (`?to=`). */
export const recipientQuery = (id: string) =>
  queryOptions({
    queryKey: ['members', id, 'profile'],
    queryFn: () => api<MemberProfile>(`/members/${encodeURIComponent(id)}`),
    staleTime: 60_000,
  });

/** The lists, the open messages and the badges: what reading, deleting or sending changes. */
export function useRefreshMessages() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['messages'] }),
      queryClient.invalidateQueries({ queryKey: unreadsQuery.queryKey }),
    ]);
}

/** Marks one message read or unread: `POST` or `DELETE /api/v1/messages/{id}/read`. */
export function useMarkMessage() {
  const refresh = useRefreshMessages();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, read }: { id: string; read: boolean }) =>
      api<void>(`${BASE}/${encodeURIComponent(id)}/read`, { method: read ? 'POST' : 'DELETE' }),
    onSuccess: (_answer, { id, read }) => {
      // The open message shows its new state at once; the lists and badges load again.
      queryClient.setQueryData(messageQuery(id).queryKey, (message) =>
        message ? { ...message, i: { ...message.i, read } } : message,
      );
      return refresh();
    },
  });
}

export type BatchAction = 'read' | 'unread' | 'delete';

/**
 * The batch calls on the selected messages: `POST`/`DELETE /api/v1/messages/read` and
 * `DELETE /api/v1/messages/delete` (or `/sent/delete` in the sent list), body `message_ids`.
 */
export function useBatchMessages(box: MessageBox) {
  const refresh = useRefreshMessages();
  return useMutation({
    mutationFn: ({ action, ids }: { action: BatchAction; ids: string[] }) => {
      const body = { message_ids: ids };
      if (action === 'delete') return api<void>(`${boxPath(box)}/delete`, { method: 'DELETE', body });
      return api<void>(`${BASE}/read`, { method: action === 'read' ? 'POST' : 'DELETE', body });
    },
    onSettled: () => refresh(),
  });
}

/** `DELETE /api/v1/messages/{id}` (inbox) or `/api/v1/messages/sent/{id}` (the sender's copy). */
export function useDeleteMessage(box: MessageBox) {
  const refresh = useRefreshMessages();
  return useMutation({
    mutationFn: (id: string) => api<void>(`${boxPath(box)}/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => refresh(),
  });
}

/** `POST /api/v1/messages`. */
export function useSendMessage() {
  const refresh = useRefreshMessages();
  return useMutation({
    mutationFn: (body: DirectMessageBody) => api<DirectMessage>(BASE, { method: 'POST', body }),
    onSuccess: () => refresh(),
  });
}
