import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import { formatLocalKey, offsetAt, offsetTransitions } from '../recurrence/index.ts';

// VTIMEZONE components for the feeds. @touch4it/ical-timezones holds the zones of its tz
// database release with their rules (RRULE observances). A zone it lacks may be a newer name
// of one it has (Europe/Kyiv for Europe/Kiev; the runtime's Intl knows the link), else it is a
// zone newer than the package (America/Ciudad_Juarez): then its transitions from the runtime's
// data are written out one by one for the years around now.

const YEAR = 365.2425 * 24 * 60 * 60 * 1000;
const cache = new Map<string, string | null>();

export function vtimezoneComponent(zone: string): string | null {
  if (cache.has(zone)) return cache.get(zone)!;
  const component = fromPackage(zone) ?? fromAlias(zone) ?? generated(zone);
  cache.set(zone, component);
  return component;
}

function fromPackage(zone: string): string | null {
  const text = getVtimezoneComponent(zone);
  return text ? text.trim() : null;
}

function fromAlias(zone: string): string | null {
  let resolved: string;
  try {
    resolved = new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
  if (resolved === zone) return null;
  const text = fromPackage(resolved);
  // The events name the zone as stored, so the component must carry that TZID.
  return text && text.replace(/^TZID:.*$/m, `TZID:${zone}`).replace(/^X-LIC-LOCATION:.*$/m, `X-LIC-LOCATION:${zone}`);
}

function generated(zone: string): string | null {
  const now = Date.now();
  const from = now - 10 * YEAR;
  let first: number;
  try {
    first = offsetAt(zone, from);
  } catch {
    return null;
  }
  const lines = ['BEGIN:VTIMEZONE', `TZID:${zone}`];
  const observance = (kind: 'STANDARD' | 'DAYLIGHT', at: number, before: number, after: number) =>
    lines.push(
      `BEGIN:${kind}`,
      // DTSTART of an observance is the local time in the offset before the change.
      `DTSTART:${formatLocalKey(at + before)}00`,
      `TZOFFSETFROM:${formatOffset(before)}`,
      `TZOFFSETTO:${formatOffset(after)}`,
      `END:${kind}`,
    );
  observance('STANDARD', from, first, first);
  for (const change of offsetTransitions(zone, from, now + 20 * YEAR))
    observance(change.after > change.before ? 'DAYLIGHT' : 'STANDARD', change.at, change.before, change.after);
  lines.push('END:VTIMEZONE');
  return lines.join('\r\n');
}

function formatOffset(ms: number): string {
  const sign = ms < 0 ? '-' : '+';
  const seconds = Math.round(Math.abs(ms) / 1000);
  const hh = String(Math.floor(seconds / 3600)).padStart(2, '0');
  const mm = String(Math.floor((seconds % 3600) / 60)).padStart(2, '0');
  const ss = seconds % 60;
  return `${sign}${hh}${mm}${ss ? String(ss).padStart(2, '0') : ''}`;
}
