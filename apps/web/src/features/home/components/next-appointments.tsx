import { Anchor, Badge, Box, Button, Group, Stack, Text } from '@mantine/core';
import { IconCalendarEvent, IconRepeat } from '@tabler/icons-react';
import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AppointmentListItem } from '@agora/contracts';
import { dateText } from '../../appointments/index.ts';
import { appointmentMonthQuery, CalendarDot } from '../../calendars/index.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { todayIsoDate } from '../../../ui/date-format.ts';
import { dayWord, nextMonth, upcomingAppointments } from '../upcoming.ts';
import { HomeSection } from './home-section.tsx';

const PARTICIPATING = '/appointments/participating';

/**
 * The member's next appointments: what they take part in or are invited to (the participating
 * view of the calendar), from this month's and next month's answers, which the calendar shares.
 */
export function NextAppointments() {
  const { t } = useTranslation('home');
  const today = todayIsoDate();
  const months = useQueries({
    queries: [today, nextMonth(today)].map((date) =>
      appointmentMonthQuery({ date, view: 'sheet', calendarIds: null, participating: true }),
    ),
  });
  const failed = months.find((month) => month.error);
  const items = upcomingAppointments(months.map((month) => month.data?.appointments));

  return (
    <HomeSection
      name="appointments"
      icon={IconCalendarEvent}
      title={t('appointments.title')}
      more={{ to: PARTICIPATING, label: t('appointments.all') }}
      state={{
        isPending: months.some((month) => month.isPending),
        error: failed?.error ?? null,
        refetch: () => failed?.refetch(),
      }}
    >
      {items.length === 0 ? (
        <EmptyState
          size="sm"
          icon={<IconCalendarEvent />}
          title={t('appointments.empty_title')}
          text={t('appointments.empty_text')}
          action={
            <Button component={Link} to="/appointments" variant="light" size="xs">
              {t('appointments.open_calendar')}
            </Button>
          }
        />
      ) : (
        <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {items.map((item) => (
            <AppointmentRow key={item.id} item={item} />
          ))}
        </Stack>
      )}
    </HomeSection>
  );
}

function AppointmentRow({ item }: { item: AppointmentListItem }) {
  const { t } = useTranslation('home');
  const word = dayWord(item);
  return (
    <Box component="li" py={6} data-testid="home-appointment">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Box pt={6} style={{ flex: 'none' }}>
          <CalendarDot color={item.color} size={10} />
        </Box>
        <Stack gap={0} miw={0} style={{ flex: 1 }}>
          <Group gap={6} wrap="nowrap" miw={0}>
            <Anchor
              component={Link}
              to={item.path}
              fw={600}
              size="sm"
              td={item.canceled ? 'line-through' : undefined}
              style={{ overflowWrap: 'anywhere' }}
              lineClamp={2}
            >
              {item.name}
            </Anchor>
            {item.recurring && (
              <Text span c="dimmed" lh={0} role="img" aria-label={t('appointments.recurring')}>
                <IconRepeat size={14} aria-hidden />
              </Text>
            )}
          </Group>
          <Group gap={6} wrap="wrap">
            <Text size="sm" c="dimmed">
              {dateText(t, item.date)}
            </Text>
            {word && (
              <Badge size="xs" variant="light" color={word === 'tomorrow' ? 'gray' : undefined}>
                {t(`appointments.${word}`)}
              </Badge>
            )}
            {item.canceled && (
              <Badge size="xs" variant="filled" color="red.9">
                {t('appointments.canceled')}
              </Badge>
            )}
          </Group>
          {item.location_name && (
            <Text size="xs" c="dimmed" truncate>
              {item.location_name}
            </Text>
          )}
        </Stack>
      </Group>
    </Box>
  );
}
