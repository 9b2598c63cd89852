import { Anchor, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ChangeRequest } from '@agora/contracts';
import { PageContainer } from '../../../app/shell/page-container.tsx';
import { usePageTitle } from '../../../app/shell/page-title.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { showFormErrors } from '../../../ui/form-errors.ts';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import { showToast } from '../../../ui/toast.tsx';
import { openChangeRequestsQuery, useDecideChangeRequest } from './api.ts';

/** `/administration/change_requests`: the open profile change requests, each accepted or rejected. */
export function ChangeRequestsAdminPage() {
  const { t } = useTranslation('members');
  usePageTitle(t('change_requests.admin_title'));
  const list = useQuery(openChangeRequestsQuery);

  return (
    <PageContainer size="lg">
      <Stack gap="md">
        <Title order={1} fz="h2">
          {t('change_requests.admin_title')}
        </Title>
        {list.isPending && <LoadingRow />}
        {list.isError && <ErrorRow error={list.error} onRetry={() => void list.refetch()} />}
        {list.data?.items.length === 0 && <EmptyState title={t('change_requests.empty')} />}
        {list.data?.items.map((request) => (
          <RequestCard key={request.id} request={request} />
        ))}
      </Stack>
    </PageContainer>
  );
}

function RequestCard({ request }: { request: ChangeRequest }) {
  const { t } = useTranslation('members');
  const decide = useDecideChangeRequest();
  const act = (action: 'accept' | 'reject') =>
    decide.mutate(
      { id: request.id, action },
      {
        onSuccess: () => showToast(t(action === 'accept' ? 'change_requests.accepted' : 'change_requests.rejected')),
        onError: (error) => showFormErrors(error, { ns: 'members' }),
      },
    );
  return (
    <Paper withBorder radius="md" p="md" aria-label={request.member.displayName} component="section">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Anchor component={Link} to={request.member.path} fw={600}>
            {request.member.displayName}
          </Anchor>
          {request.author.id !== request.member.id && (
            <Text size="sm" c="dimmed">
              {t('change_requests.by', { name: request.author.displayName })}
            </Text>
          )}
        </Group>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col" />
              <Table.Th scope="col">{t('change_requests.current')}</Table.Th>
              <Table.Th scope="col">{t('change_requests.requested')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {request.changes.map((change) => (
              <Table.Tr key={change.name}>
                <Table.Th scope="row">{change.label}</Table.Th>
                <Table.Td>{change.current_display ?? '–'}</Table.Td>
                <Table.Td>{change.requested_display ?? '–'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {request.comment && <Text size="sm">{request.comment}</Text>}
        <Group justify="flex-end">
          <Button
            variant="default"
            disabled={!request.can.reject}
            loading={decide.isPending}
            onClick={() => act('reject')}
          >
            {t('change_requests.reject')}
          </Button>
          <Button disabled={!request.can.accept} loading={decide.isPending} onClick={() => act('accept')}>
            {t('change_requests.accept')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
