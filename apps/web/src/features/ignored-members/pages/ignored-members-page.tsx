import { Anchor, Avatar, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconEyeOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { IgnoredMember } from '@agora/contracts';
import { PageContainer } from '../../../app/shell/page-container.tsx';
import { usePageTitle } from '../../../app/shell/page-title.ts';
import { confirm } from '../../../ui/confirm-dialog.tsx';
import { formatDate } from '../../../ui/date-format.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import { showToast } from '../../../ui/toast.tsx';
import { errorMessage } from '../../../ui/use-error-message.ts';
import { ignoredMembersQuery, useSetIgnored } from '../api.ts';

/** `/members/{id}/ignored`: the members the current member ignores, each with "Stop ignoring". */
export function IgnoredMembersPage() {
  const { t } = useTranslation('ignored-members');
  usePageTitle(t('title'));
  const { membershipId = '' } = useParams();
  const list = useQuery(ignoredMembersQuery(membershipId));
  const members = list.data?.ignored_members;

  return (
    <PageContainer size="sm">
      <Stack gap="md">
        <Title order={1} fz="h2">
          {t('title')}
        </Title>
        <Text c="dimmed">{t('intro')}</Text>
        {list.isPending && <LoadingRow />}
        {list.isError && <ErrorRow error={list.error} onRetry={() => void list.refetch()} />}
        {members?.length === 0 && <EmptyState icon={<IconEyeOff size={32} aria-hidden />} title={t('empty')} />}
        {members && members.length > 0 && (
          <Paper withBorder radius="md">
            <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
              {members.map((m) => (
                <IgnoredMemberRow key={m.id} member={m} />
              ))}
            </Stack>
          </Paper>
        )}
      </Stack>
    </PageContainer>
  );
}

function IgnoredMemberRow({ member }: { member: IgnoredMember }) {
  const { t } = useTranslation('ignored-members');
  const setIgnored = useSetIgnored();
  const stop = async () => {
    const confirmed = await confirm({
      title: t('stop_confirm_title', { name: member.name }),
      message: t('stop_confirm', { name: member.name }),
      confirmLabel: t('stop'),
    });
    if (!confirmed) return;
    setIgnored.mutate(
      { id: member.id, ignored: false },
      {
        onSuccess: () => showToast(t('stopped', { name: member.name })),
        onError: (error) => showToast(errorMessage(error, 'ignored-members'), { kind: 'error' }),
      },
    );
  };
  return (
    <Group
      component="li"
      gap="md"
      p="md"
      wrap="nowrap"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <Avatar src={member.images.small} name={member.name} color="initials" radius={999} alt="" aria-hidden />
      <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
        <Anchor component={Link} to={member.path} fw={500} style={{ overflowWrap: 'anywhere' }}>
          {member.name}
        </Anchor>
        <Text size="sm" c="dimmed">
          {t('ignored_at', { date: formatDate(member.ignored_at) })}
        </Text>
      </Stack>
      <Button variant="default" size="xs" loading={setIgnored.isPending} onClick={() => void stop()}>
        {t('stop')}
      </Button>
    </Group>
  );
}
