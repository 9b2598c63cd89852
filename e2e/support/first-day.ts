import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations } from './browser.ts';
import { DEMO_PASSWORD } from './sign-in.ts';
import type { browserSuite } from './suite.ts';

export const DESKTOP = { width: 1440, height: 900 };
export const PHONE = { width: 390, height: 844 };

/** The demo's new colleagues in the closed team "Human Resources", invited by Anna to their onboarding. */
export const NEW_COLLEAGUES = {
  noah: { email: 'noah.schwarz@example.com', name: 'Noah Schwarz' },
  mia: { email: 'mia.zimmermann@example.com', name: 'Mia Zimmermann' },
} as const;

export type FirstDay = {
  size: typeof DESKTOP | typeof PHONE;
  /**
   * 'de': the network's German applies (the new colleagues have no language of their own).
   * 'en': the member picks English on the German sign-in page, which becomes their language.
   */
  language: 'de' | 'en';
  member: (typeof NEW_COLLEAGUES)[keyof typeof NEW_COLLEAGUES];
};

const GROUP = 'Human Resources';
const INVITE = 'Onboarding neue Kolleg:innen';
// The machine running the tests is shared and slow at times.
const SHOWN = { timeout: 20_000 };

/** Words of the two languages, picked by the run's language. */
const WORDS = {
  de: {
    welcome: (name: string) => `Willkommen, ${name}`,
    calendars: /^(\d+ )?Kalender$/,
    home: 'Startseite',
    openUserbar: 'Seitenleiste einblenden',
    groupCalendar: /^Kalender\b/,
    groupChat: /^Chat\b/,
    groupMembers: /^Mitglieder\b/,
    appointmentInvites: /^Termin-Einladungen/,
    accept: `Einladung zu „${INVITE}“ zusagen`,
    accepted: `Sie haben die Einladung zu „${INVITE}“ angenommen.`,
  },
  en: {
    welcome: (name: string) => `Welcome, ${name}`,
    calendars: /^(\d+ )?Calendars?$/,
    home: 'Start page',
    openUserbar: 'Show user bar',
    groupCalendar: /^Calendar\b/,
    groupChat: /^Chat\b/,
    groupMembers: /^Members\b/,
    appointmentInvites: /^Appointment invitations/,
    accept: `Accept the invitation to “${INVITE}”`,
    accepted: `You accepted the invitation to “${INVITE}”.`,
  },
} as const;

/** What the page logs as an error or warning, and what it throws, from its first request on. */
function watchConsole(page: Page): string[] {
  const troubles: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      troubles.push(`${message.type()}: ${message.text()} (${page.url()})`);
  });
  page.on('pageerror', (error) => troubles.push(`pageerror: ${error.message} (${page.url()})`));
  return troubles;
}

/**
 * Text that looks like a translation key shown raw ("namespace.some_key", "some.nested_key"):
 * dotted lower-case words with an underscore, or starting with one of the app's namespaces.
 */
const NAMESPACES = [
  'administration',
  'appointments',
  'calendars',
  'chat',
  'common',
  'directory',
  'groups',
  'home',
  'legal',
  'maps',
  'members',
  'notifications',
  'session',
  'shell',
  'ui',
  'upload',
];
async function rawKeys(page: Page): Promise<string[]> {
  const text = await page.locator('body').innerText();
  const candidates =
    text.match(/(?<![\w@.:/-])[a-z][a-z0-9]*(?:[_-][a-z0-9]+)*(?:\.[a-z][a-z0-9]*(?:_[a-z0-9]+)*)+(?![\w@/-])/g) ?? [];
  return candidates.filter((c) => c.includes('_') || NAMESPACES.includes(c.split('.')[0]!));
}

/** No not-found or no-access page, no failed section, no raw key, the member's language on the page. */
async function expectNoDeadEnd(page: Page, language: 'de' | 'en', where: string) {
  await page.waitForLoadState('networkidle');
  expect(await page.locator('[data-testid^="missing-"]').count(), where).toBe(0);
  expect(await rawKeys(page), where).toEqual([]);
  // Nor a section that failed to load on the way.
  expect(await page.getByText(/nicht geladen werden|could not be loaded/).count(), where).toBe(0);
  expect(await page.evaluate(() => document.documentElement.lang), where).toBe(language);
}

async function expectAccessible(page: Page, where: string) {
  expect(await seriousViolations(page), where).toEqual([]);
}

/** Signs in from the start page's address, choosing English on the sign-in page for an English run. */
async function signIn(page: Page, baseUrl: string, { language, member }: FirstDay) {
  await page.goto(`${baseUrl}/`);
  await page.waitForURL('**/users/sign_in', SHOWN);
  await page.getByRole('button', { name: 'Anmelden' }).waitFor(SHOWN);
  if (language === 'en') {
    await page.getByLabel('Sprache').selectOption('en');
    await page.getByRole('button', { name: 'Sign in' }).waitFor(SHOWN);
  }
  await page.getByLabel(language === 'en' ? 'E-mail address' : 'E-Mail-Adresse').fill(member.email);
  await page.getByLabel(language === 'en' ? 'Password' : 'Passwort', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: language === 'en' ? 'Sign in' : 'Anmelden' }).click();
  await expect.poll(() => new URL(page.url()).pathname, SHOWN).toBe('/');
}

