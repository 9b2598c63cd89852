import 'dayjs/locale/de';
import 'dayjs/locale/es';
import 'dayjs/locale/fr';
import { intlLocale } from './intl-locale.ts';

/** The dayjs locale for the calendars of the date pickers (month and weekday names). */
export function dayjsLocale(locale: string | undefined): string {
  return intlLocale(locale);
}
