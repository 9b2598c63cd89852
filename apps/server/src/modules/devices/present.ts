import type { Device, DevicePlatform } from '@agora/contracts';
import type { DeviceRow } from './repository.ts';

/** A device as its member sees it: never its token or keys. */
export function presentDevice(row: DeviceRow): Device {
  return {
    id: row.id,
    platform: row.platform as DevicePlatform,
    name: row.name,
    last_seen_at: row.lastSeenAt.toISOString(),
    created_at: row.createdAt.toISOString(),
  };
}
