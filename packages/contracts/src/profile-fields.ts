import type { Locale } from './locales.ts';

/**
 * Labels of the profile fields members' profiles (`memberships.profile`) use, until networks
 * define their own fields: the one table the directory and the profile page name them from.
 * A key missing here is shown as it is stored.
 */
export const PROFILE_FIELD_LABELS: Record<string, Record<Locale, string>> = {
  department: { de: 'Abteilung', de_DU: 'Abteilung', en: 'Department', es: 'Departamento', fr: 'Service' },
  position: { de: 'Position', de_DU: 'Position', en: 'Position', es: 'Cargo', fr: 'Fonction' },
  location: { de: 'Standort', de_DU: 'Standort', en: 'Location', es: 'Ubicación', fr: 'Site' },
  phone: { de: 'Telefon', de_DU: 'Telefon', en: 'Phone', es: 'Teléfono', fr: 'Téléphone' },
  mobile: { de: 'Mobil', de_DU: 'Mobil', en: 'Mobile', es: 'Móvil', fr: 'Portable' },
  room: { de: 'Raum', de_DU: 'Raum', en: 'Room', es: 'Sala', fr: 'Bureau' },
  languages: { de: 'Sprachen', de_DU: 'Sprachen', en: 'Languages', es: 'Idiomas', fr: 'Langues' },
  skills: { de: 'Kenntnisse', de_DU: 'Kenntnisse', en: 'Skills', es: 'Competencias', fr: 'Compétences' },
  address: { de: 'Adresse', de_DU: 'Adresse', en: 'Address', es: 'Dirección', fr: 'Adresse' },
};

/** The label of a profile field in a language (German where the language has none), else its key. */
export function profileFieldLabel(key: string, locale: string): string {
  const labels = PROFILE_FIELD_LABELS[key];
  if (!labels) return key;
  return labels[locale as Locale] ?? labels.de;
}

/**
 * A stored profile value as text for lists and filters: strings and numbers as they are, lists
 * joined by commas; objects (an address, say) have no one-line text here, and give null.
 */
export function profileValueText(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) {
    const parts = value.map(profileValueText).filter((part): part is string => part !== null);
    return parts.length > 0 ? parts.join(', ') : null;
  }
  return null;
}
