import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PROFILE_PROPERTY_SET, type PropertySet, type PropertySetInput } from '@agora/contracts';
import { api } from '../../app/api-client.ts';
import { propertySetQuery } from '../../ui/properties/profile-labels.ts';

export { propertySetQuery };

const path = (name: string) => `/api/v1/property_sets/${encodeURIComponent(name)}`;

/** Saves a set as a whole; the answer is the set as stored. */
export function useSavePropertySet(name: string = PROFILE_PROPERTY_SET) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PropertySetInput) => api<PropertySet>(path(name), { method: 'PUT', body }),
    onSuccess: (saved) => queryClient.setQueryData(propertySetQuery(name).queryKey, saved),
  });
}
