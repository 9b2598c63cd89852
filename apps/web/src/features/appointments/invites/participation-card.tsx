import { Badge, Paper } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppointmentParticipation, ParticipantStatus } from '@agora/contracts';
import { InvitableSummary } from './invitable-summary.tsx';
import { KNOWN_INVITABLE_TYPES } from './invite-tabs.ts';
import { MissingComponent } from './missing-component.tsx';

// Filled in shades dark enough for white text (WCAG AA); light badges of green fall short.
const STATUS_COLORS: Record<ParticipantStatus, string> = {
  accepted: 'teal.9',
  declined: 'gray.7',
  rejected: 'red.9',
  invited: 'blue.8',
  open: 'blue.8',
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
          <Badge color={STATUS_COLORS[participation.status] ?? 'gray.7'} variant="filled" size="sm">
            {t(`invites.participation_status.${status}`, { defaultValue: status })}
          </Badge>
        }
      />
    </Paper>
  );
}
