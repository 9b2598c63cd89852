import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations } from '../support/browser.ts';
import { browserSuite } from '../support/suite.ts';

const suite = browserSuite({ timezoneId: 'Europe/Berlin' });
const signedIn = suite.signedIn;

const SUBJECT = 'Agenda für die Klausur';

/** The unread count of the inbox link in the messages bar (0 without a badge). */
async function inboxCount(page: Page): Promise<number> {
  const link = page.getByTestId('messages-bar').getByRole('link', { name: /Posteingang/ });
  const text = (await link.innerText()).replace('Posteingang', '').trim();
  return text === '' ? 0 : Number(text);
}

/** Picks a recipient once the composer is complete (its editor loads apart, and takes the focus when it comes). */
async function pickMember(page: Page, search: string, name: RegExp) {
  await page.getByRole('textbox', { name: 'Nachricht', exact: true }).waitFor();
  const field = page.getByRole('textbox', { name: 'Empfänger', exact: true });
  await field.click();
  await field.fill(search);
  await page.getByRole('option', { name }).click();
}

async function writeText(page: Page, text: string) {
  const editor = page.getByRole('textbox', { name: 'Nachricht', exact: true });
  await editor.click();
  await editor.pressSequentially(text);
}

describe('direct messages', () => {
  it('Anna writes to Max with an attachment and to a group; Max reads and replies; Anna sees the conversation', async () => {
    const anna = await signedIn('anna.admin@example.com', '/messages/new');
    const send = anna.getByRole('button', { name: 'Senden' });
    await send.waitFor();
    expect(await send.isDisabled()).toBe(true);
    await pickMember(anna, 'Max Mei', /Max Meier/);
    await anna.getByRole('textbox', { name: 'Betreff' }).fill(SUBJECT);
    await writeText(anna, 'Hallo Max, anbei die Agenda.');
    const chooser = anna.waitForEvent('filechooser');
    await anna.getByRole('button', { name: 'Dateien auswählen' }).click();
    await (await chooser).setFiles({ name: 'agenda.txt', mimeType: 'text/plain', buffer: Buffer.from('1. Start\n') });
    await anna.getByText('agenda.txt').waitFor();
    await expect.poll(() => send.isDisabled()).toBe(false);
    expect(await seriousViolations(anna)).toEqual([]);
    await send.click();
    await anna.getByText('Ihre Nachricht wurde gesendet.').waitFor();
    await expect.poll(() => new URL(anna.url()).pathname).toBe('/messages');

    // To the group, from the group's own composer, with its warning.
    await anna.goto(`${suite.server.url}/groups/engineering/messages/new`);
    await anna.getByText('Jedes Mitglied der gewählten Gruppe erhält diese Nachricht.').waitFor();
    await anna.getByRole('textbox', { name: 'Betreff' }).fill('Release am Freitag');
    await anna.getByRole('button', { name: 'Senden' }).click();
    await anna.getByText('Ihre Nachricht wurde gesendet.').waitFor();

    const max = await signedIn('max.member@example.com', '/messages');
    const row = max.getByTestId('message-row').filter({ hasText: SUBJECT });
    await row.getByRole('link', { name: SUBJECT }).waitFor();
    expect(await row.getByRole('link', { name: SUBJECT }).getAttribute('data-unread')).toBe('true');
    await max.getByTestId('message-row').filter({ hasText: 'Release am Freitag' }).waitFor();
    const before = await inboxCount(max);
    expect(before).toBeGreaterThanOrEqual(2);
    expect(await seriousViolations(max)).toEqual([]);

    // Opening it marks it read, and the badge counts one less.
    await row.getByRole('link', { name: SUBJECT }).click();
    await max.getByRole('heading', { level: 1, name: SUBJECT }).waitFor();
    await max.getByTestId('message-detail').getByRole('link', { name: 'agenda.txt' }).waitFor();
    await expect.poll(() => inboxCount(max)).toBe(before - 1);
    expect(await seriousViolations(max)).toEqual([]);

    await max.getByRole('link', { name: 'Antworten' }).click();
    await expect.poll(() => max.getByRole('textbox', { name: 'Betreff' }).inputValue()).toBe(`AW: ${SUBJECT}`);
    await max.getByText('Anna Adler').first().waitFor();
    await writeText(max, 'Danke, passt so!');
    await max.getByRole('button', { name: 'Senden' }).click();
    await max.getByText('Ihre Nachricht wurde gesendet.').waitFor();

    await anna.goto(`${suite.server.url}/messages`);
    await anna.getByRole('link', { name: `AW: ${SUBJECT}` }).click();
    await anna.getByText('Danke, passt so!').waitFor();
    const history = anna.getByTestId('conversation-message');
    await history.filter({ hasText: 'Hallo Max, anbei die Agenda.' }).waitFor();
    expect(await seriousViolations(anna)).toEqual([]);
  });

  it('forwards a message with its attachment and deletes messages in a batch on a phone', async () => {
    // Max's inbox is open while Anna writes: the new message appears without reloading.
    const max = await signedIn('max.member@example.com', '/messages', { width: 390, height: 844 });
    await max.getByTestId('message-row').first().waitFor();

    const anna = await signedIn('anna.admin@example.com', '/messages/new');
    await pickMember(anna, 'Max Mei', /Max Meier/);
    await anna.getByRole('textbox', { name: 'Betreff' }).fill('Protokoll');
    const chooser = anna.waitForEvent('filechooser');
    await anna.getByRole('button', { name: 'Dateien auswählen' }).click();
    await (await chooser).setFiles({ name: 'protokoll.txt', mimeType: 'text/plain', buffer: Buffer.from('Punkt 1\n') });
    const send = anna.getByRole('button', { name: 'Senden' });
    await expect.poll(() => send.isDisabled()).toBe(false);
    await send.click();
    await anna.getByText('Ihre Nachricht wurde gesendet.').waitFor();

    await max.getByRole('link', { name: 'Protokoll' }).click();
    await max.getByRole('link', { name: 'Weiterleiten' }).click();
    await expect.poll(() => max.getByRole('textbox', { name: 'Betreff' }).inputValue()).toBe('WG: Protokoll');
    await max.getByText('protokoll.txt').waitFor();
    await pickMember(max, 'Lena', /Lena Schmidt/);
    await max.getByRole('button', { name: 'Senden' }).click();
    await max.getByText('Ihre Nachricht wurde gesendet.').waitFor();

    const lena = await signedIn('lena.schmidt@example.com', '/messages');
    await lena.getByRole('link', { name: 'WG: Protokoll' }).click();
    await lena.getByTestId('message-detail').getByRole('link', { name: 'protokoll.txt' }).waitFor();
    await lena.getByText('Weitergeleitete Nachricht').waitFor();

    // Max deletes two messages at once, after confirming.
    await max.goto(`${suite.server.url}/messages`);
    const rows = max.getByTestId('message-row');
    await rows.first().waitFor();
    const total = await rows.count();
    const subjects = await Promise.all([0, 1].map((i) => rows.nth(i).getByRole('link').first().innerText()));
    await rows.nth(0).getByRole('checkbox').check();
    await rows.nth(1).getByRole('checkbox').check();
    await max.getByText('2 Nachrichten ausgewählt').waitFor();
    await max.getByTestId('message-batch').getByRole('button', { name: 'Löschen' }).click();
    await max.getByRole('dialog').getByRole('button', { name: 'Löschen' }).click();
    await max.getByText('2 Nachrichten wurden gelöscht.').waitFor();
    for (const subject of subjects) {
      await expect.poll(() => max.getByTestId('message-row').filter({ hasText: subject }).count()).toBe(0);
    }
    expect(total).toBeGreaterThanOrEqual(2);
  });
});
