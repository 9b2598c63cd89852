import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { throttleUploads } from '../support/browser.ts';
import { browserSuite } from '../support/suite.ts';

const suite = browserSuite({ timezoneId: 'Europe/Berlin' });
// The machine running the tests is shared and slow at times.
const SHOWN = { timeout: 20_000 };

const MAX = 'max.member@example.com';
const ANNA = 'anna.admin@example.com';

/** The row of the files table naming `name`. */
const row = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });

/** Opens the file or folder `name` of the files table. */
const openRow = (page: Page, name: string) => row(page, name).getByRole('link', { name }).click();

/** From the files' start, the network's root folder, once its folders are listed. */
async function openNetworkFiles(page: Page) {
  await page
    .getByRole('link', { name: /Netzwerk/ })
    .first()
    .click();
  await row(page, 'Templates').waitFor(SHOWN);
}

/** A new subfolder of the folder shown, open once saved; `approval`: its new versions need approval. */
async function newFolder(page: Page, name: string, { approval = false } = {}) {
  await page.getByRole('button', { name: 'Ordneraktionen' }).click();
  await page.getByRole('menuitem', { name: 'Neuer Ordner' }).click();
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  if (approval) await page.getByLabel('Neue Versionen müssen von einer prüfenden Person freigegeben werden').check();
  await page.getByRole('button', { name: 'Speichern' }).click();
  await page.getByRole('heading', { name }).waitFor(SHOWN);
}

type NewFile = { name: string; mimeType: string; buffer: Buffer };

/** Adds the files to the folder shown and waits until the folder lists them. */
async function addFiles(page: Page, files: NewFile[]) {
  await page.getByRole('link', { name: 'Dateien hinzufügen' }).first().click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Dateien auswählen' }).click();
  await (await chooser).setFiles(files);
  for (const file of files) await page.getByText(file.name).waitFor(SHOWN);
  await page.getByRole('button', { name: 'Dateien hinzufügen' }).click();
  for (const file of files) await row(page, file.name).waitFor(SHOWN);
}

