import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/browser.ts';
import { browserSuite } from '../support/suite.ts';

const suite = browserSuite({ width: 1366, height: 900 });
const signedIn = suite.signedIn;

const filterOf = (url: string) => new URL(url).searchParams.get('filter');

describe('the audit log', () => {
  it('shows the admin’s design change, filters it by type in the address, and resets the filter', async () => {
    const page = await signedIn('anna.admin@example.com', '/administration/designs');
    const fullWidth = page.getByRole('switch', { name: 'Seiten in voller Fensterbreite anzeigen' });
    await fullWidth.waitFor();
    await fullWidth.click({ force: true });
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Erfolgreich gespeichert.').waitFor();

    await page.goto(`${suite.server.url}/administration/audit_log`);
    await page.getByRole('heading', { name: 'Audit-Log' }).waitFor();
    // The entry is written by the audit log's event processor, right after the save.
    const change = page.getByRole('row').filter({ hasText: 'fullWidth' });
    await expect
      .poll(
        async () => {
          if ((await change.count()) > 0) return true;
          await page.reload();
          await page.getByRole('heading', { name: 'Audit-Log' }).waitFor();
          return (await change.count()) > 0;
        },
        { timeout: 20_000, interval: 1000 },
      )
      .toBe(true);
    const entry = change.first();
    expect(await entry.innerText()).toContain('Einstellung geändert');
    expect(await entry.innerText()).toContain('Anna Adler');
    expect(await entry.getByRole('link', { name: 'Acme Demo' }).getAttribute('href')).toBe('/administration/designs');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('textbox', { name: 'Ereignistypen' }).click();
    await page.getByRole('option', { name: 'Einstellung geändert' }).click();
    await page.keyboard.press('Escape');
    await expect.poll(() => filterOf(page.url())).toBe('{"event_types":["PolicySettingUpdate"]}');
    const rows = page.getByRole('row');
    await expect
      .poll(async () => (await rows.allInnerTexts()).slice(1).every((text) => text.includes('Einstellung geändert')))
      .toBe(true);
    expect(await rows.count()).toBeGreaterThan(1);

    // The filtered view is an address: it opens filtered again.
    await page.reload();
    await page.getByRole('row').filter({ hasText: 'fullWidth' }).first().waitFor();
    await page.getByRole('link', { name: 'Filter zurücksetzen' }).click();
    await expect.poll(() => filterOf(page.url())).toBeNull();
    await expect.poll(() => page.getByRole('link', { name: 'Filter zurücksetzen' }).count()).toBe(0);
    expect(await page.getByRole('textbox', { name: 'Ereignistypen' }).getAttribute('placeholder')).toBe(
      'Alle Ereignistypen',
    );
  });

  it('is refused to a member who is no admin', async () => {
    const page = await signedIn('max.member@example.com', '/');
    await page.goto(`${suite.server.url}/administration/audit_log`);
    // The page says so at once, with no filter or list to try; the server refuses all the same.
    await page.getByRole('heading', { level: 1, name: 'Kein Zugriff auf die Administration' }).waitFor();
    const answer = await page.evaluate(async () => {
      const response = await fetch('/administration/audit_log.json', { headers: { accept: 'application/json' } });
      return response.status;
    });
    expect(answer).toBe(403);
  });
});
