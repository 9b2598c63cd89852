import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { closeContexts, sharedBrowser, newPage, seriousViolations, throttleUploads } from '../support/browser.ts';
import { startInProcessServer, type InProcessServer } from '../support/server.ts';
import { signInThroughSession } from '../support/sign-in.ts';

let server: InProcessServer;
let browser: Browser;
let context: BrowserContext | undefined;
let logo: Buffer;

beforeAll(async () => {
  server = await startInProcessServer();
  browser = await sharedBrowser();
  const { noisePng } = await import('@agora/server/e2e-support');
  logo = await noisePng(600, 300);
});
afterEach(async () => {
  await context?.close();
  context = undefined;
});
afterAll(async () => {
  await closeContexts(browser);
  await server?.stop();
});

async function signedInAdmin(path: string): Promise<Page> {
  const opened = await newPage(browser);
  context = opened.context;
  await signInThroughSession(opened.page, server.url, 'anna.admin@example.com', path);
  return opened.page;
}

describe('uploading the network logo', () => {
  it('shows the progress, saves the logo into the header, and removes it again', async () => {
    const page = await signedInAdmin('/administration/designs');
    await page.getByRole('heading', { name: 'Design', level: 1 }).waitFor();
    const header = page.getByRole('banner');
    expect(await header.getByTestId('network-name').innerText()).toBe('Acme Demo');

    const unthrottle = await throttleUploads(page, 150 * 1024);
    const chooser = page.waitForEvent('filechooser');
    await page
      .getByRole('button', { name: /Dateien auswählen|Datei auswählen/ })
      .first()
      .click();
    await (await chooser).setFiles({ name: 'acme-logo.png', mimeType: 'image/png', buffer: logo });

    const progress = page.getByRole('progressbar').first();
    await progress.waitFor();
    await expect.poll(async () => Number(await progress.getAttribute('aria-valuenow'))).toBeGreaterThan(0);
    expect(await page.getByRole('button', { name: 'Speichern' }).isDisabled()).toBe(true);
    await unthrottle();
    await progress.waitFor({ state: 'detached', timeout: 30_000 });
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Erfolgreich gespeichert').first().waitFor();
    const logoImage = header.getByRole('img', { name: 'Acme Demo' });
    await logoImage.waitFor();
    await expect
      .poll(() =>
        logoImage.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth),
      )
      .toBeGreaterThan(0);

    // Removing asks first; saving then brings the network's name back.
    await page
      .getByRole('button', { name: /entfernen/i })
      .first()
      .click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Entfernen/ })
      .click();
    await page.getByRole('button', { name: 'Speichern' }).click();
    await header.getByTestId('network-name').waitFor();
  });
});
