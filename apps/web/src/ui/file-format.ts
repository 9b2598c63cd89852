import { intlLocale } from './intl-locale.ts';

/**
 * Sizes in B, kB, MB, GB, TB (spec, section 9). Decimal steps of 1000, because these are the SI
 * units' names ("kB", not "KiB") and what operating systems' file managers show today; the
 * number is written with the locale's decimal separator, at most one decimal, none for bytes.
 */
export const FILE_SIZE_UNITS = ['B', 'kB', 'MB', 'GB', 'TB'] as const;
const STEP = 1000;

export function formatFileSize(bytes: number, locale?: string): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  let value = bytes;
  let unit = 0;
  while (unit < FILE_SIZE_UNITS.length - 1 && Math.round(value * 10) / 10 >= STEP) {
    value /= STEP;
    unit += 1;
  }
  const number = new Intl.NumberFormat(intlLocale(locale), {
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
  // A no-break space keeps the number and its unit on one line.
  return `${number}\u00a0${FILE_SIZE_UNITS[unit]}`;
}

/** Names longer than 71 characters are shortened in the middle: the first 35, "…", the last 35. */
export const SHORTENED_NAME_LENGTH = 71;

export function shortenName(name: string, max = SHORTENED_NAME_LENGTH): string {
  // By code points, so that no emoji or other surrogate pair is cut in half.
  const chars = Array.from(name);
  if (chars.length <= max) return name;
  const head = Math.ceil((max - 1) / 2);
  const tail = Math.floor((max - 1) / 2);
  return `${chars.slice(0, head).join('')}…${tail > 0 ? chars.slice(-tail).join('') : ''}`;
}
