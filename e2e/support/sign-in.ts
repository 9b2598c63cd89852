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
