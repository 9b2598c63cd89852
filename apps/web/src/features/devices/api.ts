import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeviceBody, DevicePushSettingsAnswer, DevicePushSettingsBody, WebPushKeyAnswer } from '@agora/contracts';
import { api } from '../../app/api-client.ts';

export const devicePushSettingsQuery = (deviceId: string) =>
  queryOptions({
    queryKey: ['devices', deviceId, 'settings'],
    queryFn: () => api<DevicePushSettingsAnswer>(`/api/v1/devices/${encodeURIComponent(deviceId)}/settings`),
  });

/** The server's Web Push key; null while it pushes to no browser. */
export const webPushKeyQuery = queryOptions({
  queryKey: ['devices', 'web-push-key'],
  queryFn: () => api<WebPushKeyAnswer>('/api/v1/devices/web-push-key'),
  staleTime: Infinity,
});

/** Saves changed flags; the answer (every flag) replaces the cached settings. */
export function useSaveDevicePushSettings(deviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DevicePushSettingsBody) =>
      api<DevicePushSettingsAnswer>(`/api/v1/devices/${encodeURIComponent(deviceId)}/settings`, {
        method: 'POST',
        body,
      }),
    onSuccess: (answer) => queryClient.setQueryData(devicePushSettingsQuery(deviceId).queryKey, answer),
  });
}

export function registerDevice(body: DeviceBody) {
  return api<DevicePushSettingsAnswer>('/api/v1/devices', { method: 'POST', body });
}
