import { Paper } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PageContainer } from '../../../app/shell/page-container.tsx';
import { usePageTitle } from '../../../app/shell/page-title.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { PageToolbar } from '../../../ui/page-toolbar.tsx';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import { groupQuery } from '../../groups/index.ts';
import { useInviteMembers } from '../api.ts';
import { InternalInviteForm } from '../components/internal-invite-form.tsx';

/**
 * /groups/{slug}/membership_invites/new (administration spec, sections 2 and 5): invites members
 * picked by name and the members of groups picked to the group; at least one member or group.
 */
export function NewInvitePage() {
  const { t } = useTranslation('group-invites');
  const { groupSlug = '' } = useParams();
  const navigate = useNavigate();
  const group = useQuery(groupQuery(groupSlug));
  const inviting = useInviteMembers(groupSlug);
  usePageTitle(t('form.title', { name: group.data?.name ?? '' }));
  const back = `/groups/${encodeURIComponent(groupSlug)}`;

  if (group.isPending)
    return (
      <PageContainer size="md">
        <LoadingRow />
      </PageContainer>
    );
  if (!group.data) {
    return (
      <PageContainer size="md">
        <ErrorRow error={group.error} kind="group" onRetry={() => void group.refetch()} />
      </PageContainer>
    );
  }
  const title = t('form.title', { name: group.data.name });
  if (!group.data.can.invite_internal) {
    return (
      <PageContainer size="md">
        <PageToolbar title={title} backTo={back} backLabel={t('form.back')} />
        <EmptyState icon={<IconLock size={28} />} title={t('form.forbidden.title')} text={t('form.forbidden.text')} />
      </PageContainer>
    );
  }

  return (
    <PageContainer size="md">
      <PageToolbar title={title} backTo={back} backLabel={t('form.back')} />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <InternalInviteForm
          title={title}
          send={(body) => inviting.mutateAsync(body)}
          pending={inviting.isPending}
          error={inviting.error}
          onSent={() => void navigate(`${back}/invites/sent`)}
          onCancel={() => void navigate(back)}
        />
      </Paper>
    </PageContainer>
  );
}
