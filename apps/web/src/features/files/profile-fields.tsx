import { Select, Stack, TagsInput, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ACTIVITY_LIMITS,
  NEW_TAG_PREFIX,
  TEXT_LIMITS,
  type ProfileProperty,
  type ProfileValues,
  type Tag,
} from '@agora/contracts';
import { api } from '../../app/api-client.ts';
import { DateInput } from '../../ui/date-input.tsx';
import { networkQuery } from '../home/index.ts';

/** The profile properties of folders or of files, where the network enables them (else none). */
export function useProfileProperties(kind: 'folder' | 'file'): ProfileProperty[] {
  const network = useQuery(networkQuery).data;
  const settings = kind === 'folder' ? network?.config.folder_profiles : network?.config.file_profiles;
  return settings?.enabled ? settings.properties : [];
}

/** A tag's name as shown (a new tag is sent as `new_{name}`). */
export function tagName(value: string): string {
  return value.startsWith(NEW_TAG_PREFIX) ? value.slice(NEW_TAG_PREFIX.length) : value;
}

function tagsPath(q: string, parents: string[]): string {
  const params = new URLSearchParams({ q, exclude_new: 'true' });
  for (const parent of parents) params.append('tag_parents', parent);
  return `/tags/find?${params}`;
}

type FieldProps = {
  property: ProfileProperty;
  value: ProfileValues[string] | undefined;
  onChange: (value: ProfileValues[string]) => void;
  disabled?: boolean;
};

/** Tags among the children of the property's parent tags; a name no tag has yet becomes a new tag. */
function TagField({ property, value, onChange, disabled }: FieldProps) {
  const { t } = useTranslation('files');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), ACTIVITY_LIMITS.searchDelayMs);
  const enough = debounced.length >= ACTIVITY_LIMITS.tagSearchMinLength;
  const path = tagsPath(debounced, property.tag_parents);
  const found = useQuery({
    queryKey: ['tag-search', path],
    queryFn: ({ signal }) => api<Tag[]>(path, { signal }),
    enabled: enough,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
  const values = Array.isArray(value) ? value : value ? [value] : [];
  const known = new Set([...(found.data ?? []).map((tag) => tag.name), ...values.map(tagName)]);
  const existing = new Set([
    ...(found.data ?? []).filter((tag) => !tag.new).map((tag) => tag.name),
    ...values.filter((one) => !one.startsWith(NEW_TAG_PREFIX)),
  ]);

  return (
    <TagsInput
      label={property.label}
      value={values.map(tagName)}
      data={enough ? [...known] : []}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(names) => onChange(names.map((name) => (existing.has(name) ? name : `${NEW_TAG_PREFIX}${name}`)))}
      disabled={disabled}
      placeholder={t('profiles.tag_placeholder')}
      maxTags={30}
      clearable
    />
  );
}

/** One property's input by its type: date (dd.MM.y), text, selection or tags. */
export function ProfileField({ property, value, onChange, disabled }: FieldProps) {
  const { t } = useTranslation('files');
  const single = typeof value === 'string' ? value : null;
  switch (property.type) {
    case 'date':
      return <DateInput label={property.label} value={single} onChange={onChange} disabled={disabled} />;
    case 'text':
      return (
        <TextInput
          label={property.label}
          value={single ?? ''}
          maxLength={TEXT_LIMITS.line}
          onChange={(event) => onChange(event.currentTarget.value || null)}
          disabled={disabled}
        />
      );
    case 'selection':
      return (
        <Select
          label={property.label}
          data={property.options.map((option) => ({ value: option.value, label: option.label }))}
          value={single}
          onChange={(next) => onChange(next)}
          disabled={disabled}
          clearable
          allowDeselect
          comboboxProps={{ withinPortal: true }}
        />
      );
    case 'tag':
      return <TagField property={property} value={value} onChange={onChange} disabled={disabled} />;
    default:
      return <Text c="red">{t('profiles.unknown_type')}</Text>;
  }
}

type ProfileFieldsProps = {
  kind: 'folder' | 'file';
  value: ProfileValues | undefined;
  onChange: (value: ProfileValues) => void;
  disabled?: boolean;
};

/** The profile of a folder or file as a form's fields; nothing where the network has no profile. */
export function ProfileFields({ kind, value, onChange, disabled }: ProfileFieldsProps) {
  const properties = useProfileProperties(kind);
  if (properties.length === 0) return null;
  const values = value ?? {};
  return (
    <Stack gap="sm">
      {properties.map((property) => (
        <ProfileField
          key={property.name}
          property={property}
          value={values[property.name]}
          onChange={(next) => onChange({ ...values, [property.name]: next })}
          disabled={disabled}
        />
      ))}
    </Stack>
  );
}
