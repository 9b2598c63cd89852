import { Checkbox, Group, Select, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SettingsValues } from './form-state.ts';
import { useSettingsForm } from './form-context.tsx';

type SendingDay = SettingsValues['digest_sending_days'][number];
type DigestTime = SendingDay['time'];

/** Monday first (the week starts on Monday); day indexes as stored, 0 for Sunday. */
const WEEK = [1, 2, 3, 4, 5, 6, 0] as const;
export const DIGEST_TIMES: DigestTime[] = ['am', 'pm', 'lpm'];

/** The name of a weekday (0 Sunday) in the interface language. */
function weekdayName(day: number, locale: string): string {
  // 2024-01-07 was a Sunday.
  return new Intl.DateTimeFormat(locale.replace('_DU', ''), { weekday: 'long' }).format(new Date(2024, 0, 7 + day));
}

/** On which days, and at which time of day, the digest goes out. */
export function DigestDays() {
  const { t, i18n } = useTranslation('admin-settings');
  const form = useSettingsForm();
  const days = form.values.digest_sending_days;
  const timeOf = (day: number) => days.find((d) => d.day === day)?.time;
  const update = (day: number, time: DigestTime | null) => {
    const others = days.filter((d) => d.day !== day);
    const next = time ? [...others, { day, time }] : others;
    form.set(
      'digest_sending_days',
      next.sort((a, b) => WEEK.indexOf(a.day as (typeof WEEK)[number]) - WEEK.indexOf(b.day as (typeof WEEK)[number])),
    );
  };
  return (
    <Stack gap={6} role="group" aria-labelledby="settings-digest-days">
      <Text id="settings-digest-days" size="sm" fw={500}>
        {t('fields.digest_sending_days.label')}
      </Text>
      {WEEK.map((day) => {
        const time = timeOf(day);
        const name = weekdayName(day, i18n.language);
        return (
          <Group key={day} gap="sm" wrap="nowrap" mih={36}>
            <Checkbox
              label={name}
              checked={time !== undefined}
              onChange={(event) => update(day, event.currentTarget.checked ? 'am' : null)}
              w={140}
            />
            {time !== undefined && (
              <Select
                aria-label={t('fields.digest_sending_days.time', { day: name })}
                data={DIGEST_TIMES.map((value) => ({ value, label: t(`times.${value}`) }))}
                value={time}
                onChange={(value) => update(day, (value as DigestTime) ?? 'am')}
                allowDeselect={false}
                size="xs"
                w={160}
              />
            )}
          </Group>
        );
      })}
    </Stack>
  );
}
