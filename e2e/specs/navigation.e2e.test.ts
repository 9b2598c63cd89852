import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/browser.ts';
import { browserSuite } from '../support/suite.ts';

const suite = browserSuite({ width: 1366, height: 900 });

describe('the navigation editor', () => {
  it('Anna adds a link to the navigation and saves; Lena finds it in the header, a visitor the public one', async () => {
    const anna = await suite.signedIn('anna.admin@example.com', '/administration/navigation/edit');
    await anna.getByRole('heading', { name: 'Navigation' }).waitFor();
    await anna.getByText('Noch keine Einträge').waitFor();
    expect(await seriousViolations(anna)).toEqual([]);

    await anna.getByRole('button', { name: 'Eintrag hinzufügen' }).click();
    const dialog = anna.getByRole('dialog', { name: 'Eintrag bearbeiten' });
    await dialog.getByRole('textbox', { name: 'Text' }).fill('Rechtliches');
    await dialog.getByRole('textbox', { name: 'Link' }).fill('/legal');
    await dialog.getByRole('switch', { name: 'Öffentlich' }).check({ force: true });
    await dialog.getByRole('button', { name: 'Übernehmen' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // An item without a link is refused before anything is sent.
    await anna.getByRole('button', { name: 'Eintrag hinzufügen' }).click();
    await dialog.getByRole('textbox', { name: 'Text' }).fill('Leer');
    await dialog.getByRole('button', { name: 'Übernehmen' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await anna.getByRole('button', { name: 'Speichern' }).click();
    await anna
      .getByText('Jeder Eintrag braucht einen Text und entweder einen Link oder Einträge darunter.')
      .first()
      .waitFor();
    await anna.getByRole('button', { name: 'Leer entfernen' }).click();
    await anna.getByRole('dialog').getByRole('button', { name: 'Entfernen' }).click();

    await anna.getByRole('button', { name: 'Speichern' }).click();
    await anna.getByText('Die Navigation wurde gespeichert.').waitFor();

    const lena = await suite.signedIn('lena.schmidt@example.com', '/');
    const link = lena
      .getByRole('navigation', { name: 'Navigation des Netzwerks' })
      .getByRole('link', { name: 'Rechtliches' });
    await link.waitFor();
    await link.click();
    await expect.poll(() => new URL(lena.url()).pathname).toBe('/legal');

    const visitor = await suite.anonymous();
    await visitor.goto(`${suite.server.url}/imprint`);
    await visitor.getByRole('link', { name: 'Rechtliches' }).waitFor();
  });

  it('shows the navigation in the user bar on a phone', async () => {
    const lena = await suite.signedIn('lena.schmidt@example.com', '/', { width: 390, height: 844 });
    await lena.getByTestId('userbar-toggle').click();
    await lena.getByTestId('userbar-navigation').getByRole('link', { name: 'Rechtliches' }).waitFor();
  });
});
