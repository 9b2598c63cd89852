import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { FileEntry, ProfileProperty, ProfileValues } from '@agora/contracts';
import { formatDate } from '../../ui/date-format.ts';
import { networkQuery } from '../home/index.ts';
import { tagName } from './profile-fields.tsx';

export type ProfileColumn = { key: string; label: string; render: (file: FileEntry) => ReactNode };

/** A profile value as text: a date as dd.MM.y, a selection by its label, tags by their names. */
export function profileValueText(property: ProfileProperty, value: ProfileValues[string] | undefined): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(tagName).join(', ');
  if (property.type === 'date') return formatDate(value);
  if (property.type === 'selection') return property.options.find((option) => option.value === value)?.label ?? value;
  return value;
}

/** The columns the network chose for the files table: file profile properties, in the chosen order. */
export function profileColumns(settings: {
  enabled: boolean;
  properties: ProfileProperty[];
  column_fields: string[];
}): ProfileColumn[] {
  if (!settings.enabled) return [];
  return settings.column_fields.flatMap((name) => {
    const property = settings.properties.find((candidate) => candidate.name === name);
    if (!property) return [];
    return [
      {
        key: `profile.${name}`,
        label: property.label,
        render: (file: FileEntry) => profileValueText(property, file.file_profile?.[name]),
      },
    ];
  });
}

/** The files table's `extraColumns` of the network's file profile. */
export function useProfileColumns(): ProfileColumn[] {
  const settings = useQuery(networkQuery).data?.config.file_profiles;
  return settings ? profileColumns(settings) : [];
}

/**
 * The file's profile values as the file page lists them: each property of the network's file
 * profile the file has a value for, labelled, its value shown as in the table's columns.
 */
export function useProfileDetails(file: FileEntry | undefined): Array<{ key: string; label: string; text: string }> {
  const settings = useQuery(networkQuery).data?.config.file_profiles;
  if (!settings?.enabled || !file?.file_profile) return [];
  return settings.properties.flatMap((property) => {
    const text = profileValueText(property, file.file_profile?.[property.name]);
    return text ? [{ key: property.name, label: property.label, text }] : [];
  });
}