describe('files', () => {
  it('Max adds two files to his group’s folder, and downloads a folder of it as a zip with its paths', async () => {
    const max = await suite.signedIn(MAX, '/groups/engineering/files');
    await row(max, 'Architecture').waitFor(SHOWN);

    await max.getByRole('link', { name: 'Dateien hinzufügen' }).first().click();
    await max.getByRole('heading', { name: 'Dateien hinzufügen' }).waitFor(SHOWN);
    // A slow line, so that the progress shows and saving waits for it.
    const unthrottle = await throttleUploads(max, 150 * 1024);
    const chooser = max.waitForEvent('filechooser');
    await max.getByRole('button', { name: 'Dateien auswählen' }).click();
    await (
      await chooser
    ).setFiles([
      { name: 'Messprotokoll.txt', mimeType: 'text/plain', buffer: Buffer.from('Messung 1: 42 mm\n'.repeat(25_000)) },
      { name: 'Schaltplan.txt', mimeType: 'text/plain', buffer: Buffer.from('A -> B -> C') },
    ]);
    const progress = max.getByRole('progressbar').first();
    await progress.waitFor(SHOWN);
    await expect.poll(async () => Number(await progress.getAttribute('aria-valuenow')), SHOWN).toBeGreaterThan(0);
    expect(await max.getByRole('button', { name: 'Dateien hinzufügen' }).isDisabled()).toBe(true);
    await unthrottle();
    await progress.waitFor({ state: 'detached', timeout: 30_000 });
    await max.getByText('Messprotokoll.txt').waitFor(SHOWN);
    await max.getByText('Schaltplan.txt').waitFor(SHOWN);
    await max.getByRole('button', { name: 'Dateien hinzufügen' }).click();

    // Back in the folder, both are listed.
    await row(max, 'Messprotokoll.txt').waitFor(SHOWN);
    await row(max, 'Schaltplan.txt').waitFor(SHOWN);

    // The folder Architecture, chosen and downloaded as a zip, keeps its path.
    await max.getByRole('checkbox', { name: 'Architecture auswählen' }).check();
    const download = max.waitForEvent('download');
    await max.getByRole('button', { name: 'Als ZIP herunterladen' }).click();
    const zip = fs.readFileSync((await (await download).path())!);
    const { unzip } = await import('@agora/server/e2e-support');
    const entries = await unzip(zip);
    const runbook = entries.find((e) => e.name === 'Architecture/Runbook.md');
    expect(runbook?.data.toString()).toContain('check the health page');
  });

  it('a file Max has locked cannot be moved or deleted by Anna, who is told why', async () => {
    const anna = await suite.signedIn(ANNA, '/files');
    await openNetworkFiles(anna);
    await openRow(anna, 'Templates');
    await row(anna, 'Letter template.txt').waitFor(SHOWN);

    await anna.getByRole('checkbox', { name: 'Letter template.txt auswählen' }).check();
    const toolbar = anna.getByRole('toolbar', { name: 'Aktionen für die Auswahl' });
    await expect.poll(() => toolbar.getByRole('button', { name: 'Verschieben' }).isDisabled(), SHOWN).toBe(true);
    expect(await toolbar.getByRole('button', { name: 'Löschen' }).isDisabled()).toBe(true);
    await toolbar.getByText(/gesperrt, festgeschrieben/).waitFor(SHOWN);
  });

  it('Anna moves two files of which Max has locked one meanwhile: the other moves, the locked one stays and is named', async () => {
    const anna = await suite.signedIn(ANNA, '/files');
    await openNetworkFiles(anna);
    await newFolder(anna, 'Entwürfe');
    await addFiles(anna, [
      { name: 'Rundschreiben.txt', mimeType: 'text/plain', buffer: Buffer.from('Liebe alle, ...') },
      { name: 'Budget.txt', mimeType: 'text/plain', buffer: Buffer.from('Reisen: 12.000') },
    ]);

    // While Anna's page shows both as free, Max locks the budget.
    const max = await suite.signedIn(MAX, new URL(anna.url()).pathname);
    await openRow(max, 'Budget.txt');
    await max.getByRole('button', { name: 'Sperren' }).click();
    await max.getByText('Die Datei wurde gesperrt.').waitFor(SHOWN);

    await anna.getByRole('checkbox', { name: 'Rundschreiben.txt auswählen' }).check();
    await anna.getByRole('checkbox', { name: 'Budget.txt auswählen' }).check();
    await anna
      .getByRole('toolbar', { name: 'Aktionen für die Auswahl' })
      .getByRole('button', { name: 'Verschieben' })
      .click();
    const picker = anna.getByRole('dialog', { name: 'In Ordner verschieben' });
    await picker.getByRole('button', { name: /Netzwerk/ }).click();
    await picker.getByRole('button', { name: 'Templates' }).click();
    await expect.poll(() => picker.getByTestId('folder-picker-current').textContent(), SHOWN).toBe('Templates');
    await picker.getByRole('button', { name: 'Hierher verschieben' }).click();

    await anna.getByText('Nicht ausgeführt für: Budget.txt (gesperrt)').waitFor(SHOWN);
    await anna.getByText('Verschoben.').waitFor(SHOWN);
    await row(anna, 'Rundschreiben.txt').waitFor({ state: 'detached', ...SHOWN });
    await row(anna, 'Budget.txt').waitFor(SHOWN);
    await anna.goto(new URL('/files', anna.url()).toString());
    await openNetworkFiles(anna);
    await openRow(anna, 'Templates');
    await row(anna, 'Rundschreiben.txt').waitFor(SHOWN);
  });

  it('a new version Max uploads to a folder that requires approval waits until Anna approves it', async () => {
    const anna = await suite.signedIn(ANNA, '/files');
    await openNetworkFiles(anna);
    await newFolder(anna, 'Verträge', { approval: true });
    await addFiles(anna, [{ name: 'Vertrag.txt', mimeType: 'text/plain', buffer: Buffer.from('Fassung 1') }]);
    const folderUrl = anna.url();

    // Max reviews nothing in the network's folders: his version waits.
    const max = await suite.signedIn(MAX, new URL(folderUrl).pathname);
    await openRow(max, 'Vertrag.txt');
    await max.getByRole('link', { name: 'Neue Version' }).click();
    const versionChooser = max.waitForEvent('filechooser');
    await max.getByRole('button', { name: 'Datei auswählen' }).click();
    await (
      await versionChooser
    ).setFiles({ name: 'Vertrag.txt', mimeType: 'text/plain', buffer: Buffer.from('Fassung 2') });
    await max.getByRole('button', { name: 'Version hochladen' }).click();
    await max.getByText('Die neue Version wartet auf die Freigabe durch eine prüfende Person.').first().waitFor(SHOWN);

    await anna.goto(new URL('/files/approval', anna.url()).toString());
    await anna.getByRole('button', { name: 'Neue Version Vertrag.txt freigeben' }).click();
    await anna.getByRole('dialog').getByRole('button', { name: 'Freigeben' }).click();
    await anna.getByText('„Vertrag.txt“ wurde freigegeben.').waitFor(SHOWN);

    // The approved bytes are the file's second version; the first is kept.
    await max.reload();
    await max.getByRole('link', { name: 'Version 2 herunterladen' }).waitFor(SHOWN);
    await max.getByRole('link', { name: 'Version 1 herunterladen' }).waitFor(SHOWN);
  });
});
