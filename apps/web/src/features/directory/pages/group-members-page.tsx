import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageContainer } from '../../../app/shell/page-container.tsx';
import { usePageTitle } from '../../../app/shell/page-title.ts';
import { PageToolbar } from '../../../ui/page-toolbar.tsx';
import { ErrorRow } from '../../../ui/rows.tsx';
import { groupQuery } from '../../groups/index.ts';
import { MemberList } from '../components/member-list.tsx';

/** `/groups/{groupSlug}/members`: the group's members, with the directory's search and filters. */
export function GroupMembersPage() {
  const { t } = useTranslation('directory');
  const { groupSlug = '' } = useParams();
  const group = useQuery(groupQuery(groupSlug));
  const title = group.data ? t('group_members.title', { name: group.data.name }) : t('group_members.title_loading');
  usePageTitle(title);

  return (
    <PageContainer>
      <PageToolbar title={title} backTo={`/groups/${groupSlug}`} backLabel={t('group_members.back')} />
      {group.isError ? (
        <ErrorRow error={group.error} kind="group" onRetry={() => void group.refetch()} />
      ) : (
        <MemberList key={groupSlug} groupSlug={groupSlug} />
      )}
    </PageContainer>
  );
}
