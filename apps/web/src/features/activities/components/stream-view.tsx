import { Button, Stack } from '@mantine/core';
import { IconArrowUp, IconMessages } from '@tabler/icons-react';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACTIVITY_REALTIME_EVENTS, type Activity, type ActivityRealtimeEvent } from '@agora/contracts';
import { onRealtime } from '../../../app/realtime.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import { sessionQuery } from '../../session/index.ts';
import {
  dropActivity,
  markStreamRead,
  prependActivity,
  refreshActivity,
  streamKey,
  streamQuery,
  type StreamSource,
} from '../api.ts';
import { ActivityCard } from './activity-card.tsx';
import { PostComposer } from './post-composer.tsx';
import classes from './activities.module.css';

type StreamViewProps = {
  source: StreamSource;
  /** The stream whose first page marks it read (`all`'s id for the home). */
  readStreamId?: string | null;
  /**
   * Which live posts belong here: the ids of the stream's streams, or null for every post the
   * member may read (the home and `all`).
   */
  liveStreamIds?: string[] | null;
  /** The composer's stream, or null for the home; undefined: no composer. */
  composer?: { slug: string; groupId?: string | null } | null;
  emptyTitle?: string;
  emptyText?: string;
};

function isEvent(payload: unknown): payload is ActivityRealtimeEvent {
  return typeof (payload as ActivityRealtimeEvent | null)?.id === 'string';
}

/**
 * A stream's activities, newest first, page after page as the member scrolls (and a button for
 * keyboards); new posts of others announce themselves in a banner rather than pushing the list.
 */
export function StreamView({
  source,
  readStreamId = null,
  liveStreamIds = null,
  composer,
  emptyTitle,
  emptyText,
}: StreamViewProps) {
  const { t } = useTranslation('activities');
  const queryClient = useQueryClient();
  const query = useInfiniteQuery(streamQuery(source));
  const selfId = useQuery(sessionQuery).data?.member?.id ?? null;
  const sentinel = useRef<HTMLDivElement>(null);
  const sourceKey = JSON.stringify(source);
  // The posts announced by the banner, for the stream they were announced in.
  const [announced, setAnnounced] = useState<{ key: string; ids: Set<string> }>({ key: sourceKey, ids: new Set() });
  const fresh = announced.key === sourceKey ? announced.ids : new Set<string>();

  const activities = query.data?.pages.flatMap((page) => page.activities) ?? [];
  const shownIds = useRef(new Set<string>());
  const idsKey = activities.map((a) => a.id).join();
  useEffect(() => {
    shownIds.current = new Set(idsKey ? idsKey.split(',') : []);
  }, [idsKey]);

  // The first page seen marks the stream read (the unread counts of the user bar).
  const loaded = query.isSuccess;
  useEffect(() => {
    if (!loaded || !readStreamId) return;
    markStreamRead(queryClient, readStreamId).catch(() => undefined);
  }, [loaded, readStreamId, sourceKey, queryClient]);

  const liveKey = liveStreamIds === null ? null : liveStreamIds.join();
  useEffect(() => {
    const wanted = liveKey === null ? null : new Set(liveKey.split(','));
    const belongs = (event: ActivityRealtimeEvent) =>
      wanted === null || (event.activitystream_ids ?? []).some((streamId) => wanted.has(streamId));
    const offs = [
      onRealtime(ACTIVITY_REALTIME_EVENTS.created, (payload) => {
        if (!isEvent(payload) || !belongs(payload)) return;
        if (payload.actor_id && payload.actor_id === selfId) return;
        if (shownIds.current.has(payload.id)) return;
        setAnnounced((current) => ({
          key: sourceKey,
          ids: new Set(current.key === sourceKey ? current.ids : []).add(payload.id),
        }));
      }),
      onRealtime(ACTIVITY_REALTIME_EVENTS.updated, (payload) => {
        if (isEvent(payload) && shownIds.current.has(payload.id))
          refreshActivity(queryClient, payload.id).catch(() => undefined);
      }),
      onRealtime(ACTIVITY_REALTIME_EVENTS.replyCreated, (payload) => {
        if (isEvent(payload) && shownIds.current.has(payload.id))
          refreshActivity(queryClient, payload.id).catch(() => undefined);
      }),
      onRealtime(ACTIVITY_REALTIME_EVENTS.destroyed, (payload) => {
        if (isEvent(payload)) dropActivity(queryClient, payload.id);
      }),
    ];
    return () => offs.forEach((off) => off());
  }, [liveKey, selfId, queryClient, sourceKey]);

  // The next page as the sentinel under the list comes into view.
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: '400px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const showFresh = async () => {
    setAnnounced({ key: sourceKey, ids: new Set() });
    await queryClient.resetQueries({ queryKey: streamKey(source) });
    window.scrollTo?.({ top: 0, behavior: 'smooth' });
  };

  const onPosted = (activity: Activity) => prependActivity(queryClient, source, activity);

  let list;
  if (query.isPending) list = <LoadingRow />;
  else if (query.isError && activities.length === 0)
    list = <ErrorRow error={query.error} onRetry={() => void query.refetch()} />;
  else if (activities.length === 0)
    list = (
      <EmptyState
        icon={<IconMessages size={28} />}
        title={emptyTitle ?? t('stream.empty_title')}
        text={emptyText ?? t('stream.empty_text')}
        data-testid="stream-empty"
      />
    );
  else
    list = (
      <Stack gap="md" component="section" aria-label={t('stream.list')} data-testid="activity-list">
        {activities.map((activity) => (
          <ActivityCard key={activity.id} activity={activity} />
        ))}
        <div ref={sentinel} aria-hidden />
        {hasNextPage && (
          <Button
            variant="default"
            onClick={() => void fetchNextPage()}
            loading={isFetchingNextPage}
            style={{ alignSelf: 'center' }}
          >
            {t('stream.load_more')}
          </Button>
        )}
        {query.isFetchNextPageError && <ErrorRow error={query.error} onRetry={() => void fetchNextPage()} />}
      </Stack>
    );

  return (
    <Stack gap="md">
      {composer !== undefined && <PostComposer current={composer} onPosted={onPosted} />}
      {/* Announced to screen readers as it changes; the list itself stays where it is. */}
      <div aria-live="polite" className={classes.newBanner}>
        {fresh.size > 0 && (
          <Button
            radius="xl"
            leftSection={<IconArrowUp size={16} aria-hidden />}
            onClick={() => void showFresh()}
            data-testid="new-posts-banner"
          >
            {t('stream.new_posts', { count: fresh.size })}
          </Button>
        )}
      </div>
      {list}
    </Stack>
  );
}
