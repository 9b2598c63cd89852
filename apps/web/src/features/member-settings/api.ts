import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { MemberSettingsAnswer, MemberSettingsBody, RegistrationAnswer, RegistrationBody } from '@agora/contracts';
import { api } from '../../app/api-client.ts';

const settingsPath = (membershipId: string) => `/members/${membershipId}/settings`;

export const memberSettingsQuery = (membershipId: string) =>
  queryOptions({
    queryKey: ['members', membershipId, 'settings'],
    queryFn: () => api<MemberSettingsAnswer>(settingsPath(membershipId)),
  });

export function useUpdateMemberSettings(membershipId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: MemberSettingsBody['settings']) =>
      api<MemberSettingsAnswer>(settingsPath(membershipId), { method: 'PUT', body: { settings } }),
    onSuccess: (answer) => queryClient.setQueryData(memberSettingsQuery(membershipId).queryKey, answer),
  });
}

/** Takes a bounced address back into use. */
export function useActivateEmail(membershipId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<MemberSettingsAnswer>(`${settingsPath(membershipId)}/activate_email`, { method: 'POST' }),
    onSuccess: (answer) => queryClient.setQueryData(memberSettingsQuery(membershipId).queryKey, answer),
  });
}

const REGISTRATION_PATH = '/api/v1/users/registration';

export const registrationQuery = queryOptions({
  queryKey: ['users', 'registration'],
  queryFn: () => api<RegistrationAnswer>(REGISTRATION_PATH),
});

export function useUpdateRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (user: RegistrationBody['user']) =>
      api<RegistrationAnswer>(REGISTRATION_PATH, { method: 'PUT', body: { user } }),
    onSuccess: (answer) => queryClient.setQueryData(registrationQuery.queryKey, answer),
  });
}

export function useConfirmEmail() {
  return useMutation({
    mutationFn: (token: string) =>
      api<{ email: string }>('/api/v1/users/confirmation', { method: 'POST', body: { confirmation_token: token } }),
  });
}
