import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { closeContexts, sharedBrowser, newPage, seriousViolations } from '../support/browser.ts';
import { startMailbox } from '../support/mailbox.ts';
import { startInProcessServer, type InProcessServer } from '../support/server.ts';
import { signInThroughSession } from '../support/sign-in.ts';

let server: InProcessServer;
let mailbox: Awaited<ReturnType<typeof startMailbox>>;
let browser: Browser;
let context: BrowserContext | undefined;

beforeAll(async () => {
  mailbox = await startMailbox();
  server = await startInProcessServer({ SMTP_URL: mailbox.url });
  browser = await sharedBrowser();
});
afterEach(async () => {
  await context?.close();
  context = undefined;
});
afterAll(async () => {
  await closeContexts(browser);
  await server?.stop();
  await mailbox?.close();
});

async function signedIn(email: string, path: string, options: { width?: number } = {}): Promise<Page> {
  const opened = await newPage(browser, { timezoneId: 'Europe/Berlin', ...options });
  context = opened.context;
  await signInThroughSession(opened.page, server.url, email, path);
  return opened.page;
}

/** The id of a demo appointment, found in the month it is in (as the signed-in member sees it). */
async function appointmentId(page: Page, name: string, daysAhead: number): Promise<string> {
  const date = new Date(Date.now() + daysAhead * 86_400_000).toISOString().slice(0, 10);
  const answer = await page.request.get(`${server.url}/appointments?date=${date}`, {
    headers: { accept: 'application/json' },
  });
  const month = (await answer.json()) as { appointments: Array<{ id: string; name: string }> };
  const found = month.appointments.find((a) => a.name === name);
  if (!found) throw new Error(`${name} is not in the month of ${date}`);
  return found.id;
}

const openTab = (page: Page) => page.getByRole('tab', { name: /^Offen/ });

describe('participation', () => {
  it('accepts an invite from the inbox, and the badge drops', async () => {
    const page = await signedIn('max.member@example.com', '/appointments/invites');
    const card = page.getByRole('button', { name: 'Einladung zu „Quartalsplanung (online)“ zusagen' });
    await card.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    const before = Number(await openTab(page).locator('.mantine-Badge-label').first().innerText());
    expect(before).toBeGreaterThan(1);

    await card.click();
    await page.getByText('Sie haben die Einladung zu „Quartalsplanung (online)“ angenommen.').waitFor();
    await expect.poll(() => card.count()).toBe(0);
    await expect
      .poll(async () => Number(await openTab(page).locator('.mantine-Badge-label').first().innerText()))
      .toBe(before - 1);

    await page.getByRole('tab', { name: 'Bevorstehend' }).click();
    await page.getByText('Quartalsplanung (online)').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('offers no accepting of the fully booked first-aid course, in the inbox and on its page, and says why', async () => {
    const page = await signedIn('max.member@example.com', '/appointments/invites');
    const accept = page.getByRole('button', { name: 'Einladung zu „Erste-Hilfe-Kurs“ zusagen' });
    await accept.waitFor();
    expect(await accept.isDisabled()).toBe(true);
    const card = page.getByTestId('invite-card').filter({ has: accept });
    expect(await card.getByText('Der Termin ist ausgebucht.').isVisible()).toBe(true);
    expect(await card.getByRole('button', { name: 'Einladung zu „Erste-Hilfe-Kurs“ absagen' }).isEnabled()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    await card.getByRole('link', { name: 'Erste-Hilfe-Kurs' }).click();
    await page.getByRole('heading', { name: 'Erste-Hilfe-Kurs' }).first().waitFor();
    const rsvp = page.getByRole('region', { name: 'Ihre Teilnahme' });
    await rsvp.getByText('Alle Plätze sind vergeben.').waitFor();
    expect(await rsvp.getByRole('button', { name: 'Zusagen' }).isDisabled()).toBe(true);
    expect(await rsvp.getByRole('button', { name: 'Absagen' }).isEnabled()).toBe(true);
    expect(await rsvp.getByText('12 von 12 Plätzen vergeben').isVisible()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('adds a participant, changes a status and removes someone again', async () => {
    const page = await signedIn('anna.admin@example.com', '/appointments');
    const id = await appointmentId(page, 'Quartalsplanung (online)', 7);
    await page.goto(`${server.url}/appointments/${id}/participants`);
    await page.getByRole('heading', { name: 'Quartalsplanung (online)' }).waitFor();
    await page.getByText('Lena Schmidt').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('textbox', { name: 'Mitglieder' }).fill('Paul Hoff');
    await page.getByRole('option', { name: /Paul Hoffmann/ }).click();
    await page.getByRole('button', { name: 'Hinzufügen', exact: true }).click();
    await page.getByText('Die Mitglieder wurden hinzugefügt.').waitFor();
    const remove = page.getByRole('button', { name: 'Paul Hoffmann entfernen' });
    await remove.waitFor();

    await page.getByRole('textbox', { name: 'Status von Lena Schmidt' }).click();
    await page.getByRole('option', { name: 'Abgesagt' }).click();
    await expect
      .poll(
        async () =>
          (await page.request
            .get(`${server.url}/appointments/${id}/participants?status=declined`, {
              headers: { accept: 'application/json' },
            })
            .then((r) => r.json())) as { participants: Array<{ membership: { name: string } }> },
      )
      .toMatchObject({ participants: [{ membership: { name: 'Lena Schmidt' } }] });

    await remove.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Entfernen' }).click();
    await expect.poll(() => remove.count()).toBe(0);
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('contacts the attendees by mail', async () => {
    const page = await signedIn('anna.admin@example.com', '/appointments');
    const id = await appointmentId(page, 'Quartalsplanung (online)', 7);
    await page.goto(`${server.url}/appointments/${id}/contact`);
    // The page names what it does above the appointment's name, which is its heading.
    await page.getByRole('heading', { name: 'Quartalsplanung (online)' }).waitFor();
    await page.getByText('Teilnehmende kontaktieren', { exact: true }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByLabel(/^Betreff/).fill('Unterlagen zur Quartalsplanung');
    await page.getByLabel(/^Text/).fill('Bitte lest die Zahlen vorab. Danke!');
    await page.getByRole('button', { name: 'Senden' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/appointments/${id}`);

    const mail = await mailbox.waitFor('lena.schmidt@example.com', 20_000);
    expect(mail.raw).toContain('Unterlagen zur Quartalsplanung');
    expect(mail.raw).toContain('Bitte lest die Zahlen vorab.');
  });
});
