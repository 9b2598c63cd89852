import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PROFILE_PROPERTY_SET, profileFieldLabel, type Property, type PropertySet } from '@agora/contracts';
import { api } from '../../app/api-client.ts';

/** A property set of the network (spec, section 9: never stale, no retry). */
export const propertySetQuery = (name: string = PROFILE_PROPERTY_SET) =>
  queryOptions({
    queryKey: ['property_sets', name],
    queryFn: () => api<PropertySet>(`/api/v1/property_sets/${encodeURIComponent(name)}`),
    staleTime: 0,
    retry: false,
  });

/** The network's member profile properties; none while loading or when they cannot be read. */
export function useProfileProperties(): Property[] {
  return useQuery(propertySetQuery()).data?.properties ?? [];
}

/**
 * The label of a profile field: the network profile's label, else the fixed fields' label in the
 * page's language (while the set loads, or for a value whose property was removed), else the key.
 */
export function useProfileFieldLabel(): (field: string) => string {
  const { i18n } = useTranslation();
  const properties = useProfileProperties();
  const labels = new Map(properties.map((p) => [p.name, p.label]));
  return (field) => labels.get(field) ?? profileFieldLabel(field, i18n.language);
}
