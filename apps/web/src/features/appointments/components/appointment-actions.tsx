import { ActionIcon, Button, Menu, Tooltip } from '@mantine/core';
import {
  IconBan,
  IconCalendarDown,
  IconChevronLeft,
  IconChevronRight,
  IconDots,
  IconFileSpreadsheet,
  IconFileTypeCsv,
  IconLock,
  IconLockOpen,
  IconMail,
  IconPencil,
  IconRepeat,
  IconTrash,
  IconUsers,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { ApplyTo, Appointment } from '@agora/contracts';
import { confirm } from '../../../ui/confirm-dialog.tsx';
import { showToast } from '../../../ui/toast.tsx';
import { appointmentIcsUrl, useDeleteAppointment } from '../api.ts';
import { isOccurrenceId } from '../lib/occurrence.ts';
import { attendeesExportUrl } from '../participation-api.ts';
import { askApplyTo } from './apply-to-dialog.tsx';
import { useCancelFlow, useLockFlow } from './organizer-flows.ts';

function IconLink({ to, label, children }: { to: string; label: string; children: ReactNode }) {
  return (
    <Tooltip label={label}>
      <ActionIcon component={Link} to={to} variant="default" size="lg" aria-label={label}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

/**
 * Deletes after asking: "this occurrence or the whole series" for an occurrence, a confirmation
 * otherwise; then the overview.
 */
function useDeleteFlow(appointment: Appointment) {
  const { t } = useTranslation('appointments');
  const navigate = useNavigate();
  const remove = useDeleteAppointment();
  const run = async () => {
    let applyTo: ApplyTo | undefined;
    if (isOccurrenceId(appointment.id)) {
      const choice = await askApplyTo('delete');
      if (!choice) return;
      applyTo = choice;
    } else {
      const series = appointment.recurrence_pattern.recurrence_frequency !== 'never';
      const confirmed = await confirm({
        title: t('delete.title'),
        message: t(series ? 'delete.message_series' : 'delete.message', { name: appointment.name }),
        confirmLabel: t('delete.confirm'),
        danger: true,
      });
      if (!confirmed) return;
    }
    remove.mutate(
      { id: appointment.id, applyTo },
      {
        onSuccess: () => {
          showToast('deleting_successful');
          void navigate('/appointments');
        },
        onError: () => showToast('deleting_failure'),
      },
    );
  };
  return { run, pending: remove.isPending };
}

/**
 * The toolbar of the detail page: previous and next occurrence and the series for occurrences,
 * the iCal download, and the context menu with what the member may do (calendars spec, section 2):
 * edit, contact attendees, manage participants, lock or unlock participation, cancel, delete and
 * the attendee exports, each as its `can` flag allows.
 */
export function AppointmentActions({ appointment }: { appointment: Appointment }) {
  const { t } = useTranslation('appointments');
  const deletion = useDeleteFlow(appointment);
  const cancellation = useCancelFlow(appointment);
  const locking = useLockFlow(appointment);
  const { can } = appointment;
  const inSeries = appointment.series_id !== null;
  const base = `/appointments/${encodeURIComponent(appointment.id)}`;
  const hasMenu = can.update || can.destroy || can.contact || can.update_participants || can.download_attendees;
  const pending = deletion.pending || cancellation.pending || locking.pending;

  return (
    <>
      {inSeries && appointment.previous_occurrence_url && (
        <IconLink to={appointment.previous_occurrence_url} label={t('detail.previous_occurrence')}>
          <IconChevronLeft size={18} aria-hidden />
        </IconLink>
      )}
      {inSeries && appointment.next_occurrence_url && (
        <IconLink to={appointment.next_occurrence_url} label={t('detail.next_occurrence')}>
          <IconChevronRight size={18} aria-hidden />
        </IconLink>
      )}
      {inSeries && appointment.recurring_appointment_url && (
        <Button
          component={Link}
          to={appointment.recurring_appointment_url}
          variant="default"
          leftSection={<IconRepeat size={16} aria-hidden />}
        >
          {t('detail.show_series')}
        </Button>
      )}
      <Tooltip label={t('detail.download_ical')}>
        <ActionIcon
          component="a"
          href={appointmentIcsUrl(appointment.id)}
          download
          variant="default"
          size="lg"
          aria-label={t('detail.download_ical')}
        >
          <IconCalendarDown size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      {hasMenu && (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="default" size="lg" aria-label={t('detail.more_actions')} loading={pending}>
              <IconDots size={18} aria-hidden />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {appointment.can.update && (
              <Menu.Item
                component={Link}
                to={`/appointments/${encodeURIComponent(appointment.id)}/edit`}
                leftSection={<IconPencil size={16} aria-hidden />}
              >
                {t('detail.edit')}
              </Menu.Item>
            )}
            {can.contact && (
              <Menu.Item component={Link} to={`${base}/contact`} leftSection={<IconMail size={16} aria-hidden />}>
                {t('organizer.contact')}
              </Menu.Item>
            )}
            {can.update_participants && (
              <Menu.Item component={Link} to={`${base}/participants`} leftSection={<IconUsers size={16} aria-hidden />}>
                {t('organizer.manage_participants')}
              </Menu.Item>
            )}
            {locking.offered && (
              <Menu.Item
                leftSection={
                  locking.locked ? <IconLockOpen size={16} aria-hidden /> : <IconLock size={16} aria-hidden />
                }
                onClick={locking.run}
              >
                {t(locking.locked ? 'organizer.unlock' : 'organizer.lock')}
              </Menu.Item>
            )}
            {can.download_attendees && (
              <>
                <Menu.Divider />
                <Menu.Item
                  component="a"
                  href={attendeesExportUrl(appointment.id, 'csv')}
                  download
                  leftSection={<IconFileTypeCsv size={16} aria-hidden />}
                >
                  {t('organizer.export_csv')}
                </Menu.Item>
                <Menu.Item
                  component="a"
                  href={attendeesExportUrl(appointment.id, 'xlsx')}
                  download
                  leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
                >
                  {t('organizer.export_xlsx')}
                </Menu.Item>
              </>
            )}
            {can.destroy && (
              <>
                <Menu.Divider />
                <Menu.Item
                  color="red"
                  leftSection={<IconBan size={16} aria-hidden />}
                  disabled={appointment.canceled}
                  onClick={() => void cancellation.run()}
                >
                  {t('organizer.cancel')}
                </Menu.Item>
              </>
            )}
            {appointment.can.destroy && (
              <Menu.Item
                color="red"
                leftSection={<IconTrash size={16} aria-hidden />}
                onClick={() => void deletion.run()}
              >
                {t('detail.delete')}
              </Menu.Item>
            )}
          </Menu.Dropdown>
        </Menu>
      )}
    </>
  );
}
