import { Alert, Code, Paper, SegmentedControl, Stack, Table, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageContainer } from '../../../app/shell/page-container.tsx';
import { formatDateTime } from '../../../ui/date-format.ts';
import { PageToolbar } from '../../../ui/page-toolbar.tsx';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import { outboxMailQuery } from '../api.ts';
import { usePageTitle } from '../../../app/shell/page-title.ts';

/** One mail of the outbox, as text or as its HTML in a sandboxed frame. */
export function MailPage() {
  const { t } = useTranslation('administration');
  const { mailId = '' } = useParams();
  const mail = useQuery(outboxMailQuery(mailId));
  usePageTitle(mail.data?.subject);
  const [view, setView] = useState<'html' | 'text'>('html');

  return (
    <PageContainer>
      <Stack gap="md">
        <PageToolbar
          title={
            <Title order={1} fz="h2">
              {mail.data?.subject ?? t('mails.title')}
            </Title>
          }
          backTo="/administration/mails"
        />
        {mail.isPending && <LoadingRow />}
        {mail.isError && <ErrorRow error={mail.error} kind="mail" onRetry={() => void mail.refetch()} />}
        {mail.data && (
          <>
            {mail.data.delivery_error && (
              <Alert color="red" title={t('mails.not_delivered')}>
                {t('mails.delivery_error', { error: mail.data.delivery_error })}
              </Alert>
            )}
            <Table variant="vertical" withTableBorder>
              <Table.Tbody>
                <Table.Tr>
                  <Table.Th w={140}>{t('mails.to')}</Table.Th>
                  <Table.Td>{mail.data.to}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>{t('mails.sent_at')}</Table.Th>
                  <Table.Td>{formatDateTime(mail.data.created_at)}</Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
            {mail.data.html && (
              <SegmentedControl
                value={view}
                onChange={(value) => setView(value as 'html' | 'text')}
                data={[
                  { value: 'html', label: t('mails.view_html') },
                  { value: 'text', label: t('mails.view_text') },
                ]}
                w="fit-content"
              />
            )}
            <Paper withBorder radius="md" p={0} style={{ overflow: 'hidden' }}>
              {mail.data.html && view === 'html' ? (
                // No scripts, no same origin: the mail is shown, never run.
                <iframe
                  title={mail.data.subject}
                  sandbox=""
                  srcDoc={mail.data.html}
                  style={{ width: '100%', minHeight: 480, border: 0, background: 'white' }}
                />
              ) : (
                <Code block p="md" style={{ whiteSpace: 'pre-wrap' }}>
                  {mail.data.text}
                </Code>
              )}
            </Paper>
          </>
        )}
      </Stack>
    </PageContainer>
  );
}
