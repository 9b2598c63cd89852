import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/browser.ts';
import { browserSuite } from '../support/suite.ts';

const suite = browserSuite({ width: 1280, height: 800 });

const ASKED = 'Bitte stimmen Sie den geänderten Bedingungen zu';
const STATEMENT = 'Wie wir Ihre personenbezogenen Daten im Intranet verarbeiten und welche Rechte Sie haben.';

describe('a legal text members must accept', () => {
  it('Anna saves a new version that asks; Lena accepts it after signing in, goes on, and is not asked again', async () => {
    const anna = await suite.signedIn('anna.admin@example.com', '/administration/legal_texts');
    await anna.getByRole('heading', { level: 1, name: 'Rechtliche Texte' }).waitFor();
    expect(await anna.getByRole('link', { name: 'datenschutz', exact: true }).getAttribute('href')).toBe(
      '/legal/datenschutz',
    );
    expect(await seriousViolations(anna)).toEqual([]);

    await anna.getByRole('link', { name: 'Datenschutzerklärung bearbeiten' }).click();
    await anna.getByRole('heading', { level: 1, name: 'Rechtlichen Text bearbeiten' }).waitFor();
    expect(await anna.getByRole('textbox', { name: /^Kennung/ }).isDisabled()).toBe(true);
    const text = anna.getByRole('textbox', { name: /^Text/ });
    await text.click();
    await anna.keyboard.press('Control+End');
    await anna.keyboard.press('Enter');
    await anna.keyboard.type('Neu: Wir speichern Sitzungen nur noch 14 Tage.');
    await anna.getByRole('checkbox', { name: /Mitglieder müssen dieser Version zustimmen/ }).check();
    await anna.getByRole('button', { name: 'Speichern' }).click();
    await anna.getByText('Erfolgreich gespeichert.').waitFor();
    await expect.poll(() => new URL(anna.url()).pathname).toBe('/administration/legal_texts');
    // Anna is a member too: she is asked as well, and accepts.
    await anna.getByRole('heading', { level: 1, name: ASKED }).waitFor();
    await anna.getByRole('button', { name: 'Ich stimme zu' }).click();
    await anna.getByRole('heading', { level: 1, name: 'Rechtliche Texte' }).waitFor();

    // The versions: the new one first, marked as current and as asking for acceptance.
    await anna.getByRole('link', { name: 'Versionen von Datenschutzerklärung' }).click();
    const versions = anna.getByRole('button', { name: /Gespeichert am/ });
    await versions.first().waitFor();
    expect(await versions.count()).toBe(2);
    expect(await versions.first().textContent()).toMatch(/Aktuell.*Zustimmung nötig/);

    const lena = await suite.signedIn('lena.schmidt@example.com', '/calendars');
    await lena.getByRole('heading', { level: 1, name: ASKED }).waitFor();
    await lena.getByText(STATEMENT).waitFor();
    expect(await seriousViolations(lena)).toEqual([]);

    // The text itself can be read before accepting.
    await lena.getByRole('link', { name: 'Datenschutzerklärung lesen' }).click();
    await lena.getByText('Neu: Wir speichern Sitzungen nur noch 14 Tage.').waitFor();
    await lena.goBack();
    await lena.getByRole('button', { name: 'Ich stimme zu' }).click();
    await lena.getByText('Zugestimmt: Datenschutzerklärung').waitFor();
    await expect.poll(() => lena.getByRole('heading', { level: 1, name: ASKED }).count()).toBe(0);
    expect(new URL(lena.url()).pathname).toBe('/calendars');

    await lena.reload();
    await lena.goto(`${suite.server.url}/`);
    await lena.getByRole('main').waitFor();
    await lena.waitForLoadState('networkidle');
    expect(await lena.getByRole('heading', { level: 1, name: ASKED }).count()).toBe(0);
  });
});
