// The web group (`--only web`): the built web app's JavaScript (apps/web/scripts/bundle-budget.mjs)
// and a cold load of the month sheet (/appointments) by a signed-in demo member in Debian's
// Chromium, with Lighthouse's metrics and its desktop performance score computed from them.
//
// Lighthouse itself is not installed here: the page is loaded under Lighthouse's desktop
// conditions (40 ms round trip, 10 Mbit/s, no CPU slowdown) applied through the DevTools protocol,
// and the metrics are read from the browser's own performance entries: first and largest
// contentful paint, total blocking time (the long tasks' time beyond 50 ms between the first paint
// and the load's end) and cumulative layout shift. The score weighs them with Lighthouse 10's
// desktop curves; the speed index (a tenth of Lighthouse's score) needs a filmstrip and is left out,
// the other weights scaled to make up for it.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { startServer, type RunningServer } from './server.ts';

const WEB_DIR = fileURLToPath(new URL('../apps/web/', import.meta.url));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const DEMO_EMAIL = 'anna.admin@example.com';
const DEMO_PASSWORD = 'demo-password';

type Chunk = { file: string; gzip: number; brotli: number };
type BundleFigures = {
  budget: { initialKb: number; lazyChunkKb: number };
  initial: { chunks: number; raw: number; gzip: number; brotli: number };
  largestInitial: Chunk[];
  largestLazy: Chunk[];
};

export type PageLoad = { fcpMs: number; lcpMs: number; tbtMs: number; cls: number; loadMs: number; score: number };

export type WebFigures = {
  bundle: BundleFigures | null;
  /** Each cold load of the month sheet, and the median one by score. */
  loads: PageLoad[];
  median: PageLoad | null;
  failure?: string;
};

/** Lighthouse 10's desktop scoring: the 10th percentile and the median of each metric, and its weight. */
const CURVES = {
  fcpMs: { p10: 934, median: 1600, weight: 10 },
  lcpMs: { p10: 1200, median: 2400, weight: 25 },
  tbtMs: { p10: 150, median: 350, weight: 30 },
  cls: { p10: 0.1, median: 0.25, weight: 25 },
} as const;

/** Lighthouse's approximation of the error function (Abramowitz and Stegun 7.1.26). */
function erf(x: number): number {
  const sign = Math.sign(x);
  const a = Math.abs(x);
  const t = 1 / (1 + 0.3275911 * a);
  const y = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  return sign * (1 - y * Math.exp(-a * a));
}

/** Lighthouse's log-normal score of one metric: 0.9 at its 10th percentile, 0.5 at its median. */
function logNormalScore(value: number, p10: number, median: number): number {
  if (value <= 0) return 1;
  const standardized = (Math.log(value / median) * 0.9061938024368232) / -Math.log(p10 / median);
  return Math.min(1, Math.max(0, (1 - erf(standardized)) / 2));
}

export function performanceScore(load: Omit<PageLoad, 'score'>): number {
  let total = 0;
  let weights = 0;
  for (const [metric, curve] of Object.entries(CURVES)) {
    total += logNormalScore(load[metric as keyof typeof CURVES], curve.p10, curve.median) * curve.weight;
    weights += curve.weight;
  }
  return Math.round((total / weights) * 100);
}

/** The figures of the last build (apps/web/dist), as the budget check of the build computes them. */
function bundleFigures(distDir: string): BundleFigures {
  const script = path.join(WEB_DIR, 'scripts/bundle-budget.mjs');
  // It exits 1 above the budget, with the figures printed all the same.
  let output: string;
  try {
    output = execFileSync(process.execPath, [script, distDir, '--json'], { encoding: 'utf8', stdio: 'pipe' });
  } catch (error) {
    output = String((error as { stdout?: string }).stdout ?? '');
  }
  return JSON.parse(output) as BundleFigures;
}

/** Collects the paint, shift and long-task entries from the first byte on, before any script of the page. */
const OBSERVE = `(() => {
  const seen = { fcp: 0, lcp: 0, cls: 0, longTasks: [] };
  window.__agoraVitals = seen;
  const observe = (type, handle) => {
    try { new PerformanceObserver((list) => list.getEntries().forEach(handle)).observe({ type, buffered: true }); } catch {}
  };
  observe('paint', (e) => { if (e.name === 'first-contentful-paint') seen.fcp = e.startTime; });
  observe('largest-contentful-paint', (e) => { seen.lcp = e.startTime; });
  observe('layout-shift', (e) => { if (!e.hadRecentInput) seen.cls += e.value; });
  observe('longtask', (e) => { seen.longTasks.push([e.startTime, e.duration]); });
})();`;

type Vitals = { fcp: number; lcp: number; cls: number; longTasks: Array<[number, number]>; loadEnd: number };

