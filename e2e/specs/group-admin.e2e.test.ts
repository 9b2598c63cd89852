import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations } from '../support/browser.ts';
import { browserSuite } from '../support/suite.ts';

const suite = browserSuite({ width: 1366, height: 900 });
const signedIn = suite.signedIn;

/** Answers the confirmation dialog with its confirm button. */
async function confirmDialog(page: Page, title: string, button: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: button }).click();
  await dialog.waitFor({ state: 'detached' });
}

const pathOf = (page: Page) => new URL(page.url()).pathname;

describe('group administration', () => {
  it('creates, edits, archives and unarchives a group', async () => {
    const page = await signedIn('anna.admin@example.com', '/groups/new/teams');
    await page.getByRole('heading', { name: 'Neue Gruppe in Teams' }).waitFor();
    // Anna may create hidden groups; the form offers all three kinds of access.
    for (const access of ['Offen', 'Geschlossen', 'Versteckt'])
      await page.getByRole('radio', { name: new RegExp(`^${access}`) }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('textbox', { name: 'Name' }).fill('Qualitätszirkel');
    await page.getByRole('textbox', { name: /^Kurzbeschreibung/ }).fill('Wir verbessern Abläufe.');
    await page.getByRole('button', { name: 'Gruppe anlegen' }).click();
    await page.getByText('Die Gruppe „Qualitätszirkel“ wurde angelegt.').waitFor();
    await expect.poll(() => pathOf(page)).toBe('/groups/qualitaetszirkel');

    await page.goto(`${suite.server.url}/groups/qualitaetszirkel/edit`);
    const name = page.getByRole('textbox', { name: 'Name' });
    await name.waitFor();
    expect(await name.inputValue()).toBe('Qualitätszirkel');
    await name.fill('Qualitätszirkel Nord');
    // A sensitive group cannot be open: the form moves it to closed and disables open.
    await page.getByRole('switch', { name: /^Sensible Gruppe/ }).click({ force: true });
    expect(await page.getByRole('radio', { name: /^Offen/ }).isDisabled()).toBe(true);
    expect(await page.getByRole('radio', { name: /^Geschlossen/ }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Die Gruppe „Qualitätszirkel Nord“ wurde gespeichert.').waitFor();

    await page.goto(`${suite.server.url}/groups/qualitaetszirkel/administration`);
    await page.getByRole('heading', { name: 'Administration von „Qualitätszirkel Nord“' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Archivieren' }).click();
    await confirmDialog(page, 'Gruppe archivieren', 'Archivieren');
    await page.getByText('Die Gruppe „Qualitätszirkel Nord“ wurde archiviert.').waitFor();
    await page.getByRole('button', { name: 'Aus dem Archiv holen' }).waitFor();
    // An archived group is not edited.
    expect(await page.getByRole('link', { name: /^Gruppe bearbeiten/ }).count()).toBe(0);
    await page.goto(`${suite.server.url}/groups/qualitaetszirkel/edit`);
    await page.getByText('Diese Gruppe ist archiviert').waitFor();
    expect(await page.getByRole('textbox', { name: 'Name' }).count()).toBe(0);

    await page.goto(`${suite.server.url}/groups/qualitaetszirkel/administration`);
    await page.getByRole('button', { name: 'Aus dem Archiv holen' }).click();
    await confirmDialog(page, 'Gruppe aus dem Archiv holen', 'Aus dem Archiv holen');
    await page.getByText('Die Gruppe „Qualitätszirkel Nord“ wurde aus dem Archiv geholt.').waitFor();
    await page.getByRole('link', { name: /^Gruppe bearbeiten/ }).click();
    await page.getByRole('textbox', { name: 'Name' }).waitFor();
  });

  it('reorders the group categories by keyboard and says so', async () => {
    const page = await signedIn('anna.admin@example.com', '/administration/group-categories-order/edit');
    await page.getByRole('heading', { name: 'Gruppenkategorien' }).waitFor();
    const rows = page.getByTestId('category-row');
    await expect.poll(() => rows.count()).toBe(4);
    const names = async () => (await rows.allInnerTexts()).map((text) => text.split('\n')[0]!.trim());
    expect(await names()).toEqual(['Team', 'Projekt', 'Standort', 'Interessengruppe']);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Team verschieben' }).focus();
    // The sortable list measures and animates between the keys, as it does for a person typing.
    for (const key of ['Space', 'ArrowDown', 'Space']) {
      await page.keyboard.press(key);
      await page.waitForTimeout(300);
    }
    await page.getByText('Die Reihenfolge wurde gespeichert.').waitFor();
    expect(await names()).toEqual(['Projekt', 'Team', 'Standort', 'Interessengruppe']);

    // The order is the network's: it holds after a reload, and the flash message goes away.
    await page.reload();
    await expect.poll(names).toEqual(['Projekt', 'Team', 'Standort', 'Interessengruppe']);
    await page.getByRole('link', { name: 'Neue Kategorie' }).waitFor();
  });
});
