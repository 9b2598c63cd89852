import { Button, Code, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconCircleCheck, IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EVENT_FAILURES_PER_PAGE } from '@agora/contracts';
import { formatDateTime } from '../../../ui/date-format.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import { showToast } from '../../../ui/toast.tsx';
import { eventFailuresQuery, useRetryEventFailure } from '../audit-log-api.ts';
import { Pager } from '../../../ui/pager.tsx';

/**
 * What the server could not finish after a change (a notification, a mail, an audit entry):
 * deliveries of domain events whose processor gave up, with a button to try again.
 */
export function EventFailuresSection() {
  const { t } = useTranslation('administration');
  const [page, setPage] = useState(1);
  const failures = useQuery(eventFailuresQuery(page));
  const retry = useRetryEventFailure();
  const pages = failures.data ? Math.max(1, Math.ceil(failures.data.total / EVENT_FAILURES_PER_PAGE)) : 1;

  return (
    <Stack gap="sm" component="section" aria-labelledby="event-failures-title">
      <Title order={2} fz="h3" id="event-failures-title">
        {t('event_failures.title')}
      </Title>
      <Text c="dimmed" size="sm">
        {t('event_failures.intro')}
      </Text>
      {failures.isPending && <LoadingRow />}
      {failures.isError && <ErrorRow error={failures.error} onRetry={() => void failures.refetch()} />}
      {failures.data?.total === 0 && (
        <EmptyState icon={<IconCircleCheck size={32} aria-hidden />} title={t('event_failures.empty')} />
      )}
      {failures.data && failures.data.failures.length > 0 && (
        <Table.ScrollContainer minWidth={720}>
          <Table striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('event_failures.time')}</Table.Th>
                <Table.Th>{t('event_failures.processor')}</Table.Th>
                <Table.Th>{t('event_failures.event_type')}</Table.Th>
                <Table.Th>{t('event_failures.subject')}</Table.Th>
                <Table.Th>{t('event_failures.attempts')}</Table.Th>
                <Table.Th>{t('event_failures.last_error')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('event_failures.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {failures.data.failures.map((failure) => (
                <Table.Tr key={failure.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(failure.created_at)}</Table.Td>
                  <Table.Td>{failure.processor}</Table.Td>
                  <Table.Td>
                    <Code>{failure.event_type}</Code>
                  </Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    {failure.subject.type} {failure.subject.id}
                  </Table.Td>
                  <Table.Td>{failure.attempts}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    <Text size="sm" lineClamp={3} title={failure.last_error ?? undefined}>
                      {failure.last_error}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="light"
                      leftSection={<IconRefresh size={14} aria-hidden />}
                      loading={retry.isPending && retry.variables === failure.id}
                      aria-label={t('event_failures.retry_label', { type: failure.event_type })}
                      onClick={() =>
                        retry.mutate(failure.id, {
                          onSuccess: () => showToast('administration:event_failures.retried', { kind: 'success' }),
                          onError: () => showToast('administration:event_failures.retry_failed', { kind: 'error' }),
                        })
                      }
                    >
                      {t('event_failures.retry')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Pager total={pages} page={page} onChange={setPage} />
    </Stack>
  );
}
