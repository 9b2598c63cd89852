import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { closeContexts, sharedBrowser, newPage, seriousViolations } from '../support/browser.ts';
import { startInProcessServer, type InProcessServer } from '../support/server.ts';
import { signInThroughSession } from '../support/sign-in.ts';

let server: InProcessServer;
let browser: Browser;
let context: BrowserContext | undefined;

beforeAll(async () => {
  server = await startInProcessServer();
  browser = await sharedBrowser();
});
afterEach(async () => {
  await context?.close();
  context = undefined;
});
afterAll(async () => {
  await closeContexts(browser);
  await server?.stop();
});

async function signedIn(path: string, options: { width?: number } = {}): Promise<Page> {
  const opened = await newPage(browser, { timezoneId: 'Europe/Berlin', ...options });
  context = opened.context;
  await signInThroughSession(opened.page, server.url, 'anna.admin@example.com', path);
  return opened.page;
}

/** The 3rd of next month: both occurrences of a weekly series with the default end fall in it. */
function thirdOfNextMonth(): string {
  const now = new Date();
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 3));
  return next.toISOString().slice(0, 10);
}

/** The form's words for a weekly series from `start` with the default end (a week later). */
function weeklySummary(start: string): string {
  const first = new Date(`${start}T00:00:00Z`);
  const end = new Date(first.getTime() + 7 * 86_400_000);
  const weekday = new Intl.DateTimeFormat('de', { weekday: 'long', timeZone: 'UTC' }).format(first);
  const day = (date: Date) => date.toISOString().slice(0, 10).split('-').reverse().join('.');
  return `Jede Woche am ${weekday}, 2 Termine, bis ${day(end)}.`;
}

const listRows = (page: Page, name: string) => page.locator('.fc-list-event').filter({ hasText: name });

