import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { io, type Socket } from 'socket.io-client';
import { REALTIME_EVENTS } from '@agora/contracts';
import { unreadsQuery } from './unreads.ts';

type Handler = (payload: unknown) => void;
const handlers = new Map<string, Set<Handler>>();
let socket: Socket | null = null;

/** Lets a feature react to an event pushed to the member (room `member:{id}`). */
export function onRealtime(event: string, handler: Handler): () => void {
  let set = handlers.get(event);
  if (!set) {
    set = new Set();
    handlers.set(event, set);
    socket?.on(event, (payload: unknown) => handlers.get(event)?.forEach((h) => h(payload)));
  }
  set.add(handler);
  return () => set.delete(handler);
}

/**
 * One connection per signed-in page, authenticated by the session cookie. When it drops,
 * Socket.IO reconnects; the counters are refetched then, as pushes may have been missed.
 */
export function useRealtimeConnection(memberId: string | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!memberId) return;
    const connection = io({ path: '/socket.io', withCredentials: true, reconnectionDelay: 5000 });
    socket = connection;
    for (const event of handlers.keys()) {
      connection.on(event, (payload: unknown) => handlers.get(event)?.forEach((h) => h(payload)));
    }
    const refreshUnreads = () => void queryClient.invalidateQueries({ queryKey: unreadsQuery.queryKey });
    connection.on(REALTIME_EVENTS.unreadsChanged, refreshUnreads);
    connection.io.on('reconnect', refreshUnreads);
    return () => {
      connection.disconnect();
      if (socket === connection) socket = null;
    };
  }, [memberId, queryClient]);
}
