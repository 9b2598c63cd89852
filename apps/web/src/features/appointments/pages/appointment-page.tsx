import { createElement } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { PageContainer } from '../../../app/shell/page-container.tsx';
import { usePageTitle } from '../../../app/shell/page-title.ts';
import { PageToolbar } from '../../../ui/page-toolbar.tsx';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import { calendarContextQuery } from '../../calendars/index.ts';
import { appointmentQuery } from '../api.ts';
import { AppointmentActions } from '../components/appointment-actions.tsx';
import { AppointmentBanners } from '../components/appointment-banners.tsx';
import { AppointmentView } from '../components/appointment-view.tsx';
import { appointmentTypeViews, componentForType } from '../type-registry.ts';

/** /appointments/:appointmentId (calendars spec, section 2, appointment detail). */
export function AppointmentPage() {
  const { t } = useTranslation('appointments');
  const { appointmentId = '' } = useParams();
  const location = useLocation();
  const appointment = useQuery(appointmentQuery(appointmentId));
  // Only the banner's wording depends on it: the page does not wait for it.
  const context = useQuery(calendarContextQuery());
  usePageTitle(appointment.data?.name ?? t('detail.title'));
  // Opened directly (a link in a mail), there is no page to go back to: the overview it is.
  const backTo = location.key === 'default' ? '/appointments' : true;

  if (!appointment.data) {
    return (
      <PageContainer>
        <PageToolbar title={t('detail.title')} backTo={backTo} />
        {appointment.isPending && <LoadingRow />}
        {appointment.isError && (
          <ErrorRow error={appointment.error} kind="appointment" onRetry={() => void appointment.refetch()} />
        )}
      </PageContainer>
    );
  }

  const data = appointment.data;
  return (
    <PageContainer>
      <PageToolbar title={data.name} backTo={backTo} actions={<AppointmentActions appointment={data} />} />
      <AppointmentBanners
        appointment={data}
        retroactiveOpting={context.data?.network.config.retroactive_opting ?? false}
      />
      {createElement(componentForType(appointmentTypeViews, data.type, AppointmentView), { appointment: data })}
    </PageContainer>
  );
}
