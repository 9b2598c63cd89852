import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/browser.ts';
import { browserSuite } from '../support/suite.ts';

const suite = browserSuite({ width: 1280, height: 800 });

describe('membership roles and appointment categories', () => {
  it('Anna adds a role, edits it in its row and deletes it again', async () => {
    const page = await suite.signedIn('anna.admin@example.com', '/administration/membership_roles');
    await page.getByRole('table').waitFor();
    await page.getByRole('button', { name: 'Neue Rolle' }).click();
    const form = page.getByRole('form', { name: 'Neue Rolle' });
    await form.getByLabel('Name', { exact: false }).first().fill('Jugendvertretung');
    await form.getByLabel('Name in der Mehrzahl', { exact: false }).fill('Jugendvertretungen');
    await form.getByRole('button', { name: 'Speichern' }).click();
    await form.waitFor({ state: 'detached' });
    const row = page.getByRole('row').filter({ hasText: 'Jugendvertretung' });
    await row.waitFor();
    expect(await row.innerText()).toContain('jugendvertretung');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Jugendvertretung bearbeiten' }).click();
    const edit = page.getByRole('form', { name: 'Jugendvertretung bearbeiten' });
    expect(await edit.getByLabel('Kurzname (Slug)').getAttribute('readonly')).not.toBeNull();
    await edit.getByLabel('Name', { exact: false }).first().fill('JAV');
    await edit.getByRole('button', { name: 'Speichern' }).click();
    // The form row shows a live preview of the badge, so wait until it has closed.
    await edit.waitFor({ state: 'detached' });
    await page.getByRole('row').filter({ hasText: 'JAV' }).waitFor();
    // Renaming keeps the slug.
    expect(await page.getByRole('row').filter({ hasText: 'JAV' }).innerText()).toContain('jugendvertretung');

    await page.getByRole('button', { name: 'JAV löschen' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Rolle löschen' }).click();
    await expect.poll(() => page.getByRole('row').filter({ hasText: 'JAV' }).count()).toBe(0);
  });

  it('Anna adds an appointment category, which the appointment form offers at once', async () => {
    const page = await suite.signedIn('anna.admin@example.com', '/administration/appointment_categories');
    const field = page.getByLabel('Neue Kategorie');
    await field.fill('schulung');
    await page.getByRole('button', { name: 'Hinzufügen' }).click();
    await page.getByText('Diese Kategorie gibt es bereits.').waitFor();
    await field.fill('Betriebsfeier');
    await page.getByRole('button', { name: 'Hinzufügen' }).click();
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Erfolgreich gespeichert.').waitFor();

    await page.goto(`${suite.server.url}/appointments/new`);
    const category = page.getByRole('textbox', { name: 'Kategorie' });
    await category.click();
    await page.getByRole('option', { name: 'Betriebsfeier' }).waitFor();
  });
});
