import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { REALTIME_EVENTS } from '@agora/contracts';
import { onReconnect, onSocketEvent, openChatConnection } from '../features/chat/index.ts';
import { unreadsQuery } from './unreads.ts';

type Handler = (payload: unknown) => void;

/** Lets a feature react to an event pushed to the member (room `member:{id}`). */
export function onRealtime(event: string, handler: Handler): () => void {
  return onSocketEvent(event, handler);
}

/**
 * One connection per signed-in page, the chat's (authenticated by the chat credentials of
 * `POST /api/v1/chat_token`). When it drops, Socket.IO reconnects; the counters are refetched
 * then, as pushes may have been missed.
 */
export function useRealtimeConnection(memberId: string | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!memberId) return;
    const refreshUnreads = () => void queryClient.invalidateQueries({ queryKey: unreadsQuery.queryKey });
    const offChanged = onSocketEvent(REALTIME_EVENTS.unreadsChanged, refreshUnreads);
    const offReconnect = onReconnect(refreshUnreads);
    const close = openChatConnection(memberId);
    return () => {
      offChanged();
      offReconnect();
      close();
    };
  }, [memberId, queryClient]);
}
