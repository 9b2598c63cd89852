import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AcceptInvitationBody,
  InvitationInfo,
  JoinResult,
  RegistrationItem,
  RegistrationsPage,
  RegistrationStatus,
  SignUpBody,
  SignUpSettings,
} from '@agora/contracts';
import { api, setCsrfToken } from '../../app/api-client.ts';
import { chosenLocale, speakSessionLocale } from '../../i18n/index.ts';
import { sessionQuery } from '../session/index.ts';

/** `GET /invitations/{token}` (404 for a token no longer open: not retried). */
export const invitationQuery = (token: string) =>
  queryOptions({
    queryKey: ['invitation', token],
    queryFn: () => api<InvitationInfo>(`/invitations/${encodeURIComponent(token)}`),
    retry: false,
  });

/** `GET /users/sign_up`: whether visitors may sign up here, and what the form asks. */
export const signUpSettingsQuery = queryOptions({
  queryKey: ['sign-up-settings'],
  queryFn: () => api<SignUpSettings>('/users/sign_up'),
  staleTime: 60_000,
});

/** A session joining opened becomes the app's, as signing in does (see session/api.ts). */
function useTakeSession() {
  const queryClient = useQueryClient();
  return async (result: JoinResult) => {
    if (result.status !== 'member') return;
    setCsrfToken(result.session.csrf_token);
    await speakSessionLocale(result.session.locale);
    queryClient.clear();
    queryClient.setQueryData(sessionQuery.queryKey, result.session);
  };
}

type JoinFields = Omit<AcceptInvitationBody['user'], 'locale'>;

/** `POST /invitations/{token}`: joins, signed in at once. */
export function useAcceptInvitation(token: string) {
  const take = useTakeSession();
  return useMutation({
    mutationFn: (user: JoinFields) =>
      api<JoinResult>(`/invitations/${encodeURIComponent(token)}`, {
        method: 'POST',
        body: { user: { ...user, locale: chosenLocale() ?? undefined } } satisfies AcceptInvitationBody,
      }),
    onSuccess: take,
  });
}

/** `POST /users`: signs up; pending where an administrator decides. */
export function useSignUp() {
  const take = useTakeSession();
  return useMutation({
    mutationFn: (user: Omit<SignUpBody['user'], 'locale'>) =>
      api<JoinResult>('/users', {
        method: 'POST',
        body: { user: { ...user, locale: chosenLocale() ?? undefined } } satisfies SignUpBody,
      }),
    onSuccess: take,
  });
}

/** `GET /administration/registrations`: a page of one status. */
export const registrationsQuery = (status: RegistrationStatus, page: number) =>
  queryOptions({
    queryKey: ['registrations', status, page],
    queryFn: () => api<RegistrationsPage>(`/administration/registrations?status=${status}&page=${page}`),
  });

/** `POST /administration/registrations/{id}/approve|reject`. */
export function useDecideRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: 'approve' | 'reject' }) =>
      api<RegistrationItem>(`/administration/registrations/${encodeURIComponent(id)}/${decision}`, {
        method: 'POST',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['registrations'] }),
  });
}
