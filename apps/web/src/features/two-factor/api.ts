import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AddedFactor,
  AuthenticationFactors,
  AuthenticationFactorType,
  BackupCodes,
  NewTotpFactor,
  SecondFactorPassed,
} from '@agora/contracts';
import { TWO_FACTOR_PATH } from '@agora/contracts';
import { api } from '../../app/api-client.ts';
import { sessionQuery } from '../session/index.ts';

const FACTORS = '/api/v1/authentication/factors';

export const factorsQuery = queryOptions({
  queryKey: ['two-factor', 'factors'],
  queryFn: () => api<AuthenticationFactors>(FACTORS),
});

/** A new authenticator secret; a new one each time the page asks (nothing is stored before a code confirms it). */
export const newTotpQuery = queryOptions({
  queryKey: ['two-factor', 'new', 'totp'],
  queryFn: () => api<NewTotpFactor>(`${FACTORS}/new?type=totp`),
  staleTime: Infinity,
  gcTime: 0,
  retry: false,
});

export function useSendEmailCode() {
  return useMutation({
    mutationFn: () => api<Record<string, never>>(`${FACTORS}/new?type=email`),
  });
}

function useRefreshFactors() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['two-factor'] });
}

export function useAddFactor() {
  const refresh = useRefreshFactors();
  return useMutation({
    mutationFn: (body: { type: AuthenticationFactorType; code: string; secret_key?: string }) =>
      api<AddedFactor>(FACTORS, { method: 'POST', body }),
    onSuccess: () => refresh(),
  });
}

export function useResetBackupCodes() {
  const refresh = useRefreshFactors();
  return useMutation({
    mutationFn: ({ id, code }: { id: string; code: string }) =>
      api<BackupCodes>(`${FACTORS}/${encodeURIComponent(id)}/reset-backup-codes`, { method: 'POST', body: { code } }),
    onSuccess: () => refresh(),
  });
}

export function useDeleteFactor() {
  const refresh = useRefreshFactors();
  return useMutation({
    mutationFn: ({ id, code }: { id: string; code: string }) =>
      api<void>(`${FACTORS}/${encodeURIComponent(id)}`, { method: 'DELETE', body: { code } }),
    onSuccess: () => refresh(),
  });
}

/** The code step of signing in; the session then reaches everything. */
export function usePassSecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api<SecondFactorPassed>(`${TWO_FACTOR_PATH}.json`, { method: 'PUT', body: { code } }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
    },
  });
}
