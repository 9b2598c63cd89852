import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Locale, LocaleSettings } from '@agora/contracts';
import { api } from '../../app/api-client.ts';
import { sessionQuery } from '../session/index.ts';

export const localeSettingsQuery = (membershipId: string) =>
  queryOptions({
    queryKey: ['members', membershipId, 'locale_settings'],
    queryFn: () => api<LocaleSettings>(`/members/${membershipId}/locale_settings`),
  });

export function useUpdateLocaleSettings(membershipId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (locale: Locale | null) =>
      api<LocaleSettings>(`/members/${membershipId}/locale_settings`, {
        method: 'PUT',
        body: { locale_settings: { locale } },
      }),
    onSuccess: async (settings) => {
      queryClient.setQueryData(localeSettingsQuery(membershipId).queryKey, settings);
      // The session carries the language in effect; everything else is re-read in it.
      await queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
    },
  });
}
