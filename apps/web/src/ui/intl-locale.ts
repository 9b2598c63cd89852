/** The BCP 47 tag Intl understands for one of our UI locales (de_DU is German with "du"). */
export function intlLocale(locale: string | undefined): string {
  if (!locale) return 'de';
  return locale.split(/[_-]/)[0] || 'de';
}
