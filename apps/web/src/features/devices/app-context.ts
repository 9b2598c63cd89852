import { ID_PATTERN } from '@agora/contracts';

/**
 * The member settings page (`/members/{membershipId}/settings/edit`) shows the push tab only in
 * the mobile app's web view: the app opens it as `?tab=push&device_id={deviceId}` (through
 * `/api/v1/web-session`), naming its own device. Anywhere else there is no device to set, and
 * the tab stays hidden.
 */
export function appPushDeviceId(search: URLSearchParams): string | null {
  const id = search.get('device_id');
  return id && ID_PATTERN.test(id) ? id : null;
}
