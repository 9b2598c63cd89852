import { Badge, Paper } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppointmentParticipation, ParticipantStatus } from '@agora/contracts';
import { InvitableSummary } from './invitable-summary.tsx';
import { KNOWN_INVITABLE_TYPES } from './invite-tabs.ts';
import { MissingComponent } from './missing-component.tsx';

const STATUS_COLORS: Record<ParticipantStatus, string> = {
  accepted: 'green',
  declined: 'gray',
  rejected: 'red',
  invited: 'blue',
  open: 'blue',
};

/** An appointment the member takes part in (or declined), with their status. */
export function ParticipationItem({ participation }: { participation: AppointmentParticipation }) {
  const { t } = useTranslation('appointments');
  const headingId = useId();
  if (!KNOWN_INVITABLE_TYPES.includes(participation.invitable_type)) {
    return <MissingComponent type={participation.invitable_type} />;
  }
  // 'invited' and 'open' are the same idea of no answer (calendars spec, section 3).
  const status = participation.status === 'invited' ? 'open' : participation.status;
  return (
    <Paper
      component="article"
      withBorder
      radius="md"
      p="sm"
      aria-labelledby={headingId}
      data-testid="participation-card"
    >
      <InvitableSummary
        invitable={participation.invitable}
        headingId={headingId}
        badges={
          <Badge color={STATUS_COLORS[participation.status] ?? 'gray'} variant="light" size="sm">
            {t(`invites.participation_status.${status}`, { defaultValue: status })}
          </Badge>
        }
      />
    </Paper>
  );
}
