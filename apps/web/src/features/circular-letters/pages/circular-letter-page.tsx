import { useQuery } from '@tanstack/react-query';
import { IconMailForward } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { DirectoryGroupOption } from '@agora/contracts';
import { PageContainer } from '../../../app/shell/page-container.tsx';
import { usePageTitle } from '../../../app/shell/page-title.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { PageToolbar } from '../../../ui/page-toolbar.tsx';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import { groupQuery } from '../../groups/index.ts';
import { sessionQuery } from '../../session/index.ts';
import { activitystreamsQuery, ownProfileQuery } from '../api.ts';
import { CircularLetterForm } from '../components/circular-letter-form.tsx';

/** Where a draft of the editor is kept: one for the network, one per group. */
export function circularLetterDraftKey(groupSlug: string | null): string {
  return groupSlug ? `agora.circular-letter.group.${groupSlug}` : 'agora.circular-letter';
}

/**
 * /rundschreiben and /groups/{slug}/rundschreiben: the circular-letter editor, for network
 * administrators (any group, or all members) and group administrators (their groups).
 */
export function CircularLetterPage() {
  const { t } = useTranslation('circular-letters');
  const { groupSlug = null } = useParams();
  usePageTitle(t('title'));
  const session = useQuery(sessionQuery).data;
  const memberId = session?.member.id ?? '';
  const networkAdmin = session?.member.network_admin ?? false;
  const streams = useQuery(activitystreamsQuery);
  const allowed = streams.data?.can.create_circular_letter ?? false;
  const profile = useQuery({ ...ownProfileQuery(memberId), enabled: !!memberId && allowed && !networkAdmin });
  const group = useQuery({ ...groupQuery(groupSlug ?? ''), enabled: groupSlug !== null && allowed });

  let content;
  if (!session || streams.isPending) content = <LoadingRow />;
  else if (streams.isError) content = <ErrorRow error={streams.error} onRetry={() => void streams.refetch()} />;
  else if (!allowed)
    content = <EmptyState icon={<IconMailForward />} title={t('not_allowed.title')} text={t('not_allowed.text')} />;
  else if (group.isError) content = <ErrorRow error={group.error} kind="group" />;
  else if (profile.isError) content = <ErrorRow error={profile.error} onRetry={() => void profile.refetch()} />;
  else if ((groupSlug !== null && group.isPending) || (!networkAdmin && profile.isPending)) content = <LoadingRow />;
  else {
    const adminGroups = (profile.data?.groups ?? []).filter((g) => g.admin && !g.archived);
    const initialGroup: DirectoryGroupOption | null =
      group.data && (networkAdmin || adminGroups.some((g) => g.id === group.data.id))
        ? {
            type: 'group',
            id: group.data.id,
            slug: group.data.slug,
            name: group.data.name,
            category: { id: group.data.category_id, name: '' },
            chat_enabled: group.data.chat === 'enabled',
          }
        : null;
    content = (
      <CircularLetterForm
        key={groupSlug ?? ''}
        networkAdmin={networkAdmin}
        adminGroups={adminGroups}
        initialGroup={initialGroup}
        draftKey={circularLetterDraftKey(groupSlug)}
      />
    );
  }

  return (
    <PageContainer size="md">
      <PageToolbar title={t('title')} backTo={groupSlug ? `/groups/${encodeURIComponent(groupSlug)}` : '/'} />
      {content}
    </PageContainer>
  );
}
