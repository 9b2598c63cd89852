import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageContainer } from '../../../app/shell/page-container.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import { legalTextsQuery } from '../api.ts';
import { usePageTitle } from '../../../app/shell/page-title.ts';

export function LegalTextsPage() {
  const { t } = useTranslation('legal');
  usePageTitle(t('legal_texts'));
  const texts = useQuery(legalTextsQuery);
  return (
    <PageContainer size="md">
      <Stack gap="md">
        <Title order={1} fz="h2">
          {t('legal_texts')}
        </Title>
        {texts.isPending && <LoadingRow />}
        {texts.isError && <ErrorRow error={texts.error} onRetry={() => void texts.refetch()} />}
        {texts.data?.legal_texts.length === 0 && <EmptyState title={t('no_legal_texts')} />}
        {texts.data?.legal_texts.map((text) => (
          <Paper key={text.id} withBorder radius="md" p="md">
            <Anchor component={Link} to={`/legal/${text.handle}`} fw={600}>
              {text.name}
            </Anchor>
            {text.statement && (
              <Text size="sm" c="dimmed" mt={4}>
                {text.statement}
              </Text>
            )}
          </Paper>
        ))}
      </Stack>
    </PageContainer>
  );
}
