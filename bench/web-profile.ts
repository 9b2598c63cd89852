// `npx tsx bench/web-profile.ts [distDir] [--loads 3] [--keep <directory>]`: where the month
// sheet's load spends its main thread, the long tasks Lighthouse's total blocking time counts.
// A demo member signs in; each load of /appointments is recorded with Chromium's CPU profiler
// (a fresh tab, no HTTP cache), and every stretch of work over 50 ms is printed with the
// functions it spent most in, named by the build's source maps (file and line of the source).
// --keep writes the profiles (.cpuprofile, for Chrome's DevTools) there.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { chromium } from 'playwright-core';
import { startServer } from './server.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Work this long without a pause is a long task (Lighthouse counts what lies beyond it). */
const LONG_MS = 50;
/** Samples less than this apart belong to one stretch of work. */
const GAP_MS = 1;

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
};
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number };

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { loads: { type: 'string', default: '3' }, keep: { type: 'string' } },
});
const distDir = path.resolve(positionals[0] ?? fileURLToPath(new URL('../apps/web/dist', import.meta.url)));

/** A function of the profile as its source names it, where the build has a source map. */
function sourceNamer(assets: string) {
  const maps = new Map<string, TraceMap | null>();
  return (frame: ProfileNode['callFrame']): string => {
    const file = frame.url.split('/').pop() ?? '';
    if (!maps.has(file)) {
      const map = path.join(assets, `${file}.map`);
      maps.set(file, file.endsWith('.js') && fs.existsSync(map) ? new TraceMap(fs.readFileSync(map, 'utf8')) : null);
    }
    const map = maps.get(file);
    const position = map ? originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber }) : null;
    if (position?.source) {
      const source = position.source.replace(/^.*node_modules\//, '').replace(/^(\.\.\/)+/, '');
      return `${position.name ?? frame.functionName ?? '(anonymous)'} ${source}:${position.line}`;
    }
    return `${frame.functionName || '(anonymous)'}${file ? ` ${file}:${frame.lineNumber + 1}` : ''}`;
  };
}

/** The stretches of work over LONG_MS, each with the functions it spent most in (self and with callees). */
function longStretches(profile: Profile, name: (frame: ProfileNode['callFrame']) => string): string[] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const times: number[] = [];
  let t = profile.startTime;
  for (const delta of profile.timeDeltas) times.push((t += delta));
  const stretches: Array<{ start: number; end: number; ids: number[] }> = [];
  let current: (typeof stretches)[number] | null = null;
  profile.samples.forEach((id, i) => {
    const at = times[i]!;
    if (byId.get(id)!.callFrame.functionName === '(idle)') {
      if (current && at - current.end > GAP_MS * 1000) current = null;
      return;
    }
    if (!current) stretches.push((current = { start: at, end: at, ids: [] }));
    current.end = at;
    current.ids.push(id);
  });
  const sampleMs = (times.at(-1)! - profile.startTime) / 1000 / profile.samples.length;
  const lines: string[] = [];
  for (const stretch of stretches.filter((s) => (s.end - s.start) / 1000 > LONG_MS)) {
    const self = new Map<string, number>();
    const total = new Map<string, number>();
    for (const id of stretch.ids) {
      const own = name(byId.get(id)!.callFrame);
      self.set(own, (self.get(own) ?? 0) + 1);
      const seen = new Set<string>();
      for (let node: number | undefined = id; node !== undefined; node = parent.get(node)) {
        const frame = byId.get(node)!.callFrame;
        if (!frame.url) continue;
        const named = name(frame);
        if (!seen.has(named)) total.set(named, (total.get(named) ?? 0) + 1);
        seen.add(named);
      }
    }
    const top = (map: Map<string, number>, n: number) =>
      [...map]
        .sort((a, b) => b[1] - a[1])
        .slice(0, n)
        .map(([fn, count]) => `      ${(count * sampleMs).toFixed(0).padStart(4)} ms  ${fn}`);
    lines.push(
      `  at ${((stretch.start - profile.startTime) / 1000).toFixed(0)} ms, ${((stretch.end - stretch.start) / 1000).toFixed(0)} ms of work`,
      '    itself:',
      ...top(self, 6),
      '    with what it called:',
      ...top(total, 12),
    );
  }
  return lines;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agora-web-profile-'));
const server = await startServer(dataDir, { embedded: 'pglite', env: { WEB_DIST_DIR: distDir } });
const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox'] });
try {
  const context = await browser.newContext({ locale: 'de-DE', viewport: { width: 1350, height: 940 } });
  const page = await context.newPage();
  await page.goto(`${server.url}/users/sign_in?redirect_to=%2Fappointments`);
  await page.getByLabel('E-Mail-Adresse').fill('anna.admin@example.com');
  await page.getByLabel('Passwort', { exact: true }).fill('demo-password');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await page.waitForURL((url) => url.pathname === '/appointments', { timeout: 30_000 });
  // The first load warms the server (its caches, the month's query).
  await page.waitForLoadState('networkidle');
  const name = sourceNamer(path.join(distDir, 'assets'));
  for (let load = 1; load <= Number(values.loads); load++) {
    const tab = await context.newPage();
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    const started = Date.now();
    await tab.goto(`${server.url}/appointments`, { waitUntil: 'networkidle' });
    await tab.waitForTimeout(1000);
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
    if (values.keep) {
      fs.mkdirSync(values.keep, { recursive: true });
      fs.writeFileSync(path.join(values.keep, `month-sheet-${load}.cpuprofile`), JSON.stringify(profile));
    }
    console.log(`Load ${load} (network idle after ${Date.now() - started} ms), stretches of work over ${LONG_MS} ms:`);
    console.log(longStretches(profile, name).join('\n'));
    await tab.close();
  }
} finally {
  await browser.close();
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
