import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { closeContexts, sharedBrowser, newPage, seriousViolations } from '../support/browser.ts';
import { linkIn, startMailbox } from '../support/mailbox.ts';
import { startServer, type RunningServer } from '../support/server.ts';

const PASSWORD = 'demo-password';
let server: RunningServer;
let browser: Browser;
let mailbox: Awaited<ReturnType<typeof startMailbox>>;
let context: BrowserContext | undefined;

beforeAll(async () => {
  mailbox = await startMailbox();
  server = await startServer({ SMTP_URL: mailbox.url });
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

async function open(path: string, options: { locale?: string; width?: number } = {}): Promise<Page> {
  const opened = await newPage(browser, options);
  context = opened.context;
  await opened.page.goto(server.url + path);
  return opened.page;
}

async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
}

describe('signing in', () => {
  const roles = [
    { email: 'anna.admin@example.com', name: 'Anna Adler', role: 'Netzwerk-Administration' },
    { email: 'max.member@example.com', name: 'Max Meier', role: 'Mitglied' },
    { email: 'gina.guest@example.com', name: 'Gina Gast', role: 'Externes Mitglied' },
  ];
  for (const account of roles) {
    it(`signs in ${account.email} and shows the network and the member`, async () => {
      const page = await open('/');
      await page.waitForURL('**/users/sign_in');
      await signIn(page, account.email);
      await expect.poll(() => new URL(page.url()).pathname).toBe('/');
      await page.getByRole('heading', { name: `Willkommen, ${account.name}` }).waitFor();
      await page.getByText('Sie sind im Netzwerk Acme Demo angemeldet.').waitFor();
      expect(await page.getByTestId('member-role').innerText()).toBe(account.role.toUpperCase());
      expect(await page.getByRole('banner').getByTestId('network-name').innerText()).toBe('Acme Demo');
    });
  }

  it('shows an error for a wrong password and stays on the sign-in page', async () => {
    const page = await open('/users/sign_in');
    await signIn(page, 'max.member@example.com', 'not-the-password');
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toContain('E-Mail-Adresse oder Passwort ist falsch.');
    expect(new URL(page.url()).pathname).toBe('/users/sign_in');
  });

  it('asks for the fields that are empty', async () => {
    const page = await open('/users/sign_in');
    await page.getByRole('button', { name: 'Anmelden' }).click();
    expect(await page.getByText('Bitte ausfüllen.').count()).toBe(2);
  });

  it('signs out, after which the start page asks to sign in again', async () => {
    const page = await open('/users/sign_in');
    await signIn(page, 'max.member@example.com');
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Abmelden' }).click();
    await page.waitForURL('**/users/sign_in');
    await page.goto(server.url + '/');
    await page.waitForURL('**/users/sign_in');
    await page.getByRole('heading', { name: 'Anmelden' }).waitFor();
  });

  it('brings the member back to the page asked for', async () => {
    const page = await open('/some/deep/page');
    await page.waitForURL('**/users/sign_in?redirect_to=*');
    await signIn(page, 'max.member@example.com');
    await page.waitForURL('**/some/deep/page');
    await page.getByRole('heading', { name: 'Seite nicht gefunden' }).waitFor();
  });

  it('switches the sign-in page to English', async () => {
    const page = await open('/users/sign_in');
    await page.getByLabel('Sprache').selectOption('en');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
  });

  it('works on a phone-sized screen', async () => {
    const page = await open('/users/sign_in', { width: 375 });
    await signIn(page, 'anna.admin@example.com');
    await page.getByRole('heading', { name: 'Willkommen, Anna Adler' }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
  });
});

describe('password reset', () => {
  it('mails a link with which a new password is set and used', async () => {
    const page = await open('/users/sign_in');
    await page.getByRole('link', { name: 'Passwort vergessen?' }).click();
    // The sign-in form has an address field too: fill in the one of the reset form, once it is there.
    await page.getByRole('button', { name: 'Link senden' }).waitFor();
    await page.getByLabel('E-Mail-Adresse').fill('lena.schmidt@example.com');
    await page.getByRole('button', { name: 'Link senden' }).click();
    await page.getByText('Wenn die Adresse zu einem Zugang gehört').waitFor();

    const mail = await mailbox.waitFor('lena.schmidt@example.com');
    const link = linkIn(mail.raw, '/users/password/edit');
    await page.goto(link.replace(/^https?:\/\/[^/]+/, server.url));
    await page.getByLabel('Neues Passwort').fill('a-brand-new-password');
    await page.getByLabel('Passwort wiederholen').fill('a-brand-new-password');
    await page.getByRole('button', { name: 'Passwort speichern' }).click();
    await page.getByText('Ihr Passwort ist gespeichert.').waitFor();

    await page.getByRole('link', { name: 'Zurück zur Anmeldung' }).click();
    await signIn(page, 'lena.schmidt@example.com', 'a-brand-new-password');
    await page.getByRole('heading', { name: 'Willkommen, Lena Schmidt' }).waitFor();
  });
});

describe('accessibility', () => {
  it('has no serious or critical violations on the sign-in page', async () => {
    const page = await open('/users/sign_in');
    await page.getByRole('heading', { name: 'Anmelden' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('has no serious or critical violations on the landing page', async () => {
    const page = await open('/users/sign_in');
    await signIn(page, 'anna.admin@example.com');
    await page.getByRole('heading', { name: 'Willkommen, Anna Adler' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
