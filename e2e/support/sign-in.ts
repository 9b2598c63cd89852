import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/** The demo accounts' password (README). */
export const DEMO_PASSWORD = 'demo-password';

/**
 * Signs in through the German sign-in form, as a member would, and waits until the page that
 * sent the member there (`path`; the start page `/` lands on without one) is shown.
 */
export async function signInThroughForm(
  page: Page,
  baseUrl: string,
  email: string,
  path: string,
  password = DEMO_PASSWORD,
): Promise<void> {
  const query = path === '/' ? '' : `?redirect_to=${encodeURIComponent(path)}`;
  await page.goto(`${baseUrl}/users/sign_in${query}`);
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe(path.split('?')[0]);
}

/**
 * Signs in as the form does (`POST /users/sign_in`, whose session cookie lands in the page's
 * context), then opens `path` and waits until it is shown: for tests about what a member does
 * once signed in. The sign-in page itself, which this skips loading, is tested through the form
 * (sign-in.e2e and the specs that sign in with a password just set).
 */
export async function signInThroughSession(
  page: Page,
  baseUrl: string,
  email: string,
  path: string,
  password = DEMO_PASSWORD,
): Promise<void> {
  const answer = await page.context().request.post(`${baseUrl}/users/sign_in`, {
    data: { user: { email, password } },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  await page.goto(`${baseUrl}${path}`);
  await expect.poll(() => new URL(page.url()).pathname).toBe(path.split('?')[0]);
}
