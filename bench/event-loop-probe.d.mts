/** The event loop's delay over one second, in ms (see event-loop-probe.mjs). */
export function watchLoop(): { take(): { p99Ms: number; maxMs: number }; stop(): void };
