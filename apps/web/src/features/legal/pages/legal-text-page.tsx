import { Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageContainer } from '../../../app/shell/page-container.tsx';
import { formatDate } from '../../../ui/date-format.ts';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import { legalTextQuery } from '../api.ts';
import { HtmlContent } from '../../../ui/html-content.tsx';
import { usePageTitle } from '../../../app/shell/page-title.ts';

export function LegalTextPage() {
  const { t } = useTranslation('legal');
  const { handle = '' } = useParams();
  const text = useQuery(legalTextQuery(handle));
  usePageTitle(text.data?.name);
  return (
    <PageContainer size="md">
      {text.isPending && <LoadingRow />}
      {text.isError && <ErrorRow error={text.error} kind="legal_text" onRetry={() => void text.refetch()} />}
      {text.data && (
        <Stack gap="md">
          <div>
            <Title order={1} fz="h2">
              {text.data.name}
            </Title>
            <Text size="sm" c="dimmed">
              {t('updated_at', { date: formatDate(text.data.updated_at) })}
            </Text>
          </div>
          <HtmlContent html={text.data.text} />
        </Stack>
      )}
    </PageContainer>
  );
}
