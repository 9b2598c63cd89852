import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentSession, SessionInfo, SignInTexts } from '@agora/contracts';
import { api, setCsrfToken } from '../../app/api-client.ts';
import { changeLocale, chosenLocale, i18nReady, initialLocale, speakSessionLocale } from '../../i18n/index.ts';

/**
 * The signed-in member, or null. Loaded once per page load; sign-in and sign-out replace it.
 * Signed out, the server answers 204 (no session is not an error).
 */
export const sessionQuery = queryOptions({
  queryKey: ['session'],
  queryFn: async (): Promise<CurrentSession> => {
    const session = (await api<SessionInfo | undefined>('/api/v1/session')) ?? null;
    setCsrfToken(session?.csrf_token ?? null);
    // Every page, public ones too, waits for the member's language rather than flashing another;
    // the session may arrive before i18next has its first language (main.tsx asks for both at once).
    await i18nReady;
    await speakSessionLocale(session?.locale);
    return session;
  },
  staleTime: Infinity,
  retry: false,
});

/** The texts the network's administrators set for the sign-in page (network settings, Join tab). */
export const signInTextsQuery = queryOptions({
  queryKey: ['network', 'sign_in'],
  queryFn: () => api<SignInTexts>('/api/v1/network/sign_in'),
  staleTime: 60_000,
});

/**
 * Signs in, sending the language the visitor chose on this device (never merely the browser's): it
 * becomes the member's own when they have none yet. The session then speaks the member's language.
 */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (credentials: { email: string; password: string }) =>
      api<SessionInfo>('/users/sign_in', {
        method: 'POST',
        body: { user: { ...credentials, locale: chosenLocale() ?? undefined } },
      }),
    onSuccess: async (session) => {
      setCsrfToken(session.csrf_token);
      await speakSessionLocale(session.locale);
      queryClient.clear();
      queryClient.setQueryData(sessionQuery.queryKey, session);
    },
  });
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<void>('/users/sign_out', { method: 'DELETE' }),
    onSettled: async () => {
      setCsrfToken(null);
      // The next visitor of this device meets the device's language, not the last member's.
      await changeLocale(initialLocale(), false);
      queryClient.clear();
      queryClient.setQueryData(sessionQuery.queryKey, null);
    },
  });
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) =>
      api<{ message: string }>('/users/password', { method: 'POST', body: { user: { email } } }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (values: { reset_password_token: string; password: string; password_confirmation: string }) =>
      api<{ message: string }>('/users/password', { method: 'PUT', body: { user: values } }),
  });
}
