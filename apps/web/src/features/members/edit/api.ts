import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { OnboardingAnswer, ProfileForm, ProfileUpdate } from '@agora/contracts';
import { api } from '../../../app/api-client.ts';
import { sessionQuery } from '../../session/index.ts';

/** `GET /members/{id}/edit`: the profile form's values and the network's properties. */
export const profileFormQuery = (membershipId: string) =>
  queryOptions({
    queryKey: ['members', membershipId, 'edit'],
    queryFn: () => api<ProfileForm>(`/members/${encodeURIComponent(membershipId)}/edit`),
    staleTime: 0,
  });

/** `GET /onboarding/profile`: the new member's own form. */
export const onboardingFormQuery = queryOptions({
  queryKey: ['onboarding', 'profile'],
  queryFn: () => api<ProfileForm & { pending: boolean }>('/onboarding/profile'),
  staleTime: 0,
});

/** `PUT /members/{id}`: the profile, the header's member and the member's pages are read again. */
export function useUpdateProfile(membershipId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (member: ProfileUpdate) =>
      api<ProfileForm>(`/members/${encodeURIComponent(membershipId)}`, { method: 'PUT', body: { member } }),
    onSuccess: async (form) => {
      queryClient.setQueryData(profileFormQuery(membershipId).queryKey, form);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['members', membershipId] }),
        queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey }),
      ]);
    },
  });
}

/** `PUT /onboarding/profile`: answers where to go next. */
export function useCompleteOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (member: ProfileUpdate) =>
      api<OnboardingAnswer>('/onboarding/profile', { method: 'PUT', body: { member } }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
    },
  });
}
