import { queryOptions, useMutation } from '@tanstack/react-query';
import type { NetworkSettingsAdministration, NetworkSettingsValues } from '@agora/contracts';
import { api } from '../../../app/api-client.ts';

export const SETTINGS_PATH = '/administration/settings';

export const settingsQuery = queryOptions({
  queryKey: ['administration', 'settings'],
  queryFn: () => api<NetworkSettingsAdministration>(SETTINGS_PATH),
});

export function useSaveSettings() {
  return useMutation({
    mutationFn: (settings: Partial<NetworkSettingsValues>) =>
      api<NetworkSettingsAdministration>(SETTINGS_PATH, { method: 'PUT', body: { settings } }),
  });
}

export type BirthdayMailDraft = Pick<NetworkSettingsValues['birthday_emails'], 'image' | 'subject' | 'text'>;

/** Sends the birthday mail as the form holds it to the administrator; answers the server's (German) message. */
export function useSendTestBirthdayMail() {
  return useMutation({
    mutationFn: (birthday_emails: BirthdayMailDraft) =>
      api<{ message: string; to: string }>(`${SETTINGS_PATH}/send_test_birthday_email`, {
        method: 'POST',
        body: { birthday_emails },
      }),
  });
}
