import { Group, NumberInput, Select, Text } from '@mantine/core';
import { IconRepeat } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  APPOINTMENT_LIMITS,
  RECURRENCE_FREQUENCIES,
  RECURRENCE_UNITS,
  type RecurrenceFrequency,
  type RecurrenceUnit,
} from '@agora/contracts';
import { DateInput } from '../../../ui/date-input.tsx';
import { setCustomInterval, setFrequency } from './form-rules.ts';
import { FormSection, type SectionProps } from './form-section.tsx';
import { recurrenceSummary } from './recurrence-summary.ts';

const FIELDS = {
  frequency: 'recurrence_pattern.recurrence_frequency',
  interval: 'recurrence_pattern.recurrence_interval',
  unit: 'recurrence_pattern.recurrence_unit',
  end: 'recurrence_pattern.recurrence_end_time',
};

/** How the appointment repeats (calendars spec, section 4, recurrence). */
export function RecurrenceSection({ values, update, errors, occurrence }: SectionProps & { occurrence: boolean }) {
  const { t, i18n } = useTranslation('appointments');
  const summary = recurrenceSummary(t, values, i18n.language);
  return (
    <FormSection title={t('form.sections.recurrence')}>
      {occurrence && (
        <Text size="sm" c="dimmed">
          {t('form.recurrence_occurrence_hint')}
        </Text>
      )}
      <Group gap="sm" align="flex-start" wrap="wrap">
        <Select
          label={t('form.frequency')}
          required
          allowDeselect={false}
          data={RECURRENCE_FREQUENCIES.map((value) => ({ value, label: t(`form.frequencies.${value}`) }))}
          value={values.frequency}
          onChange={(value) =>
            value && update((v) => setFrequency(v, value as RecurrenceFrequency), Object.values(FIELDS))
          }
          error={errors[FIELDS.frequency]}
          w={{ base: '100%', xs: 220 }}
        />
        {values.frequency === 'custom' && (
          <>
            <NumberInput
              label={t('form.interval')}
              required
              min={APPOINTMENT_LIMITS.recurrenceIntervalMin}
              allowDecimal={false}
              allowNegative={false}
              value={values.interval}
              onChange={(interval) => update((v) => setCustomInterval(v, { interval }), FIELDS.interval)}
              error={errors[FIELDS.interval]}
              w={{ base: '100%', xs: 120 }}
            />
            <Select
              label={t('form.unit')}
              allowDeselect={false}
              data={RECURRENCE_UNITS.map((value) => ({ value, label: t(`form.units.${value}`) }))}
              value={values.unit}
              onChange={(value) =>
                value && update((v) => setCustomInterval(v, { unit: value as RecurrenceUnit }), FIELDS.unit)
              }
              error={errors[FIELDS.unit]}
              w={{ base: '100%', xs: 180 }}
            />
          </>
        )}
      </Group>
      {values.frequency !== 'never' && (
        <DateInput
          label={t('form.recurrence_end')}
          description={t('form.recurrence_end_hint')}
          value={values.recurrenceEnd}
          minDate={values.startDate ?? undefined}
          onChange={(recurrenceEnd) => update((v) => ({ ...v, recurrenceEnd }), FIELDS.end)}
          error={errors[FIELDS.end]}
          w={{ base: '100%', xs: 220 }}
        />
      )}
      {/*
        What will be created, in words, as the member edits: the default end (start plus one
        interval) is easy to miss otherwise. Read out when it changes.
      */}
      <Text
        size="sm"
        aria-live="polite"
        data-testid="recurrence-summary"
        display={summary ? 'flex' : 'none'}
        style={{ gap: 6, alignItems: 'flex-start', overflowWrap: 'anywhere' }}
      >
        <IconRepeat size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
        <span>{summary}</span>
      </Text>
    </FormSection>
  );
}
