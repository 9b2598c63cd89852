import { describe, expect, it } from 'vitest';
import type { ConsoleMessage, Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../support/sign-in.ts';
import { browserSuite } from '../support/suite.ts';

// Every demo account follows the network's language (German) until it chooses one of its own.
const suite = browserSuite();

const ENGLISH_BROWSER = { locale: 'en-US' };

/** What the page logs as an error or warning, and what it throws, from its first request on. */
function consoleTroubles(page: Page): string[] {
  const troubles: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' || message.type() === 'warning')
      troubles.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => troubles.push(`pageerror: ${error.message}`));
  return troubles;
}

const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);

/** A page of a fresh browser context (no cookies), its console watched. */
async function freshPage(options: { locale?: string } = {}) {
  const page = await suite.anonymous(options);
  return { page, troubles: consoleTroubles(page) };
}

/** Signs in with the API, as a bookmark would find the member: already signed in. */
async function signInByRequest(page: Page, email: string) {
  const response = await page.request.post(`${suite.server.url}/users/sign_in`, {
    data: { user: { email, password: DEMO_PASSWORD } },
  });
  expect(response.status()).toBe(200);
}

describe('the language after signing in', () => {
  it('keeps the language a member without one chose on the sign-in page, after a reload too', async () => {
    const { page, troubles } = await freshPage();
    await page.goto(`${suite.server.url}/users/sign_in`);
    await page
      .getByText(
        'Hat Ihr Konto eine eigene Sprache, gilt nach der Anmeldung diese; sonst wird die hier gewählte Sprache zu Ihrer.',
      )
      .waitFor();
    await page.getByLabel('Sprache').selectOption('en');
    await page
      .getByText(
        'If your account has a language of its own, it applies after signing in; if not, the language chosen here becomes yours.',
      )
      .waitFor();

    await page.getByLabel('E-mail address').fill('lena.schmidt@example.com');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await page.getByTestId('user-menu').waitFor();
    expect(await htmlLang(page)).toBe('en');
    await page.getByRole('link', { name: 'Skip to content' }).waitFor({ state: 'attached' });
    // The choice became the account's: nothing to announce.
    expect(await page.getByText(/the language of your account/).count()).toBe(0);

    await page.reload();
    await page.getByTestId('user-menu').waitFor();
    expect(await htmlLang(page)).toBe('en');
    const settings = await page.evaluate(async () => {
      const session = (await (await fetch('/api/v1/session')).json()) as { member: { id: string }; locale: string };
      const own = await fetch(`/members/${session.member.id}/locale_settings`, {
        headers: { accept: 'application/json' },
      });
      return { session: session.locale, own: ((await own.json()) as { locale: string | null }).locale };
    });
    expect(settings).toEqual({ session: 'en', own: 'en' });
    expect(troubles).toEqual([]);
  });

  it("switches to the language of the member's account and says so", async () => {
    const { page, troubles } = await freshPage(ENGLISH_BROWSER);
    await page.goto(`${suite.server.url}/users/sign_in`);
    await page
      .getByText(
        'If your account has a language of its own, it applies after signing in; if not, the language chosen here becomes yours.',
      )
      .waitFor();
    // The browser's language is no choice: Max keeps following the network's German.
    await page.getByLabel('E-mail address').fill('max.member@example.com');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page
      .getByText(
        'Jetzt auf Deutsch, der Sprache Ihres Kontos. Ändern können Sie sie unter „Sprache“ in Ihrem Profilmenü.',
      )
      .waitFor();
    expect(await htmlLang(page)).toBe('de');
    await page.getByRole('link', { name: 'Zum Inhalt springen' }).waitFor({ state: 'attached' });
    expect(troubles).toEqual([]);
  });
});

describe('pages loaded directly', () => {
  for (const [path, heading] of [
    ['/imprint', 'Impressum'],
    ['/legal', 'Rechtliches'],
  ] as const) {
    it(`shows ${path} to a German member in German, in an English browser`, async () => {
      const { page, troubles } = await freshPage(ENGLISH_BROWSER);
      await signInByRequest(page, 'max.member@example.com');
      await page.goto(`${suite.server.url}${path}`);
      await page.getByRole('heading', { name: heading, exact: true }).first().waitFor();
      expect(await htmlLang(page)).toBe('de');
      await page.getByRole('link', { name: 'Zum Inhalt springen' }).waitFor({ state: 'attached' });
      await page.getByRole('link', { name: 'Acme Demo: Startseite' }).waitFor();
      expect(await page.getByText('Skip to content').count()).toBe(0);
      expect(troubles).toEqual([]);
    });
  }

  it('shows the imprint to a visitor in the browser’s language, with a clean console', async () => {
    const { page, troubles } = await freshPage(ENGLISH_BROWSER);
    const session = page.waitForResponse((response) => response.url().endsWith('/api/v1/session'));
    await page.goto(`${suite.server.url}/imprint`);
    expect((await session).status()).toBe(204);
    await page.getByRole('heading', { name: 'Imprint', exact: true }).first().waitFor();
    await page.getByRole('link', { name: 'Sign in' }).waitFor();
    expect(await htmlLang(page)).toBe('en');
    expect(troubles).toEqual([]);
  });

  it('loads the sign-in page and the signed-in modules without a console error or warning', async () => {
    const { page, troubles } = await freshPage();
    await page.goto(`${suite.server.url}/`);
    await page.waitForURL('**/users/sign_in');
    await page.getByRole('button', { name: 'Anmelden' }).waitFor();
    await page.getByLabel('E-Mail-Adresse').fill('anna.admin@example.com');
    await page.getByLabel('Passwort', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    // A full load of each module's first page, as a reload or a bookmark makes it.
    for (const path of ['/', '/appointments', '/appointments/invites', '/chat', '/directory', '/invites', '/legal']) {
      await page.goto(`${suite.server.url}${path}`);
      await page.getByTestId('user-menu').waitFor();
      await page.waitForLoadState('networkidle');
      expect(troubles, path).toEqual([]);
    }
  });
});
