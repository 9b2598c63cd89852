import { Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiError } from '../../../app/api-client.ts';
import { PageContainer } from '../../../app/shell/page-container.tsx';
import { usePageTitle } from '../../../app/shell/page-title.ts';
import { PageToolbar } from '../../../ui/page-toolbar.tsx';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import { appointmentQuery } from '../api.ts';
import { contactContextQuery } from '../participation-api.ts';
import { ContactForm } from '../participants/contact-form.tsx';
import { ForbiddenState } from '../participants/forbidden-state.tsx';

/** /appointments/:appointmentId/contact (calendars spec, contact attendees). */
export function ContactPage() {
  const { t } = useTranslation('appointments');
  const { appointmentId = '' } = useParams();
  const appointment = useQuery(appointmentQuery(appointmentId));
  const allowed = appointment.data?.can.contact === true;
  const context = useQuery({ ...contactContextQuery(appointmentId), enabled: allowed });
  const name = appointment.data?.name;
  usePageTitle(name ? `${t('contact.title')}: ${name}` : t('contact.title'));
  const backTo = `/appointments/${encodeURIComponent(appointmentId)}`;
  const forbidden =
    (appointment.data && !allowed) || (context.error instanceof ApiError && context.error.status === 403);

  const heading = (
    <Stack gap={0} miw={0}>
      <Text size="sm" c="dimmed">
        {t('contact.title')}
      </Text>
      <Title order={1} fz="h2" style={{ overflowWrap: 'anywhere' }}>
        {name}
      </Title>
    </Stack>
  );

  return (
    <PageContainer size="md">
      <PageToolbar title={name ? heading : t('contact.title')} backTo={backTo} backLabel={t('contact.back')} />
      {appointment.isPending && <LoadingRow />}
      {appointment.isError && (
        <ErrorRow error={appointment.error} kind="appointment" onRetry={() => void appointment.refetch()} />
      )}
      {forbidden && <ForbiddenState title={t('contact.forbidden.title')} text={t('contact.forbidden.text')} />}
      {allowed && !forbidden && (
        <Stack gap="sm">
          {context.isError && <ErrorRow error={context.error} onRetry={() => void context.refetch()} />}
          <ContactForm appointmentId={appointmentId} context={context.data} />
        </Stack>
      )}
    </PageContainer>
  );
}
