import { Button, Group, Stack, Switch } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DateInput, focusDateField } from '../../../ui/date-input.tsx';
import { TimeInput } from '../../../ui/time-input.tsx';
import { TimeZoneSelect } from '../../../ui/time-zone-select.tsx';
import { addEnd, endBeforeStartPart, removeEnd, setStart } from './form-rules.ts';
import { FormSection, type SectionProps } from './form-section.tsx';

/** The ids of the end date and time fields, which end_lt_start scrolls into view. */
export const END_DATE_FIELD_ID = 'appointment-date-end';
export const END_TIME_FIELD_ID = 'appointment-time-end';

/**
 * Points the member to the wrong part of the end (calendars spec, section 5: end_lt_start
 * highlights and scrolls to it): the time when only it is before the start, else the date.
 * The date's calendar stays closed so that the message below the field can be read.
 */
export function showEndField(part: 'date' | 'time') {
  const field = document.getElementById(part === 'time' ? END_TIME_FIELD_ID : END_DATE_FIELD_ID);
  if (!field) return;
  field.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  if (part === 'time') field.focus({ preventScroll: true });
  else focusDateField(field);
}

const DATE_FIELDS = ['date.start', 'date.end'];

/** Start, optional end, all-day and the time zone (calendars spec, section 2, defaults). */
export function DateSection({ values, update, errors }: SectionProps) {
  const { t } = useTranslation('appointments');
  const hasEnd = values.endDate !== null;
  // An end before the start is marked where it is wrong: on the time when the days are equal.
  const endError = errors['date.end'];
  const endOnTime = !!endError && endBeforeStartPart(values) === 'time';
  return (
    <FormSection title={t('form.sections.date')}>
      <Switch
        label={t('form.all_day')}
        checked={values.allDay}
        onChange={(event) => {
          const allDay = event.currentTarget.checked;
          update((v) => ({ ...v, allDay }), DATE_FIELDS);
        }}
      />
      <Group gap="sm" align="flex-start" wrap="wrap">
        <DateInput
          label={t('form.start_date')}
          required
          value={values.startDate}
          onChange={(date) => update((v) => setStart(v, { date }), DATE_FIELDS)}
          error={errors['date.start']}
          w={{ base: '100%', xs: 180 }}
        />
        {!values.allDay && (
          <TimeInput
            label={t('form.start_time')}
            required
            value={values.startTime}
            onChange={(time) => update((v) => setStart(v, { time }), DATE_FIELDS)}
            error={errors['date.start'] ? true : undefined}
          />
        )}
      </Group>
      {hasEnd ? (
        <Stack gap={4}>
          <Group gap="sm" align="flex-start" wrap="wrap">
            <DateInput
              id={END_DATE_FIELD_ID}
              label={t('form.end_date')}
              value={values.endDate}
              minDate={values.startDate ?? undefined}
              onChange={(endDate) => update((v) => (endDate ? { ...v, endDate } : removeEnd(v)), 'date.end')}
              error={endOnTime ? undefined : endError}
              w={{ base: '100%', xs: 180 }}
            />
            {!values.allDay && (
              <TimeInput
                id={END_TIME_FIELD_ID}
                label={t('form.end_time')}
                value={values.endTime}
                onChange={(endTime) => update((v) => ({ ...v, endTime }), 'date.end')}
                error={endOnTime ? endError : endError ? true : undefined}
                // The message is wider than the time: it runs on beside the field rather than
                // wrapping into a narrow column.
                styles={{ error: { width: 'max-content', maxWidth: 'min(24rem, calc(100vw - 4rem))' } }}
              />
            )}
          </Group>
          <div>
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={<IconMinus size={14} aria-hidden />}
              onClick={() => update(removeEnd, 'date.end')}
            >
              {t('form.remove_end')}
            </Button>
          </div>
        </Stack>
      ) : (
        <div>
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconPlus size={14} aria-hidden />}
            onClick={() => update(addEnd, 'date.end')}
            disabled={!values.startDate}
          >
            {t('form.add_end')}
          </Button>
        </div>
      )}
      <TimeZoneSelect
        label={t('form.time_zone')}
        value={values.timeZone}
        onChange={(timeZone) => update((v) => ({ ...v, timeZone }), 'date.time_zone')}
        error={errors['date.time_zone']}
        maw={360}
      />
    </FormSection>
  );
}
