import { Badge, Button, Checkbox, Group, Popover, ScrollArea, Stack } from '@mantine/core';
import { IconCalendarOff, IconFilter } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Calendar } from '@agora/contracts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { CalendarDot } from '../components/calendar-dot.tsx';
import { calendarSections, type CalendarSection } from '../calendar-sections.ts';

type CalendarFilterProps = {
  calendars: Calendar[];
  /** The ids that are ticked. */
  selected: string[];
  onChange: (ids: string[]) => void;
  loading?: boolean;
};

/** The title of a section: the network's, a group category's, the member's own, shared ones. */
export function useSectionTitle() {
  const { t } = useTranslation('calendars');
  return (section: CalendarSection) =>
    section.type === 'group' ? (section.categoryName ?? t('sections.groups')) : t(`sections.${section.type}`);
}

/** Which calendars the overview shows: ticks grouped by section, with all and none at the top. */
export function CalendarFilter({ calendars, selected, onChange, loading }: CalendarFilterProps) {
  const { t } = useTranslation('calendars');
  const sectionTitle = useSectionTitle();
  const sections = useMemo(() => calendarSections(calendars), [calendars]);
  const selectedSet = new Set(selected);
  const count = calendars.filter((calendar) => selectedSet.has(calendar.id)).length;
  const all = calendars.length > 0 && count === calendars.length;

  const setSection = (section: CalendarSection, values: string[]) => {
    const sectionIds = new Set(section.calendars.map((calendar) => calendar.id));
    const others = selected.filter((id) => !sectionIds.has(id));
    // Keeps the order of the list, so the URL of a selection is always the same.
    const next = new Set([...others, ...values]);
    onChange(calendars.filter((calendar) => next.has(calendar.id)).map((calendar) => calendar.id));
  };

  return (
    <Popover position="bottom-start" shadow="md" width={300} trapFocus withinPortal>
      <Popover.Target>
        <Button
          variant="default"
          leftSection={<IconFilter size={16} aria-hidden />}
          rightSection={
            !all && !loading ? (
              <Badge size="sm" variant="light" aria-hidden>
                {count}/{calendars.length}
              </Badge>
            ) : null
          }
          aria-label={
            all || loading ? t('filter.button') : t('filter.button_count', { count, total: calendars.length })
          }
          loading={loading}
        >
          {t('filter.button')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown p="xs">
        <Stack gap="xs">
          <Group gap="xs" justify="space-between">
            <Button
              size="compact-sm"
              variant="subtle"
              onClick={() => onChange(calendars.map((calendar) => calendar.id))}
              disabled={all}
            >
              {t('filter.select_all')}
            </Button>
            <Button size="compact-sm" variant="subtle" onClick={() => onChange([])} disabled={count === 0}>
              {t('filter.select_none')}
            </Button>
          </Group>
          {calendars.length === 0 && (
            <EmptyState size="sm" icon={<IconCalendarOff />} title={t('filter.no_calendars')} />
          )}
          <ScrollArea.Autosize mah="60vh" type="auto" offsetScrollbars>
            <Stack gap="sm" px={4} pb={4}>
              {sections.map((section) => (
                <Checkbox.Group
                  key={section.key}
                  label={sectionTitle(section)}
                  value={section.calendars.filter((calendar) => selectedSet.has(calendar.id)).map((c) => c.id)}
                  onChange={(values) => setSection(section, values)}
                  styles={{
                    label: { fontWeight: 600, fontSize: 'var(--mantine-font-size-xs)', textTransform: 'uppercase' },
                  }}
                >
                  <Stack gap={6} mt={4}>
                    {section.calendars.map((calendar) => (
                      <Checkbox
                        key={calendar.id}
                        value={calendar.id}
                        label={
                          <Group gap={6} wrap="nowrap" component="span">
                            <CalendarDot color={calendar.color} />
                            <span>{calendar.name}</span>
                          </Group>
                        }
                      />
                    ))}
                  </Stack>
                </Checkbox.Group>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
