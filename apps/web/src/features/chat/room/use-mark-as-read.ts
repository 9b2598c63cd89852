import { useEffect, useLayoutEffect, useRef } from 'react';
import { CHAT_TIMINGS } from '@agora/contracts';

function useLatest<T>(value: T) {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}

/**
 * Mark as read (spec 4): once the member has reached the end of the messages, a 1 s timer marks
 * the newest one read; a newer message restarts it, leaving the room (or the end) cancels it.
 * Without window focus nothing runs until the window gets it back: nobody has read what arrives
 * in a tab in the background.
 */
export function useMarkAsRead(messageId: string | undefined, atEnd: boolean, markAsRead: (id: string) => void) {
  const mark = useLatest(markAsRead);
  useEffect(() => {
    if (!messageId || !atEnd) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const start = () => {
      if (timer) return;
      timer = setTimeout(() => mark.current(messageId), CHAT_TIMINGS.markAsReadDelayMs);
    };
    const stop = () => {
      clearTimeout(timer);
      timer = undefined;
    };
    if (document.hasFocus()) start();
    window.addEventListener('focus', start);
    window.addEventListener('blur', stop);
    return () => {
      stop();
      window.removeEventListener('focus', start);
      window.removeEventListener('blur', stop);
    };
  }, [messageId, atEnd, mark]);
}
