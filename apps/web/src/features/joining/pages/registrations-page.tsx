import { Badge, Button, Group, Paper, SegmentedControl, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconUserPlus, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  profileFieldLabel,
  REGISTRATION_STATUSES,
  type RegistrationItem,
  type RegistrationStatus,
} from '@agora/contracts';
import { PageContainer } from '../../../app/shell/page-container.tsx';
import { usePageTitle } from '../../../app/shell/page-title.ts';
import { confirm } from '../../../ui/confirm-dialog.tsx';
import { formatDate } from '../../../ui/date-format.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { PageToolbar } from '../../../ui/page-toolbar.tsx';
import { Pager } from '../../../ui/pager.tsx';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import { showToast } from '../../../ui/toast.tsx';
import { errorMessage } from '../../../ui/use-error-message.ts';
import { registrationsQuery, useDecideRegistration } from '../api.ts';

const STATUS_COLORS: Record<RegistrationStatus, string> = { pending: 'yellow', approved: 'green', rejected: 'gray' };

function RegistrationCard({ item }: { item: RegistrationItem }) {
  const { t, i18n } = useTranslation('joining');
  const decide = useDecideRegistration();
  const name = `${item.first_name} ${item.last_name}`;
  const act = async (decision: 'approve' | 'reject') => {
    const confirmed = await confirm({
      title: t(`registrations.${decision}_title`),
      message: t(`registrations.${decision}_confirm`, { name, email: item.email }),
      confirmLabel: t(`registrations.${decision}`),
      danger: decision === 'reject',
    });
    if (!confirmed) return;
    decide.mutate(
      { id: item.id, decision },
      {
        onSuccess: () => showToast(t(`registrations.${decision}_done`, { name }), { kind: 'success' }),
        onError: (error) => showToast(errorMessage(error, 'joining'), { kind: 'error' }),
      },
    );
  };
  const profile = Object.entries(item.profile).filter(([, value]) => value);
  return (
    <Paper withBorder p="md" radius="md" component="li" aria-label={name}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 16rem' }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Text>
            <Badge color={STATUS_COLORS[item.status]} variant="dot" size="sm">
              {t(`registrations.status.${item.status}`)}
            </Badge>
          </Group>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {item.email}
          </Text>
          {profile.map(([key, value]) => (
            <Text key={key} size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {profileFieldLabel(key, i18n.language)}: {value}
            </Text>
          ))}
          <Text size="xs" c="dimmed">
            {item.decided_at
              ? t('registrations.decided', {
                  date: formatDate(item.decided_at),
                  name: item.decided_by?.name ?? t('registrations.unknown_admin'),
                })
              : t('registrations.registered', { date: formatDate(item.created_at) })}
          </Text>
        </Stack>
        {(item.can.approve || item.can.reject) && (
          <Group gap="xs">
            {item.can.reject && (
              <Button
                variant="default"
                leftSection={<IconX size={16} aria-hidden />}
                onClick={() => void act('reject')}
                disabled={decide.isPending}
                aria-label={t('registrations.reject_named', { name })}
              >
                {t('registrations.reject')}
              </Button>
            )}
            {item.can.approve && (
              <Button
                leftSection={<IconCheck size={16} aria-hidden />}
                onClick={() => void act('approve')}
                loading={decide.isPending}
                aria-label={t('registrations.approve_named', { name })}
              >
                {t('registrations.approve')}
              </Button>
            )}
          </Group>
        )}
      </Group>
    </Paper>
  );
}

/** `/administration/registrations`: who signed up and waits for an administrator, and who was decided. */
export function RegistrationsPage() {
  const { t } = useTranslation('joining');
  usePageTitle(t('registrations.title'));
  const [params, setParams] = useSearchParams();
  const status = (REGISTRATION_STATUSES as readonly string[]).includes(params.get('status') ?? '')
    ? (params.get('status') as RegistrationStatus)
    : 'pending';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const registrations = useQuery(registrationsQuery(status, page));
  const go = (next: { status?: RegistrationStatus; page?: number }) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('status', next.status ?? status);
        updated.set('page', String(next.page ?? 1));
        return updated;
      },
      { replace: true },
    );

  return (
    <PageContainer>
      <Stack gap="md">
        <PageToolbar title={t('registrations.title')} backTo="/administration" />
        <Text c="dimmed" size="sm">
          {t('registrations.intro')}
        </Text>
        <SegmentedControl
          value={status}
          onChange={(value) => go({ status: value as RegistrationStatus })}
          data={REGISTRATION_STATUSES.map((value) => ({ value, label: t(`registrations.tab.${value}`) }))}
          aria-label={t('registrations.filter')}
          style={{ alignSelf: 'flex-start' }}
        />
        {registrations.isPending && <LoadingRow />}
        {registrations.isError && <ErrorRow error={registrations.error} onRetry={() => void registrations.refetch()} />}
        {registrations.data && registrations.data.items.length === 0 && (
          <EmptyState icon={<IconUserPlus />} title={t(`registrations.empty.${status}`)} />
        )}
        {registrations.data && registrations.data.items.length > 0 && (
          <>
            <VisuallyHidden>
              <Title order={2}>{t(`registrations.tab.${status}`)}</Title>
            </VisuallyHidden>
            <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
              {registrations.data.items.map((item) => (
                <RegistrationCard key={item.id} item={item} />
              ))}
            </Stack>
            <Pager
              total={Math.ceil(registrations.data.total / registrations.data.per)}
              page={page}
              onChange={(next) => go({ page: next })}
            />
          </>
        )}
      </Stack>
    </PageContainer>
  );
}
