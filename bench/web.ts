// The web group (`--only web`): the built web app's JavaScript (apps/web/scripts/bundle-budget.mjs)
// and Lighthouse's performance audit (desktop preset) of the month sheet (/appointments) of a
// signed-in demo member, in Debian's Chromium: the score and the metrics it weighs, and the
// audits that cost the most (what to fix next). Lighthouse throttles by simulation, from a trace
// of the load on this machine: a machine busy with other work shows in the figures still.
// BENCH_LIGHTHOUSE_DIR=<directory> keeps every audit's whole Lighthouse report there.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
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

/** One audit of the month sheet: the performance score (0-100) and Lighthouse's metrics. */
export type PageLoad = {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  requests: number;
  /** The audits that cost the most: an opportunity's estimated saving, else its own figure. */
  costs: string[];
};

export type WebFigures = {
  bundle: BundleFigures | null;
  /** Each audit of the month sheet, and the median one by score. */
  loads: PageLoad[];
  median: PageLoad | null;
  failure?: string;
};

/** Audits whose figures say where the load's time goes, beside the opportunities. */
const DIAGNOSTICS = ['bootup-time', 'mainthread-work-breakdown', 'server-response-time', 'long-tasks'];

type Audit = {
  score: number | null;
  numericValue?: number;
  displayValue?: string;
  details?: { type?: string; items?: unknown[]; overallSavingsMs?: number };
};

/** What costs score, largest first: opportunities by their saving, then the diagnostics' figures. */
function costsOf(audits: Record<string, Audit>): string[] {
  const opportunities = Object.entries(audits)
    .filter(([, audit]) => audit.details?.type === 'opportunity' && (audit.details.overallSavingsMs ?? 0) > 0)
    .sort(([, a], [, b]) => (b.details!.overallSavingsMs ?? 0) - (a.details!.overallSavingsMs ?? 0))
    .map(([id, audit]) => `${id} -${Math.round(audit.details!.overallSavingsMs!)} ms`);
  const diagnostics = DIAGNOSTICS.filter((id) => audits[id]?.displayValue).map(
    (id) => `${id} ${audits[id]!.displayValue!.replace(/\s+/g, ' ')}`,
  );
  return [...opportunities, ...diagnostics];
}

/** Lighthouse's performance audit of one page, on the Chromium behind `port`, signed in by `cookie`. */
async function audit(port: number, url: string, cookie: string): Promise<PageLoad> {
  const result = await lighthouse(
    url,
    {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      extraHeaders: { Cookie: cookie },
      // Lighthouse gives up after 30 s without a paint; a machine shared with other work needs longer.
      maxWaitForFcp: 90_000,
      maxWaitForLoad: 120_000,
    },
    desktopConfig,
  );
  if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
  // BENCH_LIGHTHOUSE_DIR=<directory> keeps each audit's whole report, to read what the summary leaves out.
  const reports = process.env.BENCH_LIGHTHOUSE_DIR;
  if (reports) {
    fs.mkdirSync(reports, { recursive: true });
    fs.writeFileSync(path.join(reports, `lighthouse-${Date.now()}.json`), JSON.stringify(lhr));
  }
  const audits = lhr.audits as Record<string, Audit>;
  const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcpMs: value('first-contentful-paint'),
    lcpMs: value('largest-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    speedIndexMs: value('speed-index'),
    requests: audits['network-requests']?.details?.items?.length ?? 0,
    costs: costsOf(audits),
  };
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

/** Signs the demo member in through the form, as a member would; returns the session's cookies. */
async function signIn(server: RunningServer) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox'] });
  const context = await browser.newContext({ locale: 'de-DE' });
  try {
    const page = await context.newPage();
    await page.goto(`${server.url}/users/sign_in?redirect_to=%2Fappointments`);
    await page.getByLabel('E-Mail-Adresse').fill(DEMO_EMAIL);
    await page.getByLabel('Passwort', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await page.waitForURL((url) => url.pathname === '/appointments', { timeout: 30_000 });
    return (await context.cookies()).map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
  } finally {
    await browser.close();
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
  let browser: chromeLauncher.LaunchedChrome | undefined;
  try {
    // A fresh embedded database, which the server fills with the demo network; PGlite, which
    // starts at once: a page load asks the database little.
    server = await startServer(dataDir, { embedded: 'pglite', env: { WEB_DIST_DIR: distDir } });
    const cookie = await signIn(server);
    browser = await chromeLauncher.launch({
      chromePath: CHROMIUM,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--lang=de-DE'],
    });
    const url = `${server.url}/appointments`;
    // The first audit warms the server (its caches, the month's query) and is not counted.
    await audit(browser.port, url, cookie);
    for (let i = 0; i < (options.loads ?? 3); i++) figures.loads.push(await audit(browser.port, url, cookie));
    const sorted = [...figures.loads].sort((a, b) => a.score - b.score);
    figures.median = sorted[Math.floor(sorted.length / 2)] ?? null;
  } catch (error) {
    figures.failure = error instanceof Error ? error.message : String(error);
  } finally {
    browser?.kill();
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return figures;
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

export function formatWebReport(figures: WebFigures, title = 'apps/web/dist'): string {
  const lines = [`Web app (${title}; Lighthouse, desktop preset, on the month sheet of a demo member)`];
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
      `  performance score   ${median.score} (median of ${figures.loads.length} audits: ` +
        `${figures.loads.map((l) => l.score).join(', ')}; load average ${os.loadavg()[0]!.toFixed(1)})`,
      `  FCP ${median.fcpMs.toFixed(0)} ms  LCP ${median.lcpMs.toFixed(0)} ms  TBT ${median.tbtMs.toFixed(0)} ms  ` +
        `CLS ${median.cls.toFixed(3)}  speed index ${median.speedIndexMs.toFixed(0)} ms  ${median.requests} requests`,
    );
    for (const cost of median.costs.slice(0, 8)) lines.push(`    ${cost}`);
  }
  if (figures.failure) lines.push(`  FAILED: ${figures.failure}`);
  return lines.join('\n');
}

// `npx tsx bench/web.ts [baselineDist]`: the web group alone, without the bench's large network;
// with the dist directory of another build (an older commit's), that build first, the same way.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'agora-web-bench-'));
  const baselineDir = process.argv[2];
  const baseline = baselineDir ? await runWebBench({ scratchDir: scratch, distDir: path.resolve(baselineDir) }) : null;
  const figures = await runWebBench({ scratchDir: scratch });
  fs.rmSync(scratch, { recursive: true, force: true });
  if (baseline) console.log(formatWebReport(baseline, `baseline ${baselineDir}`) + '\n');
  console.log(formatWebReport(figures));
  process.exit(figures.failure || baseline?.failure ? 1 : 0);
}