describe('calendars and appointments', () => {
  it('creates a weekly appointment, shows it in the month sheet and the list, and edits one occurrence', async () => {
    const page = await signedIn(`/appointments/new?date=${thirdOfNextMonth()}`);
    await page.getByRole('heading', { name: 'Neuer Termin' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByLabel(/^Name/).first().fill('Planungsrunde E2E');
    await page.getByRole('textbox', { name: 'Kalender' }).click();
    await page.getByRole('option', { name: 'Acme Demo' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('textbox', { name: 'Wiederholen' }).click();
    await page.getByRole('option', { name: 'Wöchentlich' }).click();
    // The form says what the series will be: two occurrences up to the default end a week later.
    await page.getByTestId('recurrence-summary').getByText(weeklySummary(thirdOfNextMonth())).waitFor();
    await page.getByRole('button', { name: 'Speichern' }).click();

    await page.getByRole('heading', { name: 'Planungsrunde E2E' }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/appointments\/[0-9a-f]{24}$/);
    await page.getByText('Wöchentlich').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(`${server.url}/appointments`);
    await page.getByRole('button', { name: 'Nächster Monat' }).click();
    const sheetEvents = page.locator('.fc-daygrid-event').filter({ hasText: 'Planungsrunde E2E' });
    await expect.poll(() => sheetEvents.count()).toBe(2);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByText('Liste', { exact: true }).click();
    await expect.poll(() => listRows(page, 'Planungsrunde E2E').count()).toBe(2);
    await listRows(page, 'Planungsrunde E2E').nth(1).getByRole('link').first().click();
    const popup = page.getByRole('dialog', { name: 'Planungsrunde E2E' });
    await popup.getByText('Acme Demo').first().waitFor();
    // Checked once the popup has finished fading in.
    await page.waitForTimeout(500);
    expect(await seriousViolations(page)).toEqual([]);
    await popup.getByRole('link', { name: 'Termin öffnen' }).click();
    // The popup's own heading has the same name: the address tells the page from it.
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/appointments\/r-[0-9a-f]{24}-\d{8}T\d{4}$/);
    await page.getByRole('heading', { name: 'Planungsrunde E2E' }).waitFor();

    await page.getByRole('button', { name: 'Weitere Aktionen' }).click();
    await page.getByRole('menuitem', { name: 'Bearbeiten' }).click();
    await page.getByRole('heading', { name: 'Termin bearbeiten' }).waitFor();
    await page.getByLabel(/^Name/).first().fill('Planungsrunde verschoben');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByRole('button', { name: 'Nur für diesen Termin' }).click();
    await page.getByRole('heading', { name: 'Planungsrunde verschoben' }).waitFor();

    // The overview comes back as it was left in this browser session: next month, as a list.
    await page.goto(`${server.url}/appointments`);
    await expect.poll(() => listRows(page, 'Planungsrunde verschoben').count()).toBe(1);
    await expect.poll(() => listRows(page, 'Planungsrunde E2E').count()).toBe(1);
  });

  it('invites a colleague and a group while creating an appointment; the participants page lists them as invited', async () => {
    const page = await signedIn(`/appointments/new?date=${thirdOfNextMonth()}`);
    await page.getByRole('heading', { name: 'Neuer Termin' }).waitFor();
    await page.getByLabel(/^Name/).first().fill('Einladungsrunde E2E');
    await page.getByRole('textbox', { name: 'Kalender' }).click();
    await page.getByRole('option', { name: 'Acme Demo' }).click();
    await page.keyboard.press('Escape');

    const invitation = page.getByRole('region', { name: 'Einladung' });
    await invitation.getByRole('textbox', { name: 'Mitglieder' }).fill('Paul Hoff');
    await page.getByRole('option', { name: /Paul Hoffmann/ }).click();
    await invitation.getByRole('textbox', { name: 'Gruppen und Rollen' }).fill('Marketing');
    await page.getByRole('option', { name: 'Marketing' }).click();
    await page.keyboard.press('Escape');
    // By keyboard: scrolled to the bottom edge, the switch sits under the sticky save bar.
    const sendEmail = invitation.getByRole('switch', { name: 'Per E-Mail benachrichtigen' });
    await sendEmail.focus();
    await page.keyboard.press('Space');
    expect(await sendEmail.isChecked()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Speichern' }).click();

    await page.getByRole('heading', { name: 'Einladungsrunde E2E' }).waitFor();
    const id = new URL(page.url()).pathname.split('/').pop();
    await page.goto(`${server.url}/appointments/${id}/participants`);
    await page.getByRole('heading', { name: 'Einladungsrunde E2E' }).waitFor();
    // Paul by name, Max through the Marketing group: both invited, Anna organises it.
    for (const name of ['Paul Hoffmann', 'Max Meier']) {
      await expect
        .poll(() => page.getByRole('textbox', { name: `Status von ${name}` }).inputValue())
        .toBe('Eingeladen');
    }
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('copies a subscription address that a calendar program can fetch', async () => {
    const page = await signedIn('/calendars/subscribe');
    await context!.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await page.getByRole('heading', { name: 'Kalender abonnieren' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Adresse von „Alle Kalender“ kopieren' }).click();
    await page.getByText('URL kopiert').or(page.getByText('Adresse kopiert')).first().waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(/^webcal:\/\/.+\/calendars\/all\/appointments\.ics\?auth_token=\w+/);

    const feed = await fetch(copied.replace(/^webcal:/, 'http:'));
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toMatch(/^text\/calendar/);
    const text = await feed.text();
    expect(text).toMatch(/^BEGIN:VCALENDAR/);
    expect(text).toContain('SUMMARY:All-Hands-Meeting');
    expect(text).toContain('RRULE:FREQ=MONTHLY');
  });

  it('forces the list on a phone', async () => {
    const page = await signedIn('/appointments', { width: 375 });
    await page.locator('.fc-list').first().waitFor();
    expect(await page.locator('.fc-daygrid').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
