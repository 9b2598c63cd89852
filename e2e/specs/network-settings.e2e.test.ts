import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/browser.ts';
import { browserSuite } from '../support/suite.ts';

const suite = browserSuite({ width: 1280, height: 800 });

describe('the network settings', () => {
  it('open on the tab the address names; a start page set there is where the root leads every member', async () => {
    const page = await suite.signedIn('anna.admin@example.com', '/administration/settings/edit?tab=member');
    await page.getByRole('heading', { name: 'Netzwerkeinstellungen' }).waitFor();
    expect(await page.getByRole('tab', { name: 'Mitglieder' }).getAttribute('aria-selected')).toBe('true');
    await page.getByRole('heading', { name: 'Zwei-Faktor-Authentifizierung' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('tab', { name: 'Allgemein' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('tab')).toBe('basic');
    await page.getByRole('textbox', { name: 'Startseite' }).fill('/calendars');
    await page.getByRole('button', { name: 'Einstellungen speichern' }).click();
    await page.getByText('Erfolgreich gespeichert.').waitFor();
    // The page loads again with the saved settings.
    await page.waitForEvent('load');
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Startseite' }).inputValue(), { timeout: 15_000 })
      .toBe('/calendars');

    const lena = await suite.signedIn('lena.schmidt@example.com', '/notifications');
    await lena.goto(`${suite.server.url}/`);
    await expect.poll(() => new URL(lena.url()).pathname, { timeout: 15_000 }).toBe('/calendars');

    // Back to the start page for the other tests of the server.
    await page.getByRole('textbox', { name: 'Startseite' }).fill('');
    await page.getByRole('button', { name: 'Einstellungen speichern' }).click();
    await page.getByText('Erfolgreich gespeichert.').waitFor();
  });

  it('are for network administrators only', async () => {
    const page = await suite.signedIn('max.member@example.com', '/administration/settings/edit');
    await expect.poll(() => page.getByRole('heading', { name: 'Netzwerkeinstellungen' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Einstellungen speichern' }).count()).toBe(0);
  });
});
