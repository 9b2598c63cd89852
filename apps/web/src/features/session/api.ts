import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SessionInfo } from '@agora/contracts';
import { api, ApiError, setCsrfToken } from '../../app/api-client.ts';

/** The signed-in member, or null. Loaded once per page load; sign-in and sign-out replace it. */
export const sessionQuery = queryOptions({
  queryKey: ['session'],
  queryFn: async (): Promise<SessionInfo | null> => {
    try {
      const session = await api<SessionInfo>('/api/v1/session');
      setCsrfToken(session.csrf_token);
      return session;
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  },
  staleTime: Infinity,
  retry: false,
});

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (credentials: { email: string; password: string }) =>
      api<SessionInfo>('/users/sign_in', { method: 'POST', body: { user: credentials } }),
    onSuccess: (session) => {
      setCsrfToken(session.csrf_token);
      queryClient.clear();
      queryClient.setQueryData(sessionQuery.queryKey, session);
    },
  });
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<void>('/users/sign_out', { method: 'DELETE' }),
    onSettled: () => {
      setCsrfToken(null);
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
