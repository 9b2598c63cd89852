import { Accordion, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { LegalTextAdmin } from '@agora/contracts';
import { PageContainer } from '../../../app/shell/page-container.tsx';
import { usePageTitle } from '../../../app/shell/page-title.ts';
import { formatDateTime } from '../../../ui/date-format.ts';
import { HtmlContent } from '../../../ui/html-content.tsx';
import { PageToolbar } from '../../../ui/page-toolbar.tsx';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import { adminLegalTextQuery } from './api.ts';

function Versions({ text }: { text: LegalTextAdmin }) {
  const { t } = useTranslation('legal-admin');
  const current = text.versions[0]?.id;
  return (
    <Accordion variant="separated" defaultValue={current ?? null}>
      {text.versions.map((version, index) => (
        <Accordion.Item key={version.id} value={version.id}>
          <Accordion.Control>
            <Group gap="xs" wrap="wrap">
              <Text fw={500}>{t('versions.saved_at', { date: formatDateTime(version.created_at) })}</Text>
              {index === 0 && (
                <Badge color="green" variant="dot">
                  {t('versions.current')}
                </Badge>
              )}
              {version.requires_acceptance && (
                <Badge color="orange" variant="dot">
                  {t('versions.requires_acceptance')}
                </Badge>
              )}
            </Group>
          </Accordion.Control>
          <Accordion.Panel>
            <HtmlContent html={version.html_text} />
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}

/** `/administration/legal_texts/{id}`: every saved version, the current one first and open. */
export function LegalTextVersionsPage() {
  const { t } = useTranslation('legal-admin');
  const { legalTextId = '' } = useParams();
  const text = useQuery(adminLegalTextQuery(legalTextId));
  usePageTitle(text.data ? t('versions.title', { name: text.data.name }) : undefined);
  return (
    <PageContainer size="md">
      <Stack gap="md">
        <PageToolbar
          title={text.data ? t('versions.title', { name: text.data.name }) : t('versions.loading_title')}
          backTo="/administration/legal_texts"
          actions={
            text.data?.can.update && (
              <Button
                component={Link}
                to={`/administration/legal_texts/${encodeURIComponent(text.data.id)}/edit`}
                variant="light"
                leftSection={<IconPencil size={16} aria-hidden />}
              >
                {t('versions.edit')}
              </Button>
            )
          }
        />
        {text.isPending && <LoadingRow />}
        {text.isError && <ErrorRow error={text.error} kind="legal_text" onRetry={() => void text.refetch()} />}
        {text.data && (
          <>
            <Text c="dimmed">{t('versions.intro', { count: text.data.versions.length })}</Text>
            <Versions text={text.data} />
          </>
        )}
      </Stack>
    </PageContainer>
  );
}
