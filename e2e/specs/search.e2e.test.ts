import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/browser.ts';
import { browserSuite } from '../support/suite.ts';

const suite = browserSuite({ timezoneId: 'Europe/Berlin' });
// The machine running the tests is shared and slow at times.
const SHOWN = { timeout: 20_000 };

/** A word of a demo post (the coffee machine on the third floor). */
const WORD = 'Kaffeemaschine';

describe('global search', () => {
  it('Anna finds a post from the header, opens all results, filters by activities and opens the hit', async () => {
    const anna = await suite.signedIn('anna.admin@example.com', '/');
    const field = anna.getByRole('textbox', { name: 'Suche', exact: true });
    await field.waitFor(SHOWN);
    await field.fill(WORD);

    // The dropdown offers the modules and, once the typing paused, the first hits.
    await anna.getByRole('option', { name: 'Kalender' }).waitFor(SHOWN);
    await anna
      .getByRole('option', { name: /Kaffeemaschine/ })
      .first()
      .waitFor(SHOWN);
    await anna.getByRole('option', { name: `Alle Ergebnisse zu „${WORD}“` }).click();
    await expect.poll(() => new URL(anna.url()).search).toBe(`?q=${WORD}`);

    const activities = anna.getByRole('region', { name: 'Aktivitäten' });
    await activities.getByTestId('search-hit').first().waitFor(SHOWN);
    expect(await activities.locator('mark').first().innerText()).toMatch(/Kaffeemaschine/i);
    expect(await seriousViolations(anna)).toEqual([]);

    // The filter button of activities shows their count and only them.
    const filter = anna.getByRole('navigation', { name: 'Ergebnistypen' });
    await filter.getByRole('link', { name: /^Aktivitäten/ }).click();
    await expect.poll(() => new URL(anna.url()).searchParams.get('module')).toBe('activities');
    const hit = anna.getByTestId('hits-activities').getByTestId('search-hit').first();
    await hit.waitFor(SHOWN);
    await anna.getByText(/^Ergebnisse 1–\d+ von \d+$/).waitFor(SHOWN);
    expect(await seriousViolations(anna)).toEqual([]);

    await hit.getByRole('link').first().click();
    await expect.poll(() => new URL(anna.url()).pathname).toMatch(/^\/activities\/[0-9a-f]{24}$/);
    await anna
      .getByText(/Kaffeemaschine im 3\. OG ist repariert/)
      .first()
      .waitFor(SHOWN);
  });
});
