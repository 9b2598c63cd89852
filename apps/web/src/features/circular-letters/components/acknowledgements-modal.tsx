import { Badge, Group, Modal, Stack, Table, Tabs, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../ui/date-format.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import { acknowledgementsQuery } from '../api.ts';

export type AcknowledgementsModalProps = {
  /** The circular letter's activity. */
  activityId: string;
  opened: boolean;
  onClose: () => void;
  /** The letter's subject, shown in the title. */
  subject?: string;
};

/**
 * Who confirmed having read a circular letter (with when) and who has not yet, for its sender and
 * the administrators of its groups.
 */
export function AcknowledgementsModal({ activityId, opened, onClose, subject }: AcknowledgementsModalProps) {
  const { t } = useTranslation('circular-letters');
  const query = useQuery({ ...acknowledgementsQuery(activityId), enabled: opened });
  const data = query.data;

  let content;
  if (query.isPending) content = <LoadingRow />;
  else if (query.isError) content = <ErrorRow error={query.error} onRetry={() => void query.refetch()} />;
  else
    content = (
      <Tabs defaultValue="acknowledged" keepMounted={false}>
        <Tabs.List grow>
          <Tabs.Tab
            value="acknowledged"
            rightSection={
              <Badge size="sm" variant="light" circle={data!.acknowledged.length < 10}>
                {data!.acknowledged.length}
              </Badge>
            }
          >
            {t('acknowledgements.acknowledged')}
          </Tabs.Tab>
          <Tabs.Tab
            value="pending"
            rightSection={
              <Badge size="sm" variant="light" color="gray" circle={data!.pending.length < 10}>
                {data!.pending.length}
              </Badge>
            }
          >
            {t('acknowledgements.pending')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="acknowledged" pt="sm">
          {data!.acknowledged.length === 0 ? (
            <EmptyState size="sm" title={t('acknowledgements.none_acknowledged')} />
          ) : (
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('acknowledgements.member')}</Table.Th>
                  <Table.Th>{t('acknowledgements.at')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data!.acknowledged.map((member) => (
                  <Table.Tr key={member.id}>
                    <Table.Td>
                      <Link to={member.path}>{member.name}</Link>
                    </Table.Td>
                    <Table.Td>{formatDateTime(member.acknowledged_at)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="pending" pt="sm">
          {data!.pending.length === 0 ? (
            <EmptyState size="sm" title={t('acknowledgements.none_pending')} />
          ) : (
            <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
              {data!.pending.map((member) => (
                <Text component="li" key={member.id} size="sm">
                  <Link to={member.path}>{member.name}</Link>
                </Text>
              ))}
            </Stack>
          )}
        </Tabs.Panel>
      </Tabs>
    );

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={
        <Group gap="xs" wrap="nowrap">
          <Text fw={600}>{t('acknowledgements.title')}</Text>
          {subject && (
            <Text c="dimmed" truncate>
              {subject}
            </Text>
          )}
        </Group>
      }
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('ui:dialog.close') }}
    >
      {content}
    </Modal>
  );
}
