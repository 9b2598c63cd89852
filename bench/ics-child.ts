// Run by calendars.ts in a process of its own, so that the peak memory is that of building one
// feed: `tsx ics-child.ts <events>` sends {events, ms, bytes, rssBeforeMB, rssPeakMB} back.
import { buildCalendar, largeIcsEvents } from '@agora/server/bench-support';

const count = Number(process.argv[2] ?? 5000);
const events = largeIcsEvents(count);
// One small build first, so that loading the libraries is not counted as the feed's cost.
buildCalendar({ name: 'warm-up', prodHost: 'bench.example', events: events.slice(0, 10) });
const rssBeforeMB = process.memoryUsage().rss / 1024 / 1024;
const started = performance.now();
const text = buildCalendar({ name: 'Alle Kalender', prodHost: 'bench.example', events });
const ms = performance.now() - started;
const rssPeakMB = process.resourceUsage().maxRSS / 1024;
process.send?.({ events: events.length, ms, bytes: Buffer.byteLength(text), rssBeforeMB, rssPeakMB }, () =>
  process.exit(0),
);
