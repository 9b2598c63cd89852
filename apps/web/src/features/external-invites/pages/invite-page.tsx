import { Paper } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { PageContainer } from '../../../app/shell/page-container.tsx';
import { usePageTitle } from '../../../app/shell/page-title.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { PageToolbar } from '../../../ui/page-toolbar.tsx';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import { groupQuery } from '../../groups/index.ts';
import { networkQuery } from '../../home/index.ts';
import { administratorTabs, categoryOf, groupTabs, type InviteContext, type InviteTabs } from '../context.ts';
import { InviteTabsPanel } from '../components/invite-tabs.tsx';

/** What the route names: the group, the category or (neither) the network. */
function useInviteContext(): InviteContext {
  const { groupSlug, groupCategoryId } = useParams();
  if (groupSlug) return { kind: 'group', slug: groupSlug };
  if (groupCategoryId) return { kind: 'category', id: groupCategoryId };
  return { kind: 'network' };
}

/**
 * `/administration/invites/new`, `/groups/{groupSlug}/administration/invites/new` and
 * `/group-categories/{groupCategoryId}/administration/invites/new` (administration spec,
 * sections 2, 3 and 5): invite members, people by e-mail, or many from a CSV file, as the
 * context's `can` flags allow.
 */
export function InvitePage() {
  const { t } = useTranslation('external-invites');
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const context = useInviteContext();
  const group = useQuery({
    ...groupQuery(context.kind === 'group' ? context.slug : ''),
    enabled: context.kind === 'group',
  });
  const network = useQuery(networkQuery);
  const category = context.kind === 'category' ? categoryOf(network.data, context.id) : undefined;

  let title = t('page.title');
  let back = '/administration/invites';
  if (context.kind === 'group') {
    title = t('page.group_title', { name: group.data?.name ?? '' });
    back = `/groups/${encodeURIComponent(context.slug)}/administration`;
  } else if (context.kind === 'category') {
    title = t('page.category_title', { name: category?.plural_name ?? '' });
    back = category ? `/group-categories/${encodeURIComponent(category.slug)}/administration` : '/';
  }
  usePageTitle(title);

  const loading = context.kind === 'group' ? group : network;
  if (loading.isPending)
    return (
      <PageContainer size="md">
        <LoadingRow />
      </PageContainer>
    );
  if (!loading.data) {
    return (
      <PageContainer size="md">
        <ErrorRow
          error={loading.error}
          kind={context.kind === 'group' ? 'group' : undefined}
          onRetry={() => void loading.refetch()}
        />
      </PageContainer>
    );
  }

  let tabs: InviteTabs | null = administratorTabs();
  if (group.data) tabs = groupTabs(group.data);
  else if (context.kind === 'category') tabs = category?.can.administrate ? administratorTabs() : null;
  else if (!network.data?.can.administrate) tabs = null;
  const forbidden = !tabs || (!tabs.internal && !tabs.external);

  return (
    <PageContainer size="md">
      <PageToolbar title={title} backTo={back} backLabel={t('page.back')} />
      {forbidden || !tabs ? (
        <EmptyState icon={<IconLock size={28} />} title={t('page.forbidden.title')} text={t('page.forbidden.text')} />
      ) : (
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
          <InviteTabsPanel
            context={context}
            contextId={category?.id}
            groupName={group.data?.name}
            tabs={tabs}
            tab={search.get('tab')}
            onTab={(tab) => setSearch({ tab }, { replace: true })}
            onCancel={() => void navigate(back)}
            title={title}
          />
        </Paper>
      )}
    </PageContainer>
  );
}
