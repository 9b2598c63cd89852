import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { PROFILE_PROPERTY_SET, type PropertySet, type PropertySetInput } from '@agora/contracts';
import { api } from '../../app/api-client.ts';

const path = (name: string) => `/api/v1/property_sets/${encodeURIComponent(name)}`;

/** A property set of the network (spec, section 9: never stale, no retry). */
export const propertySetQuery = (name: string = PROFILE_PROPERTY_SET) =>
  queryOptions({
    queryKey: ['property_sets', name],
    queryFn: () => api<PropertySet>(path(name)),
    staleTime: 0,
    retry: false,
  });

/** Saves a set as a whole; the answer is the set as stored. */
export function useSavePropertySet(name: string = PROFILE_PROPERTY_SET) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PropertySetInput) => api<PropertySet>(path(name), { method: 'PUT', body }),
    onSuccess: (saved) => queryClient.setQueryData(propertySetQuery(name).queryKey, saved),
  });
}
