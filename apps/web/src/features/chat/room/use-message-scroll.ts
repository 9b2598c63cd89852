import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { CHAT_LIMITS, CHAT_TIMINGS } from '@agora/contracts';

type MessageScrollOptions = {
  /** The oldest and the newest loaded message: prepended and appended messages change them. */
  firstId: string | undefined;
  lastId: string | undefined;
  /** The newest message is the member's own (just sent): always scrolled to. */
  lastIsOwn: boolean;
  /** More older messages may exist (the store has not yet answered an empty batch). */
  hasMore: boolean;
  /** Loads the next older batch; answers how many came (0: no more). */
  loadOlder: () => Promise<number>;
};

/** At the bottom: less than 10 % of the visible height below the view (spec 9, autoscroll threshold). */
function isAtBottom(el: Pick<HTMLElement, 'scrollHeight' | 'scrollTop' | 'clientHeight'>): boolean {
  const below = el.scrollHeight - el.scrollTop - el.clientHeight;
  return below <= Math.max(1, el.clientHeight * CHAT_LIMITS.autoscrollThreshold);
}

/** Near the top: within 2 % of the list's height (spec 9, scroll callback threshold). */
function isNearTop(el: HTMLElement): boolean {
  return el.scrollTop <= el.scrollHeight * CHAT_LIMITS.scrollCallbackThreshold;
}

/**
 * The message list's scrolling (spec 4): scrolling to the top loads older messages while there
 * are more (keeping what the member looks at in place), new messages scroll into view unless the
 * member scrolled away from the newest, and then a "scroll to newest" button is offered.
 */
export function useMessageScroll({ firstId, lastId, lastIsOwn, hasMore, loadOlder }: MessageScrollOptions) {
  const viewportRef = useRef<HTMLDivElement>(null);
  const [atBottom, setAtBottom] = useState(true);
  const atBottomRef = useRef(true);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const loadingRef = useRef(false);
  const [noMore, setNoMore] = useState(false);
  // Where the view stood before older messages came in, to put it back after they rendered.
  const anchor = useRef<{ height: number; top: number } | null>(null);

  const canLoadOlder = hasMore && !noMore;
  const loadOlderRef = useRef(loadOlder);
  useLayoutEffect(() => {
    loadOlderRef.current = loadOlder;
  });

  const markBottom = useCallback((value: boolean) => {
    atBottomRef.current = value;
    setAtBottom(value);
  }, []);

  const maybeLoadOlder = useCallback(async () => {
    const el = viewportRef.current;
    if (!el || loadingRef.current || !canLoadOlder) return;
    loadingRef.current = true;
    setLoadingOlder(true);
    anchor.current = { height: el.scrollHeight, top: el.scrollTop };
    try {
      const count = await loadOlderRef.current();
      if (count === 0) {
        anchor.current = null;
        setNoMore(true);
      }
    } catch {
      anchor.current = null;
    } finally {
      loadingRef.current = false;
      setLoadingOlder(false);
    }
  }, [canLoadOlder]);

  const handleScroll = useCallback(() => {
    const el = viewportRef.current;
    if (!el) return;
    markBottom(isAtBottom(el));
    if (isNearTop(el)) void maybeLoadOlder();
  }, [markBottom, maybeLoadOlder]);

  // Scroll events come dozens a second: handled at most every 250 ms, the last one always.
  const lastRun = useRef(0);
  const trailing = useRef<ReturnType<typeof setTimeout> | null>(null);
  const handleScrollRef = useRef(handleScroll);
  useLayoutEffect(() => {
    handleScrollRef.current = handleScroll;
  });
  const onScroll = useCallback(() => {
    const wait = CHAT_TIMINGS.scrollThrottleMs - (Date.now() - lastRun.current);
    if (wait <= 0) {
      lastRun.current = Date.now();
      handleScrollRef.current();
    } else {
      trailing.current ??= setTimeout(() => {
        trailing.current = null;
        lastRun.current = Date.now();
        handleScrollRef.current();
      }, wait);
    }
  }, []);
  useEffect(
    () => () => {
      if (trailing.current) clearTimeout(trailing.current);
    },
    [],
  );

  const scrollToBottom = useCallback(() => {
    const el = viewportRef.current;
    if (el) el.scrollTop = el.scrollHeight;
    markBottom(true);
  }, [markBottom]);

  // Older messages were prepended: the view keeps its distance from the bottom of the content.
  useLayoutEffect(() => {
    const el = viewportRef.current;
    if (!el || !anchor.current) return;
    el.scrollTop = anchor.current.top + (el.scrollHeight - anchor.current.height);
    anchor.current = null;
  }, [firstId]);

  // A new newest message: followed when the member was at the bottom or sent it.
  const seenLast = useRef<string | undefined>(undefined);
  useLayoutEffect(() => {
    if (!lastId || lastId === seenLast.current) return;
    const first = seenLast.current === undefined;
    seenLast.current = lastId;
    if (first || atBottomRef.current || lastIsOwn) scrollToBottom();
  }, [lastId, lastIsOwn, scrollToBottom]);

  // The view shrinks when the composer grows (more lines, attachments): one who saw the newest
  // keeps seeing it. Judged by the height before the change, as the (throttled) scroll handler
  // may have measured the view halfway through it.
  useEffect(() => {
    const el = viewportRef.current;
    if (!el) return;
    let height = el.clientHeight;
    const observer = new ResizeObserver(() => {
      const wasAtBottom = isAtBottom({ scrollHeight: el.scrollHeight, scrollTop: el.scrollTop, clientHeight: height });
      height = el.clientHeight;
      if (wasAtBottom || atBottomRef.current) scrollToBottom();
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [scrollToBottom]);

  // A first page that does not fill the view gives no scroll event: load on until it does.
  useEffect(() => {
    const el = viewportRef.current;
    if (el && firstId && el.scrollHeight <= el.clientHeight) void maybeLoadOlder();
  }, [firstId, maybeLoadOlder]);

  return { viewportRef, onScroll, atBottom, scrollToBottom, loadingOlder, noMore: noMore || !hasMore };
}
