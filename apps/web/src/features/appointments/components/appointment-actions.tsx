import { ActionIcon, Button, Menu, Tooltip } from '@mantine/core';
import {
  IconCalendarDown,
  IconChevronLeft,
  IconChevronRight,
  IconDots,
  IconPencil,
  IconRepeat,
  IconTrash,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { ApplyTo, Appointment } from '@agora/contracts';
import { confirm } from '../../../ui/confirm-dialog.tsx';
import { showToast } from '../../../ui/toast.tsx';
import { appointmentIcsUrl, useDeleteAppointment } from '../api.ts';
import { isOccurrenceId } from '../lib/occurrence.ts';
import { askApplyTo } from './apply-to-dialog.tsx';

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
 * the iCal download, and the context menu with what the member may do. The actions of the next
 * issue (contact attendees, manage participants, lock, cancel, attendee export) join the menu.
 */
export function AppointmentActions({ appointment }: { appointment: Appointment }) {
  const { t } = useTranslation('appointments');
  const deletion = useDeleteFlow(appointment);
  const inSeries = appointment.series_id !== null;
  const hasMenu = appointment.can.update || appointment.can.destroy;

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
            <ActionIcon variant="default" size="lg" aria-label={t('detail.more_actions')} loading={deletion.pending}>
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