/** Back to the start page by the header's home button, as a member finds their way back. */
async function goHome(page: Page, words: (typeof WORDS)['de' | 'en'], member: FirstDay['member']) {
  await page.getByRole('banner').getByRole('link', { name: words.home, exact: true }).click();
  await page.getByRole('heading', { name: words.welcome(member.name) }).waitFor(SHOWN);
}

/**
 * A new member's first day, only by clicking from the start page: the calendar, their group with
 * its calendar and chat, a colleague's profile, and the invite to their onboarding accepted, with
 * no dead end, no raw key and nothing in the console on the way.
 */
export async function walkFirstDay(suite: ReturnType<typeof browserSuite>, day: FirstDay): Promise<void> {
  const { size, language, member } = day;
  const words = WORDS[language];
  const phone = size.width < 768;
  // A German browser either way: English is the member's own choice on the sign-in page.
  const page = await suite.anonymous({ ...size, locale: 'de-DE' });
  const troubles = watchConsole(page);

  await signIn(page, suite.server.url, day);
  await page.getByRole('heading', { name: words.welcome(member.name) }).waitFor(SHOWN);
  await page.getByTestId('home-invites').getByTestId('home-invite').first().waitFor(SHOWN);
  await expectNoDeadEnd(page, language, 'start page');
  await expectAccessible(page, 'start page');
  if (phone) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);

  // The calendar, from the user bar (behind the burger on a phone).
  if (phone) await page.getByRole('button', { name: words.openUserbar }).click();
  await page.getByRole('navigation').getByRole('link', { name: words.calendars }).click();
  await page.waitForURL(/\/appointments$/, SHOWN);
  await page.getByText(INVITE).first().waitFor(SHOWN);
  await expectNoDeadEnd(page, language, 'calendar');
  await expectAccessible(page, 'calendar');

  // Their group, its calendar and its chat.
  await goHome(page, words, member);
  await page.getByTestId('home-groups').getByRole('link', { name: GROUP }).click();
  await page.getByRole('heading', { name: GROUP, level: 1 }).waitFor(SHOWN);
  await expectNoDeadEnd(page, language, 'group');
  await expectAccessible(page, 'group');
  const main = page.getByRole('main');
  await main.getByRole('link', { name: words.groupCalendar }).click();
  await page.waitForURL(/\/groups\/human-resources\/calendars/, SHOWN);
  await page.getByRole('main').getByText(INVITE).first().waitFor(SHOWN);
  await expectNoDeadEnd(page, language, 'group calendar');

  await page.goBack();
  await page.getByRole('heading', { name: GROUP, level: 1 }).waitFor(SHOWN);
  await main.getByRole('link', { name: words.groupChat }).click();
  await page.waitForURL(/\/chat\/group\//, SHOWN);
  await page.getByTestId('chat-page').waitFor(SHOWN);
  await page.getByRole('textbox').first().waitFor(SHOWN);
  await expectNoDeadEnd(page, language, 'group chat');

  // A colleague's profile, from the group's members.
  await goHome(page, words, member);
  await page.getByTestId('home-groups').getByRole('link', { name: GROUP }).click();
  await page.getByRole('heading', { name: GROUP, level: 1 }).waitFor(SHOWN);
  await main.getByRole('link', { name: words.groupMembers }).first().click();
  await page.waitForURL(/\/groups\/human-resources\/members/, SHOWN);
  await main.getByRole('link', { name: 'Anna Adler' }).first().click();
  await page.getByRole('heading', { name: 'Anna Adler', level: 1 }).waitFor(SHOWN);
  await expectNoDeadEnd(page, language, 'profile');

  // The invite to the onboarding, answered from the start page's open invites.
  await goHome(page, words, member);
  await page.getByTestId('home-invites').getByRole('link', { name: words.appointmentInvites }).click();
  await page.waitForURL(/\/appointments\/invites$/, SHOWN);
  await page.getByRole('button', { name: words.accept }).click();
  await page.getByText(words.accepted).first().waitFor(SHOWN);
  await expectNoDeadEnd(page, language, 'invites');
  // Answered: the start page no longer counts it among the open invites.
  await goHome(page, words, member);
  await page.getByTestId('home-appointments').getByRole('link', { name: INVITE }).waitFor(SHOWN);
  expect(await page.getByTestId('home-invites').getByRole('link', { name: INVITE }).count()).toBe(0);

  expect(troubles).toEqual([]);
}
