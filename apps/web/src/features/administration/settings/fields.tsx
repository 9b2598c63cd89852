import { MultiSelect, NumberInput, Select, Switch, TagsInput, type ComboboxData } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LimitedTextarea, LimitedTextInput } from '../../../ui/limited-text.tsx';
import { getAt } from './form-state.ts';
import { useSettingsForm } from './form-context.tsx';

const NS = 'admin-settings';
type FieldProps = { path: string; label?: string; description?: string; disabled?: boolean };

/** The label and help text of a field: `fields.{path}.label` and `.help` where there is one. */
function useFieldTexts(path: string, label?: string, description?: string) {
  const { t, i18n } = useTranslation(NS);
  const key = `fields.${path}`;
  return {
    label: label ?? t(`${key}.label`),
    description: description ?? (i18n.exists(`${NS}:${key}.help`) ? t(`${key}.help`) : undefined),
  };
}

const idOf = (path: string) => `settings-${path.replaceAll('.', '-')}`;

export function SwitchField({ path, label, description, disabled, hideError }: FieldProps & { hideError?: boolean }) {
  const form = useSettingsForm();
  const texts = useFieldTexts(path, label, description);
  return (
    <Switch
      id={idOf(path)}
      {...texts}
      disabled={disabled}
      checked={getAt(form.values, path) === true}
      onChange={(event) => form.set(path, event.currentTarget.checked)}
      error={hideError ? undefined : form.error(path)}
    />
  );
}

export function SelectField({
  path,
  label,
  description,
  data,
  disabled,
  required = true,
  parse = (value) => value,
}: FieldProps & { data: ComboboxData; required?: boolean; parse?: (value: string | null) => unknown }) {
  const form = useSettingsForm();
  const texts = useFieldTexts(path, label, description);
  const value = getAt(form.values, path);
  return (
    <Select
      id={idOf(path)}
      {...texts}
      data={data}
      disabled={disabled}
      value={value === null || value === undefined ? '' : String(value)}
      onChange={(next) => form.set(path, parse(next))}
      allowDeselect={false}
      error={form.error(path)}
      withAsterisk={required}
    />
  );
}

/** A select of numbers (zoom levels): the value is stored as a number. */
export function NumberChoiceField({ path, data }: FieldProps & { data: Array<{ value: number; label: string }> }) {
  const form = useSettingsForm();
  const texts = useFieldTexts(path);
  return (
    <Select
      id={idOf(path)}
      {...texts}
      data={data.map((d) => ({ value: String(d.value), label: d.label }))}
      value={String(getAt(form.values, path))}
      onChange={(next) => form.set(path, Number(next))}
      allowDeselect={false}
      error={form.error(path)}
    />
  );
}

export function MultiSelectField({ path, data }: FieldProps & { data: ComboboxData }) {
  const form = useSettingsForm();
  const texts = useFieldTexts(path);
  return (
    <MultiSelect
      id={idOf(path)}
      {...texts}
      data={data}
      value={(getAt(form.values, path) as string[]) ?? []}
      onChange={(next) => form.set(path, next)}
      searchable
      clearable
      error={form.error(path)}
    />
  );
}

export function NumberField({
  path,
  min,
  max,
  required,
}: FieldProps & { min: number; max: number; required?: boolean }) {
  const form = useSettingsForm();
  const texts = useFieldTexts(path);
  const value = getAt(form.values, path);
  return (
    <NumberInput
      id={idOf(path)}
      {...texts}
      min={min}
      max={max}
      allowDecimal={false}
      allowNegative={min < 0}
      withAsterisk={required}
      value={typeof value === 'number' ? value : ''}
      onChange={(next) => form.set(path, typeof next === 'number' ? next : next === '' ? null : Number(next))}
      error={form.error(path)}
    />
  );
}

export function TextField({
  path,
  maxLength,
  required,
  placeholder,
}: FieldProps & { maxLength: number; required?: boolean; placeholder?: string }) {
  const form = useSettingsForm();
  const texts = useFieldTexts(path);
  return (
    <LimitedTextInput
      id={idOf(path)}
      {...texts}
      maxLength={maxLength}
      withAsterisk={required}
      placeholder={placeholder}
      value={(getAt(form.values, path) as string | null) ?? ''}
      onChange={(event) => form.set(path, event.currentTarget.value)}
      error={form.error(path)}
    />
  );
}

export function TextareaField({ path, maxLength }: FieldProps & { maxLength: number }) {
  const form = useSettingsForm();
  const texts = useFieldTexts(path);
  return (
    <LimitedTextarea
      id={idOf(path)}
      {...texts}
      maxLength={maxLength}
      autosize
      minRows={2}
      maxRows={8}
      value={(getAt(form.values, path) as string) ?? ''}
      onChange={(event) => form.set(path, event.currentTarget.value)}
      error={form.error(path)}
    />
  );
}

/** A list of short texts (file extensions, decorators), typed one by one. */
export function TagsField({ path, max }: FieldProps & { max: number }) {
  const form = useSettingsForm();
  const texts = useFieldTexts(path);
  return (
    <TagsInput
      id={idOf(path)}
      {...texts}
      maxTags={max}
      value={(getAt(form.values, path) as string[]) ?? []}
      onChange={(next) => form.set(path, next)}
      clearable
      error={form.error(path)}
    />
  );
}
