import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconFileText } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { PendingLegalText } from '@agora/contracts';
import { PageContainer } from '../../../app/shell/page-container.tsx';
import { usePageTitle } from '../../../app/shell/page-title.ts';
import { sessionQuery } from '../../session/index.ts';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { showToast } from '../../../ui/toast.tsx';
import { errorMessage } from '../../../ui/use-error-message.ts';
import { pendingLegalTextsQuery, useAcceptLegalText } from '../api.ts';

/** Pages a member may read before accepting: the texts themselves and the imprint. */
export function isAcceptanceExempt(pathname: string): boolean {
  return /^\/(legal|imprint)(\/|$)/.test(pathname);
}

function PendingText({ text }: { text: PendingLegalText }) {
  const { t } = useTranslation('legal');
  const accept = useAcceptLegalText();
  const onAccept = () =>
    accept.mutate(
      { id: text.id, versionId: text.version_id },
      {
        onSuccess: () => showToast(t('acceptance.accepted', { name: text.name }), { kind: 'success' }),
        onError: (error) => showToast(errorMessage(error, 'legal'), { kind: 'error' }),
      },
    );
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={`legal-${text.id}`}>
      <Stack gap="sm">
        <Title order={2} fz="h4" id={`legal-${text.id}`} style={{ overflowWrap: 'anywhere' }}>
          {text.name}
        </Title>
        <Text style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>{text.statement}</Text>
        <Group justify="space-between" gap="sm">
          <Anchor component={Link} to={`/legal/${encodeURIComponent(text.handle)}`}>
            <Group gap={4} wrap="nowrap" component="span">
              <IconFileText size={16} aria-hidden />
              {t('acceptance.read', { name: text.name })}
            </Group>
          </Anchor>
          <Button leftSection={<IconCheck size={16} aria-hidden />} loading={accept.isPending} onClick={onAccept}>
            {t('acceptance.accept')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function AcceptancePage({ texts }: { texts: PendingLegalText[] }) {
  const { t } = useTranslation('legal');
  usePageTitle(t('acceptance.title'));
  return (
    <PageContainer size="md">
      <Stack gap="md">
        <Title order={1} fz="h2">
          {t('acceptance.title')}
        </Title>
        <Text>{t('acceptance.intro', { count: texts.length })}</Text>
        {texts.map((text) => (
          <PendingText key={text.id} text={text} />
        ))}
      </Stack>
    </PageContainer>
  );
}

/**
 * Before any page of the app: a member asked to accept changed legal texts sees them first
 * (the texts themselves and the imprint stay readable). Should the question fail to load, the
 * member goes on: the texts are asked again on the next load.
 */
export function LegalAcceptanceGate({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const memberId = useQuery(sessionQuery).data?.member.id ?? '';
  const pending = useQuery({ ...pendingLegalTextsQuery(memberId), enabled: memberId !== '' });
  if (isAcceptanceExempt(pathname) || memberId === '') return children;
  if (pending.isPending) return <PageLoader />;
  if (pending.isError || pending.data.length === 0) return children;
  return <AcceptancePage texts={pending.data} />;
}
