import { Anchor, Avatar, Badge, Collapse, Group, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { APPOINTMENT_LIMITS, type Appointment, type Participant, type ParticipantRole } from '@agora/contracts';
import { ATTENDEE_SECTIONS, sectionOf, type AttendeeSection } from '../lib/participation.ts';

/** Below this width every list starts collapsed (calendars spec, section 9: 640 px). */
const NARROW_QUERY = `(max-width: ${APPOINTMENT_LIMITS.buttonGroupBreakpointPx - 0.02}px)`;

const isOrganizerRole = (role: ParticipantRole) => role.id === null && role.name === 'organizer';

/** The role a participant is listed under: the first of their roles shown grouped. */
function groupingRole(participant: Participant): ParticipantRole | null {
  return participant.roles.find((role) => role.display_type === 'grouped' && !isOrganizerRole(role)) ?? null;
}

type CollapsibleProps = {
  title: string;
  count: number;
  defaultOpened: boolean;
  heading: 'h3' | 'h4';
  testId?: string;
  children: ReactNode;
};

/** A heading that opens and closes what follows it (a button inside the heading, not around it). */
function Collapsible({ title, count, defaultOpened, heading, testId, children }: CollapsibleProps) {
  const contentId = useId();
  // Follows the window width until the member opens or closes it on their own.
  const [chosen, setChosen] = useState<boolean | null>(null);
  const opened = chosen ?? defaultOpened;
  const Chevron = opened ? IconChevronDown : IconChevronRight;
  return (
    <Stack gap={6} data-testid={testId}>
      <Text component={heading} size="sm" fw={600} m={0}>
        <UnstyledButton
          aria-expanded={opened}
          aria-controls={contentId}
          onClick={() => setChosen(!opened)}
          style={{ display: 'inline-flex', alignItems: 'center', gap: 6, font: 'inherit' }}
        >
          <Chevron size={16} aria-hidden />
          <span>{title}</span>{' '}
          <Badge size="sm" variant="light" color="gray" component="span">
            {count}
          </Badge>
        </UnstyledButton>
      </Text>
      <Collapse in={opened} id={contentId}>
        {children}
      </Collapse>
    </Stack>
  );
}

function ParticipantItem({ participant }: { participant: Participant }) {
  const { t } = useTranslation('appointments');
  const { membership } = participant;
  const roles = participant.roles.filter((role) => role.display_type === 'default' && !isOrganizerRole(role));
  return (
    <Group component="li" gap="xs" wrap="nowrap" miw={0} data-testid="participant">
      <Avatar src={membership.images.small} name={membership.name} alt="" aria-hidden size={32} radius="xl" />
      <Stack gap={0} miw={0}>
        <Group gap={6} wrap="wrap">
          <Anchor component={Link} to={membership.path} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {membership.name}
          </Anchor>
          {membership.is_external && (
            <Badge size="xs" variant="dot" color="orange">
              {t('attendees.external')}
            </Badge>
          )}
          {participant.roles.some(isOrganizerRole) && (
            <Badge size="xs" variant="light">
              {t('attendees.organizer')}
            </Badge>
          )}
          {participant.status === 'rejected' && (
            <Badge size="xs" variant="filled" color="red.9">
              {t('attendees.rejected')}
            </Badge>
          )}
        </Group>
        {roles.length > 0 && (
          <Text size="xs" c="dimmed">
            {roles.map((role) => role.name).join(', ')}
          </Text>
        )}
      </Stack>
    </Group>
  );
}

function ParticipantList({ participants }: { participants: Participant[] }) {
  return (
    <SimpleGrid
      component="ul"
      cols={{ base: 1, sm: 2 }}
      spacing="xs"
      verticalSpacing="xs"
      m={0}
      p={0}
      style={{ listStyle: 'none' }}
    >
      {participants.map((participant) => (
        <ParticipantItem key={participant.id} participant={participant} />
      ))}
    </SimpleGrid>
  );
}

type StatusSectionProps = { section: AttendeeSection; count: number; participants: Participant[]; narrow: boolean };

/** One status: its participants, those of a grouped role collapsed under the role's name. */
function StatusSection({ section, count, participants, narrow }: StatusSectionProps) {
  const { t } = useTranslation('appointments');
  const loose: Participant[] = [];
  const grouped = new Map<string, { role: ParticipantRole; participants: Participant[] }>();
  for (const participant of participants) {
    const role = groupingRole(participant);
    if (!role) {
      loose.push(participant);
      continue;
    }
    const key = role.id ?? role.name;
    const group = grouped.get(key) ?? { role, participants: [] };
    group.participants.push(participant);
    grouped.set(key, group);
  }
  return (
    <Collapsible
      title={t(`attendees.sections.${section}`)}
      count={count}
      defaultOpened={!narrow}
      heading="h3"
      testId={`attendees-${section}`}
    >
      <Stack gap="xs" pl={22}>
        {loose.length > 0 && <ParticipantList participants={loose} />}
        {[...grouped.entries()].map(([key, group]) => (
          <Collapsible
            key={key}
            title={group.role.name}
            count={group.participants.length}
            defaultOpened={false}
            heading="h4"
            testId="attendees-role"
          >
            <ParticipantList participants={group.participants} />
          </Collapsible>
        ))}
        {participants.length < count && (
          <Text size="xs" c="dimmed">
            {t('attendees.more', { count: count - participants.length })}
          </Text>
        )}
      </Stack>
    </Collapsible>
  );
}

/**
 * Who takes part (calendars spec, section 2, appointment detail): accepted, declined (and
 * rejected), no answer, with their counts and the first participants the detail carries; the whole
 * list is on the participants page. Below 640 px every list starts collapsed.
 */
export function ParticipantLists({ appointment }: { appointment: Appointment }) {
  const { t } = useTranslation('appointments');
  const narrow = useMediaQuery(NARROW_QUERY, false, { getInitialValueInEffect: false });
  if (!appointment.can.show_attendees) return null;
  const counts = appointment.participant_counts;
  const total = counts.accepted + counts.declined + counts.invited;

  return (
    <Stack component="section" gap="sm" aria-labelledby="appointment-attendees-heading" data-testid="attendees">
      <Group justify="space-between" gap="xs">
        <Text component="h2" fw={600} size="md" m={0} id="appointment-attendees-heading">
          {t('attendees.title', { count: total })}
        </Text>
        {total > 0 && (
          <Anchor component={Link} to={`/appointments/${encodeURIComponent(appointment.id)}/participants`} size="sm">
            {t('attendees.show_all')}
          </Anchor>
        )}
      </Group>
      {total === 0 ? (
        <Text size="sm" c="dimmed">
          {t('attendees.none')}
        </Text>
      ) : (
        ATTENDEE_SECTIONS.filter((section) => counts[section] > 0).map((section) => (
          <StatusSection
            key={section}
            section={section}
            count={counts[section]}
            participants={appointment.participants.filter((p) => sectionOf(p) === section)}
            narrow={narrow}
          />
        ))
      )}
    </Stack>
  );
}
