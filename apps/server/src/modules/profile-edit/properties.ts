import { ADDRESS_PROFILE_FIELD, PROFILE_FIELD_LABELS, profileFieldLabel, type Property } from '@agora/contracts';

/**
 * The member profile's properties where the network keeps no property set: today's fixed fields,
 * labelled in the network's language, the address as an address.
 */
export function defaultProfileProperties(language: string): Property[] {
  return Object.keys(PROFILE_FIELD_LABELS).map((name) => ({
    name,
    label: profileFieldLabel(name, language),
    type: name === ADDRESS_PROFILE_FIELD ? 'address' : name === 'skills' ? 'multiline_text' : 'text',
  }));
}
