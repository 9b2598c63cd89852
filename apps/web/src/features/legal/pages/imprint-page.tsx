import { Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../../app/shell/page-container.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import { imprintQuery } from '../api.ts';
import { HtmlContent } from '../../../ui/html-content.tsx';
import { usePageTitle } from '../../../app/shell/page-title.ts';

export function ImprintPage() {
  const { t } = useTranslation('legal');
  usePageTitle(t('imprint'));
  const imprint = useQuery(imprintQuery);
  return (
    <PageContainer size="md">
      <Stack gap="md">
        <Title order={1} fz="h2">
          {t('imprint')}
        </Title>
        {imprint.isPending && <LoadingRow />}
        {imprint.isError && <ErrorRow error={imprint.error} onRetry={() => void imprint.refetch()} />}
        {imprint.data &&
          (imprint.data.imprint_attributes.content ? (
            <HtmlContent html={imprint.data.imprint_attributes.content} />
          ) : (
            <EmptyState title={t('no_imprint')} />
          ))}
      </Stack>
    </PageContainer>
  );
}
