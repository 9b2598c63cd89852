import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/** The demo accounts' password (README). */
export const DEMO_PASSWORD = 'demo-password';

/**
 * Signs in through the German sign-in form, as a member would, and waits until the page that
 * sent the member there (`path`) is shown.
 */
export async function signInThroughForm(page: Page, baseUrl: string, email: string, path: string): Promise<void> {
  await page.goto(`${baseUrl}/users/sign_in?redirect_to=${encodeURIComponent(path)}`);
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe(path.split('?')[0]);
}
