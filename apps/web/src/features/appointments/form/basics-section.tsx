import { ColorSwatch, Group, MultiSelect, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { APPOINTMENT_LIMITS } from '@agora/contracts';
import { LazyRichTextEditor } from '../../../ui/lazy-rich-text-editor.tsx';
import { FormSection, type SectionProps } from './form-section.tsx';
import { LimitedTextInput } from '../../../ui/limited-text.tsx';

/** A calendar the form offers. */
export type CalendarChoice = { id: string; name: string; color: string };

/** Name, description and calendars. */
export function BasicsSection({ values, update, errors, calendars }: SectionProps & { calendars: CalendarChoice[] }) {
  const { t } = useTranslation('appointments');
  const colors = new Map(calendars.map((calendar) => [calendar.id, calendar.color]));
  return (
    <FormSection title={t('form.sections.general')}>
      <LimitedTextInput
        label={t('form.name')}
        required
        maxLength={APPOINTMENT_LIMITS.nameMaxLength}
        value={values.name}
        onChange={(event) => {
          const name = event.currentTarget.value;
          update((v) => ({ ...v, name }), 'name');
        }}
        error={errors.name}
      />
      <LazyRichTextEditor
        label={t('form.description')}
        value={values.description}
        onChange={(description) => update((v) => ({ ...v, description }), 'description')}
        error={errors.description}
      />
      <MultiSelect
        label={t('form.calendars')}
        description={t('form.calendars_hint')}
        required
        searchable
        data={calendars.map((calendar) => ({ value: calendar.id, label: calendar.name }))}
        value={values.calendarIds}
        onChange={(calendarIds) => update((v) => ({ ...v, calendarIds }), 'calendar_ids')}
        error={errors.calendar_ids}
        renderOption={({ option }) => (
          <Group gap={8} wrap="nowrap">
            <ColorSwatch color={`#${colors.get(option.value) ?? '868e96'}`} size={12} withShadow={false} aria-hidden />
            <Text size="sm">{option.label}</Text>
          </Group>
        )}
        hidePickedOptions
        comboboxProps={{ withinPortal: true }}
      />
    </FormSection>
  );
}
