/**
 * The time zones offered for an appointment (calendars spec, appointment form): the IANA names
 * the browser knows, without Etc/ entries and without all-uppercase short names (UTC, GMT, EST,
 * EST5EDT, PRC ...), which are aliases that only confuse in a list.
 */

export function isListedTimeZone(name: string): boolean {
  return !name.startsWith('Etc/') && name !== name.toUpperCase();
}

export function listedTimeZones(all: readonly string[] = Intl.supportedValuesOf('timeZone')): string[] {
  return all.filter(isListedTimeZone).sort((a, b) => a.localeCompare(b));
}

/**
 * The browser's IANA time zone. The first date formatter of a page load initialises the
 * browser's date formatting, a long task of its own: main.tsx asks while the first requests are
 * under way, before there is anything to render; later formatters are quick.
 */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** 'America/New_York' reads 'America/New York'. */
export function timeZoneLabel(name: string): string {
  return name.replaceAll('_', ' ');
}
