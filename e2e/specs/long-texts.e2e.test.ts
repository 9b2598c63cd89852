import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSuite } from '../support/suite.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const suite = browserSuite({ ...PHONE, timezoneId: 'Europe/Berlin' });

/** A name of the maximum length without a single space: the hardest case for a layout. */
const LONG_NAME = 'Donaudampfschifffahrtsgesellschaftskapitänsmützenabteilung'.repeat(5).slice(0, 255);

/** The 3rd of next month, so that the appointment is still ahead and open to invitations. */
function thirdOfNextMonth(): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 3)).toISOString().slice(0, 10);
}

/** Whether the page is no wider than the window: nothing pushes it sideways. */
function fitsTheWindow(page: Page): Promise<{ scrollWidth: number; innerWidth: number }> {
  return page.evaluate(() => ({ scrollWidth: document.scrollingElement!.scrollWidth, innerWidth: window.innerWidth }));
}

async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await fitsTheWindow(page);
  expect(scrollWidth, `${page.url()} is ${scrollWidth} px wide in a ${innerWidth} px window`).toBeLessThanOrEqual(
    innerWidth,
  );
}

/** A call of the API as the signed-in member (with the session's CSRF token). */
async function apiCall(page: Page, method: string, path: string, body?: unknown) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const session = await (await fetch('/api/v1/session', { headers: { accept: 'application/json' } })).json();
      const response = await fetch(path, {
        method,
        headers: { accept: 'application/json', 'content-type': 'application/json', 'x-csrf-token': session.csrf_token },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: await response.json().catch(() => null) };
    },
    { method, path, body },
  );
}

describe('long texts', () => {
  it('keeps an over-long name whole, counts it, refuses to save it, and saves 255 characters', async () => {
    const page = await suite.signedIn('anna.admin@example.com', `/appointments/new?date=${thirdOfNextMonth()}`);
    await page.getByRole('heading', { name: 'Neuer Termin' }).waitFor();
    const name = page.getByLabel(/^Name/).first();
    const count = page.getByTestId('character-count');

    // Pasted whole: nothing is cut without a word.
    await name.fill('W'.repeat(10_000));
    expect((await name.inputValue()).length).toBe(10_000);
    expect(await count.textContent()).toBe('10000/255');
    await page.getByText('Höchstens 255 Zeichen.').waitFor();
    await page.getByRole('textbox', { name: 'Kalender' }).click();
    await page.getByRole('option', { name: 'Acme Demo' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.waitForTimeout(500);
    expect(new URL(page.url()).pathname).toBe('/appointments/new');
    await expectNoSidewaysScroll(page);

    await name.fill(LONG_NAME);
    expect(await count.textContent()).toBe('255/255');
    expect(await page.getByText('Höchstens 255 Zeichen.').count()).toBe(0);
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByRole('heading', { name: LONG_NAME }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/appointments\/[0-9a-f]{24}$/);
    await expectNoSidewaysScroll(page);
  });

  it('shows an appointment with an unbroken 255-character name without widening the page', async () => {
    const anna = await suite.signedIn('anna.admin@example.com', '/appointments');
    const calendars = await apiCall(anna, 'GET', '/calendars');
    const network = calendars.body.calendars.find((calendar: { type: string }) => calendar.type === 'network');
    const day = thirdOfNextMonth();
    const created = await apiCall(anna, 'POST', '/appointments', {
      appointment: {
        name: LONG_NAME,
        calendar_ids: [network.id],
        description: `<p>${LONG_NAME}</p>`,
        location: { name: LONG_NAME, city: 'Berlin' },
        date: { start: `${day}T10:00`, end: `${day}T11:00`, time_zone: 'Europe/Berlin' },
      },
    });
    expect(created.status).toBe(201);
    const max = (await apiCall(anna, 'GET', '/members?q=Max')).body.members[0];
    const invited = await apiCall(anna, 'POST', `/appointments/${created.body.id}/participants`, {
      participant: { membership_ids: [max.id] },
    });
    expect(invited.status).toBe(201);

    for (const size of [PHONE, DESKTOP]) {
      const page = await suite.signedIn('max.member@example.com', `/appointments/${created.body.id}`, size);
      await page.getByRole('heading', { name: LONG_NAME }).waitFor();
      await page.getByRole('button', { name: 'Zusagen' }).first().waitFor();
      await expectNoSidewaysScroll(page);

      await page.goto(`${suite.server.url}/appointments/invites`);
      await page.getByRole('link', { name: LONG_NAME }).first().waitFor();
      await expectNoSidewaysScroll(page);

      await page.goto(`${suite.server.url}/appointments/${created.body.id}/participants`);
      await page.getByRole('main').getByText('Max Meier').first().waitFor();
      await expectNoSidewaysScroll(page);
    }
  });
});
