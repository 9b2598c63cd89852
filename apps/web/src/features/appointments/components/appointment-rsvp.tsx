import { Button, Flex, Stack, Text } from '@mantine/core';
import { IconCheck, IconLock, IconQuestionMark, IconX } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApplyTo, Appointment, OwnParticipationStatus } from '@agora/contracts';
import { showToast } from '../../../ui/toast.tsx';
import { answerErrorMessage, isOccurrence, ownAnswer } from '../lib/participation.ts';
import { useRespond } from '../participation-api.ts';
import { askApplyTo } from './apply-to-dialog.tsx';

// Shades dark enough for white text (WCAG AA); Mantine's default 6 shades are too light.
const CHOICES: Array<{ status: OwnParticipationStatus; icon: typeof IconCheck; color: string }> = [
  { status: 'accepted', icon: IconCheck, color: 'teal.9' },
  { status: 'declined', icon: IconX, color: 'red.9' },
  { status: 'open', icon: IconQuestionMark, color: 'gray.7' },
];

/** Whether the member sees the RSVP widget: allowed to answer, or already asked or taking part. */
export function showsRsvp(appointment: Appointment): boolean {
  const invited = appointment.my_invite !== null && appointment.my_invite.status !== 'obsolete';
  return appointment.can.opt || appointment.my_participant !== null || invited;
}

/**
 * The member's own answer (calendars spec, section 4): accept, decline or no answer, the current
 * one marked. Locked participation disables every choice; a full appointment (enforced total) or a
 * closed registration disables accepting for whoever has not accepted yet. An occurrence of a
 * series asks whether the answer is for it alone or for the series.
 */
export function AppointmentRsvp({ appointment }: { appointment: Appointment }) {
  const { t } = useTranslation('appointments');
  const headingId = useId();
  const fullId = useId();
  const respond = useRespond(appointment.id);
  const { attendee_configuration: attendees } = appointment;
  const current = ownAnswer(appointment.my_participant?.status);
  const locked = attendees.participation_locked;
  const full = appointment.total_attendees_enforced_and_exceeded && current !== 'accepted';
  const closed = appointment.registration_closed && current !== 'accepted';
  // The server's can.opt already weighs being over (and whether the network allows answering
  // afterwards) for who takes part or is invited: whatever else it refuses is over.
  const over = !appointment.can.opt && !locked && !appointment.canceled;
  const blocked = locked || appointment.canceled || over;

  const answer = async (status: OwnParticipationStatus) => {
    if (status === current || respond.isPending) return;
    let applyTo: ApplyTo | undefined;
    if (isOccurrence(appointment)) {
      const choice = await askApplyTo('respond');
      if (!choice) return;
      applyTo = choice;
    }
    respond.mutate(
      { status, applyTo },
      {
        onSuccess: () => showToast('appointments:rsvp.saved', { kind: 'success' }),
        onError: (error) => showToast(answerErrorMessage(error), { kind: 'error' }),
      },
    );
  };

  return (
    <Stack component="section" gap="xs" aria-labelledby={headingId} data-testid="rsvp">
      <Text component="h2" size="sm" fw={600} m={0} id={headingId}>
        {t('rsvp.title')}
      </Text>
      {/*
        Buttons rather than a radio group: each choice is an action sent at once. They wrap
        instead of being cut off where the side column is narrow.
      */}
      <Flex gap="xs" wrap="wrap">
        {CHOICES.map(({ status, icon: ChoiceIcon, color }) => {
          const chosen = status === current;
          return (
            <Button
              key={status}
              flex="1 0 auto"
              px="sm"
              size="sm"
              variant={chosen ? 'filled' : 'default'}
              color={chosen ? color : undefined}
              aria-pressed={chosen}
              disabled={blocked || (status === 'accepted' && (full || closed))}
              // A disabled accept says why: all places are taken.
              aria-describedby={status === 'accepted' && full && !locked ? fullId : undefined}
              loading={respond.isPending && respond.variables?.status === status}
              leftSection={<ChoiceIcon size={16} aria-hidden />}
              onClick={() => void answer(status)}
            >
              {t(`rsvp.${status}`)}
            </Button>
          );
        })}
      </Flex>
      {appointment.my_participant?.status === 'rejected' && (
        <Text size="sm" c="dimmed">
          {t('rsvp.rejected')}
        </Text>
      )}
      {locked && (
        <Text size="sm" c="dimmed" data-testid="rsvp-locked">
          <IconLock size={14} aria-hidden style={{ verticalAlign: 'text-bottom', marginRight: 4 }} />
          {t('rsvp.locked')}
        </Text>
      )}
      {over && (
        <Text size="sm" c="dimmed" data-testid="rsvp-over">
          {t('rsvp.errors.appointment_over')}
        </Text>
      )}
      {!locked && full && (
        <Text size="sm" c="red.8" data-testid="rsvp-full" id={fullId}>
          {t('rsvp.full')}
        </Text>
      )}
      {!locked && closed && (
        <Text size="sm" c="dimmed" data-testid="rsvp-closed">
          {t('rsvp.registration_closed')}
        </Text>
      )}
      {attendees.total !== null && (
        <Text size="sm" c="dimmed" data-testid="rsvp-places">
          {t('rsvp.places', { taken: appointment.attending_participants_count, total: attendees.total })}
        </Text>
      )}
    </Stack>
  );
}
