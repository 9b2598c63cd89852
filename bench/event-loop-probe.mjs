// Loaded into the server by the capacity bench (`node --import`): every second it appends to
// BENCH_EVENT_LOOP_FILE how late the server's event loop ran (p99 and longest, in ms) and how
// long the garbage collector paused it, so that the bench can tell a server that stalls from a
// database that answers late.
import fs from 'node:fs';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { setInterval } from 'node:timers';

const file = process.env.BENCH_EVENT_LOOP_FILE;
if (file) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  let gcMs = 0;
  let gcLongestMs = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gcMs += entry.duration;
      gcLongestMs = Math.max(gcLongestMs, entry.duration);
    }
  }).observe({ entryTypes: ['gc'] });
  setInterval(() => {
    const second = { at: Date.now(), p99Ms: delay.percentile(99) / 1e6, maxMs: delay.max / 1e6, gcMs, gcLongestMs };
    fs.appendFileSync(file, `${JSON.stringify(second)}\n`);
    delay.reset();
    gcMs = 0;
    gcLongestMs = 0;
  }, 1000).unref();
}
