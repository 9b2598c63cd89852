import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations } from '../support/browser.ts';
import { browserSuite } from '../support/suite.ts';

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const suite = browserSuite({ ...DESKTOP, timezoneId: 'Europe/Berlin' });

/** Console errors and uncaught exceptions of a page from now on. */
function watchConsole(page: Page): string[] {
  const troubles: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') troubles.push(message.text());
  });
  page.on('pageerror', (error) => troubles.push(error.message));
  return troubles;
}

describe('the start page', () => {
  it('gives Max his next appointments, invites, unread chats, notifications and groups, each with its way on', async () => {
    const page = await suite.signedIn('max.member@example.com', '/');
    const troubles = watchConsole(page);
    await page.getByRole('heading', { name: 'Willkommen, Max Meier' }).waitFor();

    const appointments = page.getByTestId('home-appointments');
    await appointments.getByTestId('home-appointment').first().waitFor();
    expect(await appointments.getByTestId('home-appointment').count()).toBeGreaterThan(1);
    expect(await appointments.getByRole('link', { name: 'Alle meine Termine' }).getAttribute('href')).toBe(
      '/appointments/participating',
    );

    const invites = page.getByTestId('home-invites');
    await invites.getByTestId('home-invite').first().waitFor();
    expect(await invites.getByRole('link', { name: /Termin-Einladungen/ }).getAttribute('href')).toBe(
      '/appointments/invites',
    );
    expect(await invites.getByRole('link', { name: /Gruppeneinladungen/ }).getAttribute('href')).toBe('/invites');

    // Lena left Max three unread messages.
    const chats = page.getByTestId('home-chats');
    await chats.getByText('Lena Schmidt').waitFor();
    expect(await page.getByTestId('home-notifications').getByTestId('notification-item').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('home-groups').getByRole('link', { name: 'Engineering' }).getAttribute('href')).toBe(
      '/groups/engineering',
    );

    // The user bar opens on Activities, not on the imprint and legal texts.
    await page.getByTestId('activities-bar').waitFor();
    expect(await page.getByTestId('info-bar').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);

    // A category card leads to its tab in the directory.
    await page.getByTestId('home-category').filter({ hasText: 'Teams' }).click();
    await page.waitForURL(/\/directory\/[0-9a-f]{24}$/);
    await page.getByRole('link', { name: 'Engineering' }).first().waitFor();

    // An unread chat opens the chat.
    await page.goBack();
    await page.getByTestId('home-chats').getByText('Lena Schmidt').click();
    await page.waitForURL(/\/chat\/.+/);
    await page.getByTestId('chat-page').waitFor();
    expect(troubles).toEqual([]);
  });

  it('shows Gina, a guest without chat, what she may use and no chat section', async () => {
    const page = await suite.signedIn('gina.guest@example.com', '/');
    await page.getByRole('heading', { name: 'Willkommen, Gina Gast' }).waitFor();
    await page.getByTestId('home-invites').getByTestId('home-invite').first().waitFor();
    await page.getByTestId('home-groups').getByRole('link', { name: 'Website Relaunch' }).waitFor();
    expect(await page.getByTestId('home-chats').count()).toBe(0);
    expect(await page.getByTestId('home-category').count()).toBe(4);
  });

  it('fits a phone: no sideways scrolling, every section one below the other', async () => {
    const page = await suite.signedIn('max.member@example.com', '/', PHONE);
    await page.getByTestId('home-appointments').getByTestId('home-appointment').first().waitFor();
    // Read by now (the first test opened it): the section stays, with its way to the chat.
    await page.getByTestId('home-chats').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    const lefts = await Promise.all(
      ['appointments', 'invites', 'chats', 'groups', 'notifications'].map(
        async (name) => (await page.getByTestId(`home-${name}`).boundingBox())!.x,
      ),
    );
    expect(new Set(lefts).size).toBe(1);
  });

  it('keeps the info bar on the imprint', async () => {
    const page = await suite.signedIn('max.member@example.com', '/imprint');
    await page.getByTestId('info-bar').waitFor();
    expect(await page.getByTestId('activities-bar').count()).toBe(0);
  });
});
