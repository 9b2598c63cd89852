import fs from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import axe from 'axe-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Debian's Chromium, headless; Playwright gives every launch a fresh temporary profile. The
 * flags keep it from reaching out to the network, which this machine does not have.
 */
export async function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install chromium`);
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

let shared: Promise<Browser> | undefined;

/**
 * The run's browser, launched by the first file that asks and shared by the files after it (they
 * run one after another in one process); Playwright ends it when the process exits. A file
 * closes what it opened with `closeContexts` instead of closing the browser.
 */
export async function sharedBrowser(): Promise<Browser> {
  const browser = await (shared ??= launchBrowser());
  if (browser.isConnected()) return browser;
  shared = launchBrowser();
  return shared;
}

/** Closes every context of the browser (their pages, cookies and storage): the next file starts clean. */
export async function closeContexts(browser: Browser | undefined): Promise<void> {
  await Promise.all((browser?.contexts() ?? []).map((context) => context.close()));
}

/** A fresh context (no cookies) per test, in German unless said otherwise. */
export async function newPage(
  browser: Browser,
  options: { locale?: string; width?: number; height?: number; timezoneId?: string } = {},
) {
  const context: BrowserContext = await browser.newContext({
    locale: options.locale ?? 'de-DE',
    timezoneId: options.timezoneId,
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
  });
  const page = await context.newPage();
  return { context, page };
}

export type AxeViolation = { id: string; impact: string | null | undefined; help: string; targets: string[] };

/**
 * Runs axe-core in the page and returns the serious and critical violations. It waits for the
 * page's finite animations first: a dialog fading in has, for a moment, colours no member reads.
 */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(() => {
    const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity);
    const settled = Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
    return Promise.race([settled, new Promise((resolve) => setTimeout(resolve, 2000))]);
  });
  // Evaluated rather than added as a script tag, which the app's CSP would refuse.
  await page.evaluate(axe.source);
  const violations = await page.evaluate(async () => {
    const result = await (window as unknown as { axe: typeof axe }).axe.run(document);
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')),
    }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** A slow upstream, so that the upload's progress can be watched. */
export async function throttleUploads(page: Page, bytesPerSecond: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
  return () =>
    cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
}
