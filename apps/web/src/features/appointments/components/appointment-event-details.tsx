import { Anchor, Stack, Text } from '@mantine/core';
import { IconTicket } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Appointment } from '@agora/contracts';
import { formatDate, formatDateTime } from '../../../ui/date-format.ts';
import { intlLocale } from '../../../ui/intl-locale.ts';
import { DetailSection } from './detail-section.tsx';

/** Costs as the locale writes amounts, with the appointment's own currency sign or code. */
export function formatCosts(costs: number, currency: string, locale: string): string {
  const amount = new Intl.NumberFormat(intlLocale(locale), {
    minimumFractionDigits: Number.isInteger(costs) ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(costs);
  return `${amount}\u00a0${currency}`;
}

/** Registration, deadline, costs, tickets and the attendee limit; nothing when none is set. */
export function AppointmentEventDetails({ appointment }: { appointment: Appointment }) {
  const { t, i18n } = useTranslation('appointments');
  const application = appointment.application_configuration;
  const total = appointment.attendee_configuration.total;
  const deadline = application.registration_required ? application.registration_deadline : null;
  const costs = application.registration_with_costs ? application.costs : null;
  if (!application.registration_required && costs === null && !application.url && total === null) return null;

  return (
    <DetailSection icon={IconTicket} title={t('detail.event_details')}>
      <Stack gap={2}>
        {application.registration_required && <Text size="sm">{t('detail.registration_required')}</Text>}
        {deadline && (
          <Text size="sm">
            {t('detail.registration_deadline', {
              date: deadline.length === 10 ? formatDate(deadline) : formatDateTime(deadline),
            })}
          </Text>
        )}
        {costs !== null && (
          <Text size="sm">{t('detail.costs', { costs: formatCosts(costs, application.currency, i18n.language) })}</Text>
        )}
        {application.url && (
          <Anchor href={application.url} target="_blank" rel="noopener noreferrer" size="sm">
            {t('detail.tickets')}
          </Anchor>
        )}
        {total !== null && (
          <Text size="sm">
            {t(appointment.attendee_configuration.total_attendees_enforced ? 'detail.total_enforced' : 'detail.total', {
              count: total,
            })}
          </Text>
        )}
      </Stack>
    </DetailSection>
  );
}
