import { addressText, type MemberAddress } from '@agora/contracts';

/**
 * The address as the location row keeps it: one line, spaces collapsed, lower case. A member's
 * location is current while this equals the row's; any other change is geocoded again.
 */
export function addressKey(address: Partial<MemberAddress>): string {
  return addressText(address).replace(/\s+/g, ' ').trim().toLowerCase();
}
