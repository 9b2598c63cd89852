import { ActionIcon, Anchor, Button, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconHistory, IconLock, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { LegalTextAdminSummary } from '@agora/contracts';
import { PageContainer } from '../../../app/shell/page-container.tsx';
import { usePageTitle } from '../../../app/shell/page-title.ts';
import { confirm } from '../../../ui/confirm-dialog.tsx';
import { formatDate } from '../../../ui/date-format.ts';
import { PageToolbar } from '../../../ui/page-toolbar.tsx';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import { showToast } from '../../../ui/toast.tsx';
import { adminLegalTextsQuery, useDeleteLegalText } from './api.ts';

const COLUMNS = 4;

function LegalTextRow({ text }: { text: LegalTextAdminSummary }) {
  const { t } = useTranslation('legal-admin');
  const remove = useDeleteLegalText();
  const onDelete = async () => {
    const confirmed = await confirm({
      title: t('list.delete_title'),
      message: t('list.delete_confirm', { name: text.name }),
      confirmLabel: t('list.delete_button'),
      danger: true,
    });
    if (!confirmed) return;
    remove.mutate(text.id, {
      onSuccess: () => showToast('deleting_successful'),
      onError: () => showToast('deleting_failure', { kind: 'error' }),
    });
  };
  const action = (label: string, to: string, icon: ReactNode) => (
    <Tooltip label={label}>
      <ActionIcon component={Link} to={to} variant="subtle" aria-label={label}>
        {icon}
      </ActionIcon>
    </Tooltip>
  );
  const base = `/administration/legal_texts/${encodeURIComponent(text.id)}`;
  const handleLink = (
    <Anchor component={Link} to={`/legal/${encodeURIComponent(text.handle)}`} fz="inherit">
      {text.handle}
    </Anchor>
  );
  return (
    <Table.Tr>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>
        <Group gap={6} wrap="nowrap">
          {text.name}
          {text.read_only && (
            <Tooltip label={t('list.read_only')}>
              <IconLock size={16} aria-label={t('list.read_only')} role="img" />
            </Tooltip>
          )}
        </Group>
        {/* On a phone the handle and the date stand under the name, leaving room for the actions. */}
        <Stack gap={0} hiddenFrom="sm">
          {handleLink}
          <Text size="xs" c="dimmed">
            {t('list.updated_on', { date: formatDate(text.updated_at) })}
          </Text>
        </Stack>
      </Table.Td>
      <Table.Td style={{ overflowWrap: 'anywhere' }} visibleFrom="sm">
        {handleLink}
      </Table.Td>
      <Table.Td visibleFrom="sm">{formatDate(text.updated_at)}</Table.Td>
      <Table.Td>
        <Group gap={4} justify="flex-end" wrap="nowrap">
          {action(t('list.versions', { name: text.name }), base, <IconHistory size={18} aria-hidden />)}
          {text.can.update &&
            action(t('list.edit', { name: text.name }), `${base}/edit`, <IconPencil size={18} aria-hidden />)}
          {text.can.destroy && (
            <Tooltip label={t('list.delete', { name: text.name })}>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('list.delete', { name: text.name })}
                loading={remove.isPending}
                onClick={() => void onDelete()}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** `/administration/legal_texts`: the network's legal texts, with links to read, edit and their versions. */
export function LegalTextsAdminPage() {
  const { t } = useTranslation('legal-admin');
  usePageTitle(t('legal_texts.title'));
  const texts = useQuery(adminLegalTextsQuery);
  return (
    <PageContainer>
      <Stack gap="md">
        <PageToolbar
          title={t('legal_texts.title')}
          backTo="/administration"
          actions={
            <Button
              component={Link}
              to="/administration/legal_texts/new"
              leftSection={<IconPlus size={16} aria-hidden />}
            >
              {t('list.new')}
            </Button>
          }
        />
        <Text c="dimmed">{t('legal_texts.description')}</Text>
        <Table.ScrollContainer minWidth={300}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('list.name')}</Table.Th>
                <Table.Th visibleFrom="sm">{t('list.handle')}</Table.Th>
                <Table.Th visibleFrom="sm">{t('list.updated_at')}</Table.Th>
                <Table.Th ta="right">{t('list.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {texts.isPending && <LoadingRow colSpan={COLUMNS} />}
              {texts.isError && <ErrorRow error={texts.error} colSpan={COLUMNS} onRetry={() => void texts.refetch()} />}
              {texts.data?.legal_texts.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={COLUMNS} ta="center" c="dimmed">
                    {t('list.no_entries')}
                  </Table.Td>
                </Table.Tr>
              )}
              {texts.data?.legal_texts.map((text) => (
                <LegalTextRow key={text.id} text={text} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </PageContainer>
  );
}
