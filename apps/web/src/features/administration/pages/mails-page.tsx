import { Anchor, Badge, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconMailOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { OUTBOX_PER_PAGE } from '@agora/contracts';
import { PageContainer } from '../../../app/shell/page-container.tsx';
import { formatDateTime } from '../../../ui/date-format.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { PageToolbar } from '../../../ui/page-toolbar.tsx';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import { outboxQuery } from '../api.ts';
import { EventFailuresSection } from '../components/event-failures-section.tsx';
import { usePageTitle } from '../../../app/shell/page-title.ts';
import { Pager } from '../../../ui/pager.tsx';

/** The outbox: mails kept because no SMTP server is configured, newest first. */
export function MailsPage() {
  const { t } = useTranslation('administration');
  usePageTitle(t('mails.title'));
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const mails = useQuery(outboxQuery(page));
  const pages = mails.data ? Math.max(1, Math.ceil(mails.data.total / OUTBOX_PER_PAGE)) : 1;

  return (
    <PageContainer>
      <Stack gap="md">
        <PageToolbar
          title={
            <Title order={1} fz="h2">
              {t('mails.title')}
            </Title>
          }
          backTo="/administration"
        />
        <Text c="dimmed">{t('mails.intro')}</Text>
        {mails.isPending && <LoadingRow />}
        {mails.isError && <ErrorRow error={mails.error} onRetry={() => void mails.refetch()} />}
        {mails.data?.total === 0 && (
          <EmptyState icon={<IconMailOff size={32} aria-hidden />} title={t('mails.empty')} />
        )}
        {mails.data && mails.data.mails.length > 0 && (
          <Table.ScrollContainer minWidth={560}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('mails.sent_at')}</Table.Th>
                  <Table.Th>{t('mails.to')}</Table.Th>
                  <Table.Th>{t('mails.subject')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {mails.data.mails.map((mail) => (
                  <Table.Tr key={mail.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(mail.created_at)}</Table.Td>
                    <Table.Td>{mail.to}</Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Anchor component={Link} to={`/administration/mails/${mail.id}`}>
                          {mail.subject}
                        </Anchor>
                        {mail.delivery_error && (
                          <Badge color="red" variant="light">
                            {t('mails.not_delivered')}
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Pager total={pages} page={page} onChange={(next) => setParams(next === 1 ? {} : { page: String(next) })} />
        {/* Shown once the outbox answered: one refusal on the page for members, not two. */}
        {mails.isSuccess && <EventFailuresSection />}
      </Stack>
    </PageContainer>
  );
}
