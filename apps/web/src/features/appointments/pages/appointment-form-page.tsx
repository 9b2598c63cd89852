import { Alert } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createElement, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams, useSearchParams } from 'react-router';
import { APPOINTMENT_LIMITS, type Appointment, type Calendar, type CalendarContext } from '@agora/contracts';
import { PageContainer } from '../../../app/shell/page-container.tsx';
import { usePageTitle } from '../../../app/shell/page-title.ts';
import { PageToolbar } from '../../../ui/page-toolbar.tsx';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import { browserTimeZone } from '../../../ui/time-zones.ts';
import { calendarContextQuery, calendarsQuery } from '../../calendars/index.ts';
import { appointmentQuery } from '../api.ts';
import { AppointmentForm } from '../form/appointment-form.tsx';
import type { CalendarChoice } from '../form/basics-section.tsx';
import { appointmentValues, newAppointmentValues, parseNewAppointmentQuery } from '../form/form-values.ts';
import { appointmentTypeForms, componentForType } from '../type-registry.ts';

/** The calendars the member may create appointments in, and (editing) those it is in already. */
function calendarChoices(calendars: Calendar[], appointment?: Appointment): CalendarChoice[] {
  const choices: CalendarChoice[] = calendars
    .filter((calendar) => calendar.can.create_appointments)
    .map(({ id, name, color }) => ({ id, name, color }));
  for (const calendar of appointment?.calendars ?? []) {
    if (!choices.some((choice) => choice.id === calendar.id)) {
      choices.push({ id: calendar.id, name: calendar.name, color: calendar.color });
    }
  }
  return choices;
}

const canSeeTeams = (context: CalendarContext) => context.member.can.see_teams_event_options;
const canCreateMeetings = (context: CalendarContext) => context.network.can.create_meetings;

/** /appointments/new (query: date, calendar_id, post_to_stream, description, streams). */
export function NewAppointmentPage() {
  const { t } = useTranslation('appointments');
  usePageTitle(t('form.new_title'));
  const [search] = useSearchParams();
  const location = useLocation();
  const calendars = useQuery(calendarsQuery());
  const context = useQuery(calendarContextQuery());
  const failed = calendars.error ?? context.error;

  return (
    <PageContainer size="md">
      <PageToolbar title={t('form.new_title')} backTo={location.key === 'default' ? '/appointments' : true} />
      {failed && <ErrorRow error={failed} onRetry={() => void Promise.all([calendars.refetch(), context.refetch()])} />}
      {!failed && (!calendars.data || !context.data) && <LoadingRow />}
      {calendars.data && context.data && (
        <NewAppointmentForm search={search} calendars={calendars.data.calendars} context={context.data} />
      )}
    </PageContainer>
  );
}

function NewAppointmentForm(props: { search: URLSearchParams; calendars: Calendar[]; context: CalendarContext }) {
  const choices = calendarChoices(props.calendars);
  // The defaults are taken once, when the form opens (the next full hour then).
  const [initial] = useState(() =>
    newAppointmentValues({
      now: new Date(),
      timeZone: browserTimeZone(),
      query: parseNewAppointmentQuery(props.search),
      creatableCalendarIds: choices.map((choice) => choice.id),
      currency: APPOINTMENT_LIMITS.defaultCurrency,
    }),
  );
  return (
    <AppointmentForm
      initial={initial}
      calendars={choices}
      canSeeTeams={canSeeTeams(props.context)}
      canCreateMeetings={canCreateMeetings(props.context)}
      cancelTo="/appointments"
    />
  );
}

/** /appointments/:appointmentId/edit; a non-standard type gets its own form. */
export function EditAppointmentPage() {
  const { t } = useTranslation('appointments');
  usePageTitle(t('form.edit_title'));
  const { appointmentId = '' } = useParams();
  const appointment = useQuery(appointmentQuery(appointmentId));
  const calendars = useQuery(calendarsQuery());
  const context = useQuery(calendarContextQuery());
  const failed = appointment.error ?? calendars.error ?? context.error;
  const ready = appointment.data && calendars.data && context.data;
  const detailPath = `/appointments/${encodeURIComponent(appointmentId)}`;

  return (
    <PageContainer size="md">
      <PageToolbar title={t('form.edit_title')} backTo={detailPath} />
      {failed && (
        <ErrorRow
          error={failed}
          kind="appointment"
          onRetry={() => void Promise.all([appointment.refetch(), calendars.refetch(), context.refetch()])}
        />
      )}
      {!failed && !ready && <LoadingRow />}
      {ready && !appointment.data.can.update && (
        <Alert color="red" variant="light" role="alert">
          {t('form.not_allowed')}
        </Alert>
      )}
      {ready &&
        appointment.data.can.update &&
        createElement(componentForType(appointmentTypeForms, appointment.data.type, StandardEditForm), {
          // Another appointment gets a fresh form. Not keyed by version: saving updates the cached
          // appointment, and a remount then would drop the save's own callbacks (navigation).
          key: appointment.data.id,
          appointment: appointment.data,
        })}
    </PageContainer>
  );
}

/** The standard form, filled from the stored appointment. */
function StandardEditForm({ appointment }: { appointment: Appointment }) {
  const calendars = useQuery(calendarsQuery());
  const context = useQuery(calendarContextQuery());
  const [initial] = useState(() => appointmentValues(appointment, new Date()));
  if (!calendars.data || !context.data) return <LoadingRow />;
  return (
    <AppointmentForm
      appointment={appointment}
      initial={initial}
      calendars={calendarChoices(calendars.data.calendars, appointment)}
      canSeeTeams={canSeeTeams(context.data)}
      canCreateMeetings={canCreateMeetings(context.data)}
      cancelTo={`/appointments/${encodeURIComponent(appointment.id)}`}
    />
  );
}
