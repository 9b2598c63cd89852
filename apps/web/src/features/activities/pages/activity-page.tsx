import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ACTIVITY_REALTIME_EVENTS, type ActivityRealtimeEvent } from '@agora/contracts';
import { onRealtime } from '../../../app/realtime.ts';
import { PageContainer } from '../../../app/shell/page-container.tsx';
import { usePageTitle } from '../../../app/shell/page-title.ts';
import { PageToolbar } from '../../../ui/page-toolbar.tsx';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import { activityQuery, refreshActivity } from '../api.ts';
import { ActivityCard } from '../components/activity-card.tsx';
import { streamsBase } from '../lib/paths.ts';

/**
 * `/activities/{id}` and a reply or answer of it (`…/replies/{replyId}`, `…/answers/{replyId}`):
 * the activity in full with all its replies, the one named scrolled to and highlighted.
 */
export function ActivityPage() {
  const { t } = useTranslation('activities');
  const { activityId = '', replyId = null, groupSlug = null } = useParams();
  const navigate = useNavigate();
  const query = useQuery(activityQuery(activityId));
  const queryClient = useQueryClient();

  // A reply written or an edit made elsewhere shows here without reloading.
  useEffect(() => {
    const follow = (payload: unknown) => {
      if ((payload as ActivityRealtimeEvent | null)?.id !== activityId) return;
      refreshActivity(queryClient, activityId).catch(() => undefined);
    };
    const offs = [
      onRealtime(ACTIVITY_REALTIME_EVENTS.replyCreated, follow),
      onRealtime(ACTIVITY_REALTIME_EVENTS.updated, follow),
    ];
    return () => offs.forEach((off) => off());
  }, [activityId, queryClient]);
  const activity = query.data;
  usePageTitle(
    activity
      ? (activity.circular_letter?.subject ?? t('activity.title', { name: activity.actor?.name ?? t('former_member') }))
      : t('activity.loading'),
  );
  const back = streamsBase(groupSlug);

  return (
    <PageContainer size="md">
      <PageToolbar title={t('activity.heading')} backTo={true} backLabel={t('activity.back')} />
      {query.isPending ? (
        <LoadingRow />
      ) : !activity ? (
        <ErrorRow error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <ActivityCard
          key={activity.id}
          activity={activity}
          full
          highlightReplyId={replyId}
          onDeleted={() => void navigate(back, { replace: true })}
        />
      )}
    </PageContainer>
  );
}
