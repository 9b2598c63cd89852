import { Alert, Anchor, Box, LoadingOverlay, Stack, Text, Title } from '@mantine/core';
import { IconListSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  AUDIT_LOG_PER_PAGE,
  decodeAuditLogFilter,
  encodeAuditLogFilter,
  type AuditLogFilter,
  type MemberOption,
} from '@agora/contracts';
import { PageContainer } from '../../../app/shell/page-container.tsx';
import { usePageTitle } from '../../../app/shell/page-title.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { PageToolbar } from '../../../ui/page-toolbar.tsx';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import { auditLogQuery } from '../audit-log-api.ts';
import { AuditLogEntries } from '../components/audit-log-entries.tsx';
import { AuditLogFilterForm } from '../components/audit-log-filter.tsx';
import { Pager } from '../../../ui/pager.tsx';

const PATH = '/administration/audit_log';

/**
 * The audit log (administration spec, section 2): the filter lives in the `filter` parameter as
 * encoded JSON, so that a filtered view can be bookmarked; changing it reloads the list only.
 */
export function AuditLogPage() {
  const { t } = useTranslation('administration');
  usePageTitle(t('audit_log.title'));
  const [params, setParams] = useSearchParams();
  const raw = params.get('filter');
  const decoded = decodeAuditLogFilter(raw);
  const filter: AuditLogFilter = decoded.success ? decoded.filter : {};
  const encoded = decoded.success ? encodeAuditLogFilter(filter) : null;
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const log = useQuery({ ...auditLogQuery(encoded, page), enabled: decoded.success });
  const [picked, setPicked] = useState<Record<string, MemberOption>>({});

  const memberFor = (id: string | null | undefined): MemberOption | null => {
    if (!id) return null;
    return (
      picked[id] ??
      log.data?.filter_members.find((member) => member.id === id) ?? {
        id,
        displayName: t('audit_log.filter.loading_member'),
        images: { small: null },
        is_external: false,
      }
    );
  };

  const change = (next: AuditLogFilter) => {
    const value = encodeAuditLogFilter(next);
    // A new filter starts at its first page.
    setParams(value ? { filter: value } : {}, { replace: true, preventScrollReset: true });
  };
  const goTo = (next: number) => {
    const search: Record<string, string> = {};
    if (raw) search.filter = raw;
    if (next > 1) search.page = String(next);
    setParams(search, { preventScrollReset: true });
  };

  const pages = log.data ? Math.max(1, Math.ceil(log.data.total / AUDIT_LOG_PER_PAGE)) : 1;
  const filtered = encoded !== null;

  return (
    <PageContainer>
      <Stack gap="md">
        <PageToolbar
          title={
            <Title order={1} fz="h2">
              {t('audit_log.title')}
            </Title>
          }
          backTo="/administration"
        />
        <Text c="dimmed">{t('audit_log.intro')}</Text>
        {!decoded.success && (
          <Alert color="orange" title={t('audit_log.invalid_filter')}>
            <Anchor component={Link} to={PATH}>
              {t('audit_log.filter.reset')}
            </Anchor>
          </Alert>
        )}
        {decoded.success && (
          <AuditLogFilterForm
            filter={filter}
            onChange={change}
            actor={memberFor(filter.actor_id)}
            membership={memberFor(filter.membership_id)}
            onPickMember={(member) => setPicked((known) => ({ ...known, [member.id]: member }))}
            resetTo={PATH}
          />
        )}
        <Box pos="relative" aria-busy={log.isFetching} aria-live="polite">
          <LoadingOverlay visible={log.isPlaceholderData} zIndex={5} overlayProps={{ blur: 1 }} />
          {decoded.success && log.isPending && <LoadingRow />}
          {log.isError && <ErrorRow error={log.error} onRetry={() => void log.refetch()} />}
          {log.data && (
            <Text size="sm" c="dimmed" mb="xs">
              {t('audit_log.total', { count: log.data.total })}
            </Text>
          )}
          {log.data?.total === 0 && (
            <EmptyState
              icon={<IconListSearch size={32} aria-hidden />}
              title={filtered ? t('audit_log.empty_filtered') : t('audit_log.empty')}
              text={filtered ? undefined : t('audit_log.empty_text')}
              action={
                filtered ? (
                  <Anchor component={Link} to={PATH}>
                    {t('audit_log.filter.reset')}
                  </Anchor>
                ) : undefined
              }
            />
          )}
          {log.data && log.data.entries.length > 0 && <AuditLogEntries entries={log.data.entries} />}
        </Box>
        <Pager total={pages} page={page} onChange={goTo} />
      </Stack>
    </PageContainer>
  );
}
