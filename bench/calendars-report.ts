// The figures of the calendars group (calendars.ts) and how the report prints them.
import { LARGE_CALENDAR_ZONE } from '@agora/server/bench-support';

export type MonthFigures = {
  /** 'PostgreSQL' (the machine's server), or the main run's embedded engine as its server names it. */
  database: string;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  healthzPerSecond: number | null;
  ratioToHealthz: number | null;
  /** One answer: how many appointments and bytes the month sheet holds. */
  appointments: number;
  bytes: number;
  /** The answer gzipped, as browsers get it (the figures above are for it). */
  gzipBytes: number | null;
  truncated: boolean;
  /** The warm request from a client that accepts no compression. */
  identity: LoadFigures | null;
  /** Serial requests for months not asked for before: each computed from the database. */
  uncached: UncachedFigures | null;
  /** The same for other months (other keys), gzipped as browsers ask: the compression added. */
  uncachedGzip: UncachedFigures | null;
  /** The warm request again with If-None-Match (what a browser sends when it looks again): 304s. */
  notModified: LoadFigures | null;
  feed: FeedFigures | null;
  failure: string | null;
};

export type LoadFigures = { requestsPerSecond: number; latencyP50Ms: number; latencyP99Ms: number };

export type UncachedFigures = { requests: number; p50Ms: number; p99Ms: number; meanMs: number };

export type FeedFigures = {
  events: number;
  bytes: number;
  ms: number;
  serverRssPeakMB: number;
  serverRssAtRestMB: number;
};

export type CalendarsFigures = {
  singles: number;
  series: number;
  month: MonthFigures[];
  postgresSkipped: string | null;
  recurrence: {
    series: number;
    month: string;
    occurrencesPerPass: number;
    perSecond: number;
    rruleOccurrencesPerPass: number;
    rrulePerSecond: number;
    ratio: number;
  };
  ics: { events: number; ms: number; bytes: number; rssBeforeMB: number; rssPeakMB: number } | null;
  failure: string | null;
};

export function formatCalendarsReport(f: CalendarsFigures): string {
  const row = (label: string, l: LoadFigures, rest = '') =>
    `  ${label.padEnd(34)} ${l.requestsPerSecond.toFixed(1).padStart(8)}  ` +
    `${l.latencyP50Ms.toFixed(2).padStart(7)}  ${l.latencyP99Ms.toFixed(2).padStart(7)}${rest}`;
  const lines = [
    `calendars (50 calendars, ${f.singles} appointments and ${f.series} weekly or daily series in ${LARGE_CALENDAR_ZONE}; ` +
      'a member with 10 calendars selected)',
    `  ${'month sheet, 10 connections'.padEnd(34)}    req/s   p50 ms   p99 ms  vs /healthz  answer`,
    '  warm: the same month again and again, answered from the month cache (after its first request):',
  ];
  for (const m of f.month) {
    const target =
      m.database === 'PostgreSQL'
        ? m.latencyP99Ms < 100
          ? '  (p99 target < 100 ms: met)'
          : '  (p99 target < 100 ms: MISSED)'
        : '';
    const gzip = m.gzipBytes ? `, ${(m.gzipBytes / 1024).toFixed(0)} kB gzipped` : '';
    lines.push(
      row(
        `GET /appointments ${m.database}, gzip`,
        m,
        `  ${(m.ratioToHealthz === null ? 'n/a' : m.ratioToHealthz.toFixed(3)).padStart(11)}  ` +
          `${m.appointments} appointments${m.truncated ? ' (truncated)' : ''}, ${(m.bytes / 1024).toFixed(0)} kB${gzip}${target}` +
          (m.failure ? `  FAILED: ${m.failure}` : ''),
      ),
    );
    if (m.identity) lines.push(row(`  the same, uncompressed`, m.identity));
    if (m.notModified) lines.push(row(`  the same, If-None-Match: 304`, m.notModified));
  }
  const uncached = (u: UncachedFigures) =>
    `p50 ${u.p50Ms.toFixed(1)} ms, p99 ${u.p99Ms.toFixed(1)} ms, mean ${u.meanMs.toFixed(1)} ms`;
  for (const m of f.month) {
    if (!m.uncached && !m.uncachedGzip) continue;
    const n = (m.uncached ?? m.uncachedGzip)!.requests;
    lines.push(
      `  uncached, ${m.database}: ${n} serial requests for different months, each a cache miss computed from the database: ` +
        [m.uncached && `JSON ${uncached(m.uncached)}`, m.uncachedGzip && `gzipped ${uncached(m.uncachedGzip)}`]
          .filter(Boolean)
          .join('; '),
    );
  }
  if (f.postgresSkipped) lines.push(`  PostgreSQL skipped: ${f.postgresSkipped}`);
  const r = f.recurrence;
  lines.push(
    `  recurrence, ${r.series} series for ${r.month}: ${Math.round(r.perSecond).toLocaleString('en')} occurrences/s ` +
      `(${LARGE_CALENDAR_ZONE}, ${Math.round(r.occurrencesPerPass)} per pass) vs plain rrule in UTC ` +
      `${Math.round(r.rrulePerSecond).toLocaleString('en')}/s (${Math.round(r.rruleOccurrencesPerPass)} per pass): ` +
      `${r.ratio.toFixed(1)}x (target >= 10x: ${r.ratio >= 10 ? 'met' : 'MISSED'})`,
  );
  if (f.ics) {
    lines.push(
      `  ICS of ${f.ics.events} events (buildCalendar, own process): ${f.ics.ms.toFixed(0)} ms, ` +
        `${(f.ics.bytes / 1024 / 1024).toFixed(1)} MB of text, RSS ${f.ics.rssBeforeMB.toFixed(0)} MB before, peak ${f.ics.rssPeakMB.toFixed(0)} MB`,
    );
  }
  for (const m of f.month) {
    if (!m.feed) continue;
    lines.push(
      `  feed /calendars/all/appointments.ics ${m.database}: ${m.feed.events} events, ${(m.feed.bytes / 1024 / 1024).toFixed(1)} MB ` +
        `in ${m.feed.ms.toFixed(0)} ms (median of 3), server RSS ${m.feed.serverRssAtRestMB.toFixed(0)} MB at rest, ` +
        `peak ${m.feed.serverRssPeakMB.toFixed(0)} MB`,
    );
  }
  if (f.failure) lines.push(`  FAILED: ${f.failure}`);
  return lines.join('\n');
}
