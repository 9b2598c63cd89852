import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PageContainer } from '../../../app/shell/page-container.tsx';
import { usePageTitle } from '../../../app/shell/page-title.ts';
import { PageToolbar } from '../../../ui/page-toolbar.tsx';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import { activityQuery } from '../api.ts';
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