async function coldLoad(browser: Browser, server: RunningServer, cookies: Awaited<ReturnType<typeof signIn>>) {
  const context = await browser.newContext({ locale: 'de-DE', viewport: { width: 1350, height: 940 } });
  try {
    await context.addCookies(cookies);
    await context.addInitScript(OBSERVE);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 40,
      downloadThroughput: (10_240 * 1024) / 8,
      uploadThroughput: (10_240 * 1024) / 8,
    });
    await page.goto(`${server.url}/appointments`, { waitUntil: 'load' });
    // The month sheet is there once its first day cell is; then whatever loads after settles.
    await page.locator('.fc-daygrid-day').first().waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1000);
    // A string, run in the page: the bench's TypeScript knows no DOM.
    const vitals = (await page.evaluate(`(() => {
      const last = performance.getEntriesByType('resource').reduce((end, entry) => Math.max(end, entry.responseEnd), 0);
      return { ...window.__agoraVitals, loadEnd: last };
    })()`)) as Vitals;
    const tbtMs = vitals.longTasks
      .filter(([start]) => start >= vitals.fcp && start <= vitals.loadEnd)
      .reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
    const load = { fcpMs: vitals.fcp, lcpMs: vitals.lcp || vitals.fcp, tbtMs, cls: vitals.cls, loadMs: vitals.loadEnd };
    return { ...load, score: performanceScore(load) };
  } finally {
    await context.close();
  }
}

/** Signs the demo member in through the form, as a member would; returns the session's cookies. */
async function signIn(browser: Browser, server: RunningServer) {
  const context = await browser.newContext({ locale: 'de-DE' });
  try {
    const page = await context.newPage();
    await page.goto(`${server.url}/users/sign_in?redirect_to=%2Fappointments`);
    await page.getByLabel('E-Mail-Adresse').fill(DEMO_EMAIL);
    await page.getByLabel('Passwort', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await page.waitForURL((url) => url.pathname === '/appointments', { timeout: 30_000 });
    return await context.cookies();
  } finally {
    await context.close();
  }
}

/**
 * `distDir`: another build of the web app to measure the same way (an older one, as the baseline
 * of this one); apps/web/dist when absent.
 */
export async function runWebBench(options: {
  scratchDir: string;
  loads?: number;
  distDir?: string;
}): Promise<WebFigures> {
  const figures: WebFigures = { bundle: null, loads: [], median: null };
  const distDir = options.distDir ?? path.join(WEB_DIR, 'dist');
  if (!fs.existsSync(path.join(distDir, '.vite/manifest.json'))) {
    return { ...figures, failure: `${distDir} has no manifest: run \`npm run build -w @agora/web\` first` };
  }
  figures.bundle = bundleFigures(distDir);
  if (!fs.existsSync(CHROMIUM)) return { ...figures, failure: `${CHROMIUM} is missing` };
  const dataDir = fs.mkdtempSync(path.join(options.scratchDir, 'web-'));
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  try {
    // A fresh embedded database, which the server fills with the demo network; PGlite, which
    // starts at once: a page load asks the database little.
    server = await startServer(dataDir, { embedded: 'pglite', env: { WEB_DIST_DIR: distDir } });
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
    });
    const cookies = await signIn(browser, server);
    // The first load warms the server (its caches, the month's query), as Lighthouse's runs would not count it either.
    await coldLoad(browser, server, cookies);
    for (let i = 0; i < (options.loads ?? 3); i++) figures.loads.push(await coldLoad(browser, server, cookies));
    const sorted = [...figures.loads].sort((a, b) => a.score - b.score);
    figures.median = sorted[Math.floor(sorted.length / 2)] ?? null;
  } catch (error) {
    figures.failure = error instanceof Error ? error.message : String(error);
  } finally {
    await browser?.close();
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return figures;
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

export function formatWebReport(figures: WebFigures, title = 'apps/web/dist'): string {
  const lines = [`Web app (${title}; the month sheet of a demo member, cold, Lighthouse desktop conditions)`];
  const { bundle, median } = figures;
  if (bundle) {
    lines.push(
      `  initial JavaScript  ${kb(bundle.initial.gzip)} gzipped, ${kb(bundle.initial.brotli)} brotli, ` +
        `${bundle.initial.chunks} chunks (budget ${bundle.budget.initialKb} kB gzipped)`,
    );
    for (const chunk of bundle.largestInitial.slice(0, 3))
      lines.push(`    initial  ${kb(chunk.gzip).padStart(9)}  ${chunk.file}`);
    for (const chunk of bundle.largestLazy.slice(0, 5))
      lines.push(`    lazy     ${kb(chunk.gzip).padStart(9)}  ${chunk.file}`);
  }
  if (median) {
    lines.push(
      `  performance score   ${median.score} (median of ${figures.loads.length} loads: ` +
        `${figures.loads.map((l) => l.score).join(', ')}; without the speed index)`,
      `  FCP ${median.fcpMs.toFixed(0)} ms  LCP ${median.lcpMs.toFixed(0)} ms  TBT ${median.tbtMs.toFixed(0)} ms  ` +
        `CLS ${median.cls.toFixed(3)}  loaded ${median.loadMs.toFixed(0)} ms`,
    );
  }
  if (figures.failure) lines.push(`  FAILED: ${figures.failure}`);
  return lines.join('\n');
}

// `npx tsx bench/web.ts [baselineDist]`: the web group alone, without the bench's large network;
// with the dist directory of another build (an older commit's), that build first, the same way.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const scratch = fs.mkdtempSync(path.join((await import('node:os')).tmpdir(), 'agora-web-bench-'));
  const baselineDir = process.argv[2];
  const baseline = baselineDir ? await runWebBench({ scratchDir: scratch, distDir: path.resolve(baselineDir) }) : null;
  const figures = await runWebBench({ scratchDir: scratch });
  fs.rmSync(scratch, { recursive: true, force: true });
  if (baseline) console.log(formatWebReport(baseline, `baseline ${baselineDir}`) + '\n');
  console.log(formatWebReport(figures));
  process.exit(figures.failure || baseline?.failure ? 1 : 0);
}
