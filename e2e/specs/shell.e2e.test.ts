import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { closeContexts, sharedBrowser, newPage, seriousViolations } from '../support/browser.ts';
import { startInProcessServer, type InProcessServer } from '../support/server.ts';
import { signInThroughSession } from '../support/sign-in.ts';

const PHONE = { width: 390, height: 844 };
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

async function open(path: string, options: { width?: number; height?: number; locale?: string } = {}) {
  const opened = await newPage(browser, options);
  context = opened.context;
  await opened.page.goto(server.url + path);
  return opened.page;
}

async function signedIn(email: string, path = '/', options: { width?: number; height?: number } = {}) {
  const opened = await newPage(browser, options);
  context = opened.context;
  await signInThroughSession(opened.page, server.url, email, path);
  await opened.page.getByRole('banner').waitFor();
  return opened.page;
}

async function openUserMenu(page: Page, name: string) {
  const button = page.getByTestId('user-menu');
  expect(await button.innerText()).toContain(name);
  await button.click();
  return page.getByRole('menu');
}

/** The signed-in member's membership and network, as the page's own calls tell them. */
async function currentMembership(page: Page) {
  return page.evaluate(async () => {
    const get = async (path: string) => (await fetch(path, { headers: { accept: 'application/json' } })).json();
    const session = (await get('/api/v1/session')) as { member: { id: string } };
    const network = (await get('/api/v1/network')) as { id: string };
    return { networkId: network.id, membershipId: session.member.id };
  });
}

