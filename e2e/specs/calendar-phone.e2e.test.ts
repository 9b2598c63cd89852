import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations } from '../support/browser.ts';
import { browserSuite } from '../support/suite.ts';

const suite = browserSuite({ timezoneId: 'Europe/Berlin' });
const ANNA = 'anna.admin@example.com';

/** An unbroken title of the longest length a name may have. */
const LONG_TITLE = `Langtitel${'x'.repeat(246)}`;
const TODAY_TITLE = 'Heute im Kalender E2E';

/** Today in Berlin, where the test's browsers live (YYYY-MM-DD). */
function berlinToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());
}

/** Creates an appointment in the network calendar through the API, as the signed-in member. */
async function createAppointment(page: Page, name: string, day: string, hour: number): Promise<void> {
  const base = suite.server.url;
  const session = (await (await page.request.get(`${base}/api/v1/session`)).json()) as { csrf_token: string };
  const calendars = (await (
    await page.request.get(`${base}/calendars`, { headers: { accept: 'application/json' } })
  ).json()) as { calendars: Array<{ id: string; name: string }> };
  const network = calendars.calendars.find((calendar) => calendar.name === 'Acme Demo')!;
  const at = (h: number) => `${day}T${String(h).padStart(2, '0')}:00`;
  const answer = await page.request.post(`${base}/appointments`, {
    headers: { accept: 'application/json', 'x-csrf-token': session.csrf_token },
    data: {
      appointment: {
        name,
        calendar_ids: [network.id],
        date: { start: at(hour), end: at(hour + 1), time_zone: 'Europe/Berlin' },
      },
    },
  });
  expect(answer.status()).toBe(201);
}

let created: Promise<void> | undefined;

/**
 * Today: one appointment with an unbroken 255-character title among enough others that the
 * month sheet's day cell summarises the rest as "+n weitere". Made once, by the first test.
 */
function todaysAppointments(page: Page): Promise<void> {
  created ??= (async () => {
    const today = berlinToday();
    await createAppointment(page, TODAY_TITLE, today, 7);
    for (let n = 1; n <= 4; n++) await createAppointment(page, `Tagestermin ${n}`, today, 7 + n);
    await createAppointment(page, LONG_TITLE, today, 12);
  })();
  return created;
}

/** Whether the page is wider than its window (a horizontal scroll bar). */
const overflowsSideways = (page: Page) =>
  page.evaluate(() => document.scrollingElement!.scrollWidth > window.innerWidth);

describe('the calendar on a phone and with long titles', () => {
  it('opens the list at today on a phone, without scrolling and without widening the page', async () => {
    const page = await suite.signedIn(ANNA, '/appointments', { width: 390, height: 844 });
    await todaysAppointments(page);
    await page.reload();
    const row = page.locator('.fc-list-event').filter({ hasText: TODAY_TITLE });
    await row.waitFor();
    const box = (await row.boundingBox())!;
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(844);
    // The first day of the list is today.
    expect(await page.locator('.fc-list-day').first().getAttribute('data-date')).toBe(berlinToday());

    // The long title wraps inside the row instead of widening the list.
    const long = page.locator('.fc-list-event').filter({ hasText: 'Langtitel' });
    await long.waitFor();
    expect((await long.boundingBox())!.width).toBeLessThanOrEqual(390);
    expect(await overflowsSideways(page)).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);

    // "Heute" brings a member who moved elsewhere back to today.
    await page.getByRole('button', { name: 'Nächster Monat' }).click();
    await expect.poll(() => row.count()).toBe(0);
    await page.getByRole('button', { name: 'Heute' }).click();
    await row.waitFor();
    expect(await page.locator('.fc-list-day').first().getAttribute('data-date')).toBe(berlinToday());
  });

  for (const [width, height] of [
    [1440, 900],
    [1024, 640],
    [800, 600],
  ] as const) {
    it(`keeps the "+n weitere" popover inside a ${width}x${height} window and shows a cut title whole`, async () => {
      const page = await suite.signedIn(ANNA, '/appointments', { width, height });
      if (!created) {
        await todaysAppointments(page);
        await page.reload();
      }
      const cell = page.locator(`.fc-daygrid-day[data-date="${berlinToday()}"]`);
      const more = cell.locator('.fc-daygrid-more-link');
      await more.waitFor();
      expect(await overflowsSideways(page)).toBe(false);

      await more.scrollIntoViewIfNeeded();
      await more.click();
      const popover = page.locator('.fc-more-popover');
      await popover.getByText(LONG_TITLE).waitFor();
      // Settled once the appointments are drawn into it and it has been moved into view.
      await page.waitForTimeout(300);
      const box = (await popover.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      expect(box.y + box.height).toBeLessThanOrEqual(height);
      expect(await overflowsSideways(page)).toBe(false);

      // The cut title reads whole in a tooltip when its appointment gets the keyboard focus.
      await popover.locator('.fc-event').filter({ hasText: 'Langtitel' }).focus();
      const tooltip = page.getByRole('tooltip');
      await tooltip.waitFor();
      expect(await tooltip.innerText()).toBe(LONG_TITLE);
      const tip = (await tooltip.boundingBox())!;
      expect(tip.x).toBeGreaterThanOrEqual(0);
      expect(tip.x + tip.width).toBeLessThanOrEqual(width);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});
