import { Button, Stack, Text, Title } from '@mantine/core';
import { IconFileSpreadsheet, IconFileTypeCsv } from '@tabler/icons-react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageContainer } from '../../../app/shell/page-container.tsx';
import { usePageTitle } from '../../../app/shell/page-title.ts';
import { PageToolbar } from '../../../ui/page-toolbar.tsx';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import { appointmentQuery } from '../api.ts';
import { attendeesExportUrl, participantsQuery } from '../participation-api.ts';
import { AddParticipantsForm } from '../participants/add-participants-form.tsx';
import { ForbiddenState } from '../participants/forbidden-state.tsx';
import { ParticipantList } from '../participants/participant-list.tsx';
import { useParticipantFilters } from '../participants/use-participant-filters.ts';
import { useRefreshSchedule } from '../participants/use-refresh-schedule.ts';

/** The page's heading: what it is for, and the appointment's name as its h1. */
function Heading({ name }: { name: string }) {
  const { t } = useTranslation('appointments');
  return (
    <Stack gap={0} miw={0}>
      <Text size="sm" c="dimmed">
        {t('participants.title')}
      </Text>
      <Title order={1} fz="h2" style={{ overflowWrap: 'anywhere' }}>
        {name}
      </Title>
    </Stack>
  );
}

/** /appointments/:appointmentId/participants (calendars spec, participants management). */
export function ParticipantsPage() {
  const { t } = useTranslation('appointments');
  const { appointmentId = '' } = useParams();
  const queryClient = useQueryClient();
  const appointment = useQuery(appointmentQuery(appointmentId));
  const canShow = appointment.data?.can.show_attendees === true;
  const filters = useParticipantFilters();
  const list = useQuery({
    ...participantsQuery(appointmentId, filters.query),
    enabled: canShow,
    // The old page stays while the next search or page loads: the rows do not flicker.
    placeholderData: keepPreviousData,
  });
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: ['appointments', 'participants', appointmentId] }),
    [queryClient, appointmentId],
  );
  const scheduleRefresh = useRefreshSchedule(refresh, filters.reset);
  const name = appointment.data?.name;
  usePageTitle(name ? `${t('participants.title')}: ${name}` : t('participants.title'));
  const backTo = `/appointments/${encodeURIComponent(appointmentId)}`;

  if (!appointment.data) {
    return (
      <PageContainer>
        <PageToolbar title={t('participants.title')} backTo={backTo} backLabel={t('participants.back')} />
        {appointment.isPending && <LoadingRow />}
        {appointment.isError && (
          <ErrorRow error={appointment.error} kind="appointment" onRetry={() => void appointment.refetch()} />
        )}
      </PageContainer>
    );
  }

  const data = appointment.data;
  const counts = list.data?.counts;
  const anyParticipants = counts ? counts.accepted + counts.declined + counts.invited > 0 : false;
  const exports = data.can.download_attendees && anyParticipants && (
    <>
      <Button
        component="a"
        href={attendeesExportUrl(data.id, 'csv')}
        download
        variant="default"
        leftSection={<IconFileTypeCsv size={16} aria-hidden />}
      >
        {t('participants.export_csv')}
      </Button>
      <Button
        component="a"
        href={attendeesExportUrl(data.id, 'xlsx')}
        download
        variant="default"
        leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
      >
        {t('participants.export_xlsx')}
      </Button>
    </>
  );

  return (
    <PageContainer>
      <PageToolbar
        title={<Heading name={data.name} />}
        backTo={backTo}
        backLabel={t('participants.back')}
        actions={canShow ? exports || undefined : undefined}
      />
      {canShow ? (
        <Stack gap="lg">
          {data.can.update_participants && <AddParticipantsForm appointment={data} onAdded={scheduleRefresh} />}
          <ParticipantList appointment={data} filters={filters} list={list} />
        </Stack>
      ) : (
        <ForbiddenState title={t('participants.forbidden.title')} text={t('participants.forbidden.text')} />
      )}
    </PageContainer>
  );
}
