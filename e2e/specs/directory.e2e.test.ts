import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/browser.ts';
import { browserSuite } from '../support/suite.ts';

const suite = browserSuite({});
const signedIn = suite.signedIn;

describe('the directory', () => {
  it('narrows the members by a filter and by a search, kept in the address', async () => {
    const page = await signedIn('max.member@example.com', '/members');
    const total = page.getByTestId('members-total');
    await expect.poll(() => total.textContent()).toBe('28 Mitglieder');
    const rows = page.getByTestId('member-list').getByRole('listitem');
    expect(await rows.count()).toBe(24);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('textbox', { name: 'Abteilung' }).click();
    await page.getByRole('option', { name: 'Entwicklung (7)' }).click();
    await expect.poll(() => total.textContent()).toBe('7 Mitglieder');
    await expect.poll(() => rows.count()).toBe(7);
    for (const text of await rows.allInnerTexts()) expect(text).toContain('Entwicklung');
    expect(new URL(page.url()).searchParams.get('filter[department]')).toBe('Entwicklung');

    await page.getByRole('searchbox', { name: 'Mitglieder suchen' }).fill('fel');
    await expect.poll(() => total.textContent()).toBe('1 Mitglied');
    expect(await rows.first().getByRole('link').innerText()).toBe('Felix Koch');
    expect(new URL(page.url()).searchParams.get('q')).toBe('fel');

    // Back: the search of the entry before, with its list.
    await page.goBack();
    await expect.poll(() => total.textContent()).toBe('7 Mitglieder');
    expect(await page.getByRole('searchbox', { name: 'Mitglieder suchen' }).inputValue()).toBe('');

    await rows.getByRole('link', { name: 'Felix Koch' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/members\/[0-9a-f]{24}$/);
  });

  it("shows a category tab's groups with the member's state, and joins one in place", async () => {
    const page = await signedIn('max.member@example.com', '/directory');
    await page.getByRole('tab', { name: 'Teams' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/directory\/[0-9a-f]{24}$/);
    const groups = page.getByTestId('group-list').getByRole('listitem');
    const engineering = groups.filter({ has: page.getByRole('link', { name: 'Engineering' }) });
    await engineering.waitFor();
    expect(await engineering.getByTestId('group-state').textContent()).toBe('Mitglied');
    expect(await engineering.getByRole('button', { name: 'Verlassen: Engineering' }).count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('tab', { name: 'Interessen' }).click();
    const running = groups.filter({ has: page.getByRole('link', { name: 'Laufgruppe' }) });
    await running.getByRole('button', { name: 'Beitreten: Laufgruppe' }).click();
    await page.getByText('Sie sind Laufgruppe beigetreten.').waitFor();
    await expect.poll(() => running.getByTestId('group-state').textContent()).toBe('Mitglied');
    expect(await running.getByRole('button', { name: 'Verlassen: Laufgruppe' }).count()).toBe(1);
    const books = groups.filter({ has: page.getByRole('link', { name: 'Buchclub' }) });
    expect(await books.getByRole('button').innerText()).toMatch(/Beitritt anfragen|Anfrage zurückziehen/);
    // The hidden main group is not Max's to see.
    expect(await groups.filter({ hasText: 'Interessen-Koordination' }).count()).toBe(0);
  });

  it('says "category not found" for an unknown category, and stacks rows on a phone', async () => {
    const page = await signedIn('max.member@example.com', '/directory/unbekannt', { width: 390, height: 844 });
    await page.getByText('Kategorie nicht gefunden').waitFor();
    await page.goto(`${suite.server.url}/members?filter%5Blocation%5D=Hamburg`);
    const rows = page.getByTestId('member-list').getByRole('listitem');
    await rows.first().waitFor();
    const box = await rows.first().boundingBox();
    expect(box!.width).toBeLessThanOrEqual(390);
    // The values sit under the name, each with its label.
    expect(await rows.first().innerText()).toMatch(/Standort:?\s*\n?\s*Hamburg/);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