describe('the shell on a desktop', () => {
  it('shows the header, the user bar with the member’s groups, and the profile menu', async () => {
    const page = await signedIn('anna.admin@example.com');
    const header = page.getByRole('banner');
    await header.getByText('Acme Demo').waitFor();
    await header.getByRole('link', { name: 'Startseite', exact: true }).waitFor();

    const userbar = page.getByRole('navigation', { name: 'Seitenleiste' });
    await userbar.waitFor();
    await userbar.getByRole('link', { name: 'Info' }).waitFor();
    await userbar.getByText('Teams', { exact: true }).waitFor();

    const menu = await openUserMenu(page, 'Anna Adler');
    for (const item of ['Benachrichtigungen', 'Sprache', 'Rechtliches', 'Abmelden']) {
      await menu.getByRole('menuitem', { name: new RegExp(item) }).waitFor();
    }
    // The network's administration, and that of each category, which a network admin administrates too.
    await menu.getByRole('menuitem', { name: 'Administration', exact: true }).waitFor();
    await menu.getByRole('menuitem', { name: 'Administration: Teams' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('hides the administration from members, and the server refuses them', async () => {
    const page = await signedIn('max.member@example.com');
    const menu = await openUserMenu(page, 'Max Meier');
    await menu.getByRole('menuitem', { name: 'Abmelden' }).waitFor();
    expect(await menu.getByRole('menuitem', { name: 'Administration', exact: true }).count()).toBe(0);
    // As Engineering's admin he has the administration of his groups in the Teams category.
    expect(await menu.getByRole('menuitem', { name: /^Administration: / }).allTextContents()).toEqual([
      'Administration: Teams',
    ]);
    await page.goto(server.url + '/administration/mails');
    await page.getByRole('heading', { level: 1, name: 'Kein Zugriff auf die Administration' }).waitFor();
  });

  it('collapses and expands a group category, and remembers it after a reload', async () => {
    const page = await signedIn('max.member@example.com');
    const teams = page.getByTestId('userbar-category-teams');
    expect(await teams.getAttribute('aria-expanded')).toBe('true');
    await teams.click();
    await expect.poll(() => teams.getAttribute('aria-expanded')).toBe('false');
    await page.reload();
    await page.getByTestId('userbar-category-teams').waitFor();
    expect(await page.getByTestId('userbar-category-teams').getAttribute('aria-expanded')).toBe('false');
  });

  it('signs out from the profile menu', async () => {
    const page = await signedIn('max.member@example.com');
    const menu = await openUserMenu(page, 'Max Meier');
    await menu.getByRole('menuitem', { name: 'Abmelden' }).click();
    await page.waitForURL('**/users/sign_in');
  });
});

describe('the shell on a phone', () => {
  it('keeps the user bar closed until the burger opens it, and closes it after navigating', async () => {
    const page = await signedIn('max.member@example.com', '/', PHONE);
    const burger = page.getByTestId('userbar-toggle');
    const userbar = page.getByRole('navigation', { name: 'Seitenleiste' });
    // Closed, the bar lies beside the screen and takes no keyboard focus.
    const onScreen = () => userbar.evaluate((el) => el.getBoundingClientRect().right > 0 && !(el as HTMLElement).inert);
    expect(await onScreen()).toBe(false);
    await burger.click();
    await expect.poll(onScreen).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    // The group's own link (the Activities bar lists its stream under the same name).
    await userbar.locator('a[href="/groups/engineering"]').click();
    await page.waitForURL('**/groups/engineering');
    await page.getByRole('heading', { name: 'Engineering' }).waitFor();
    await expect.poll(onScreen).toBe(false);
    // Nothing spills over the edge of a narrow screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });
});

describe('languages', () => {
  it('switches the member’s language on the locale settings page, and keeps it after signing in again', async () => {
    const page = await signedIn('max.member@example.com');
    const menu = await openUserMenu(page, 'Max Meier');
    await menu.getByRole('menuitem', { name: 'Sprache' }).click();
    await page.getByRole('heading', { name: 'Spracheinstellungen' }).waitFor();
    await page.getByRole('radio', { name: 'English' }).check();
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByRole('heading', { name: 'Language settings' }).waitFor();
    expect(await page.getByRole('banner').getByRole('link', { name: 'Start page', exact: true }).isVisible()).toBe(
      true,
    );
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(await seriousViolations(page)).toEqual([]);

    // Back to the network's language, so that the other tests find German.
    await page.getByRole('radio', { name: /Language of the network/ }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { name: 'Spracheinstellungen' }).waitFor();
  });
});

describe('notifications', () => {
  it('shows a notification made on the server at once, without a reload', async () => {
    const page = await signedIn('max.member@example.com');
    const bell = page.getByTestId('notification-bell');
    const before = await page.evaluate(async () => {
      const answer = await fetch('/api/v1/unreads', { headers: { accept: 'application/json' } });
      return ((await answer.json()) as { Notifications: number }).Notifications;
    });
    await bell.click();
    // The bell's list; the start page behind it lists the newest notifications too.
    const dropdown = page.getByRole('dialog', { name: 'Benachrichtigungen' });
    await dropdown.waitFor();

    const { networkId, membershipId } = await currentMembership(page);
    await server.services.notifications.notify({
      networkId,
      recipientIds: [membershipId],
      type: 'e2e_check',
      actorId: null,
      subject: { type: 'group', id: null, title: 'Engineering', path: '/groups/engineering' },
      text: 'Ein Test meldet sich live.',
    });

    await dropdown.getByText('Ein Test meldet sich live.').waitFor();
    await expect.poll(() => page.getByTestId('notification-badge').innerText()).toContain(String(before + 1));
    expect(await seriousViolations(page)).toEqual([]);

    await dropdown.getByText('Ein Test meldet sich live.').click();
    await page.waitForURL('**/groups/engineering');
    await expect.poll(() => page.getByTestId('notification-badge').innerText()).not.toContain(String(before + 1));
  });

  it('lists all notifications on their page and marks them all read', async () => {
    const page = await signedIn('anna.admin@example.com', '/notifications');
    await page.getByRole('heading', { name: 'Benachrichtigungen' }).waitFor();
    expect(await page.title()).toBe('Benachrichtigungen · Acme Demo');
    await expect.poll(() => page.getByTestId('notification-item').count()).toBeGreaterThan(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('main').getByRole('button', { name: 'Alle als gelesen markieren' }).click();
    await expect.poll(() => page.locator('[data-testid="notification-item"][data-read="false"]').count()).toBe(0);
  });
});

describe('public pages and the outbox', () => {
  it('shows the imprint and the legal texts to anonymous visitors', async () => {
    const page = await open('/imprint');
    await page.getByRole('heading', { name: 'Impressum' }).waitFor();
    await page.getByText('Acme Demo GmbH').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto(server.url + '/legal');
    await page.getByRole('link', { name: 'Datenschutzerklärung' }).click();
    await page.waitForURL('**/legal/datenschutz');
    await page.getByRole('heading', { name: 'Datenschutzerklärung' }).waitFor();
  });

  it('keeps mails in the outbox without SMTP, where administrators read them', async () => {
    const reset = await fetch(server.url + '/users/password', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ user: { email: 'lena.schmidt@example.com' } }),
    });
    expect(reset.status).toBe(200);

    const page = await signedIn('anna.admin@example.com', '/administration');
    // The mail is written to the outbox by a job: the list shows it once that has run.
    await expect
      .poll(
        async () =>
          (
            await page.request.get(`${server.url}/api/v1/administration/mails`, {
              headers: { accept: 'application/json' },
            })
          ).text(),
        { timeout: 30_000 },
      )
      .toContain('lena.schmidt@example.com');
    await page.getByRole('link', { name: /Versendete E-Mails/ }).click();
    await page.waitForURL('**/administration/mails');
    const row = page.getByRole('row', { name: /lena\.schmidt@example\.com/ });
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await seriousViolations(page)).toEqual([]);
    await row.first().getByRole('link').click();
    await page.waitForURL(/\/administration\/mails\/[0-9a-f]{24}$/);
    await page.getByText('Nur Text', { exact: true }).click();
    await page.getByText('/users/password/edit?reset_password_token=').waitFor();
  });
});

describe('themes', () => {
  it('applies a group’s own design on its pages and clears it elsewhere', async () => {
    const page = await signedIn('max.member@example.com');
    const primary = () =>
      page.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue('--mantine-primary-color-filled').trim(),
      );
    const networkPrimary = await primary();
    const groups = (await page.evaluate(async () => {
      const answer = await fetch('/api/v1/userbar/groups', { headers: { accept: 'application/json' } });
      return answer.json();
    })) as {
      categories: Array<{ groups: Array<{ slug: string; active_theme: { colors: { primary: string } } | null }> }>;
    };
    const themed = groups.categories.flatMap((c) => c.groups).find((g) => g.active_theme);
    expect(themed).toBeDefined();

    await page.goto(`${server.url}/groups/${themed!.slug}`);
    await expect.poll(primary).toBe(themed!.active_theme!.colors.primary);
    await page.goto(`${server.url}/notifications`);
    await expect.poll(primary).toBe(networkPrimary);
  });
});
