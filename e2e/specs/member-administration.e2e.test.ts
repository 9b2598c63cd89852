import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations } from '../support/browser.ts';
import { linkIn, suiteMailbox } from '../support/mailbox.ts';
import { signInThroughForm } from '../support/sign-in.ts';
import { browserSuite } from '../support/suite.ts';

const { env, mailbox } = suiteMailbox();
const suite = browserSuite({ timezoneId: 'Europe/Berlin' }, env);

const signInAs = (page: Page, email: string, password: string) =>
  signInThroughForm(page, suite.server.url, email, '/', password);

describe('members administration', () => {
  it('Anna makes a member with the welcome mail; they choose a password, sign in, are locked out at once and deleted', async () => {
    const anna = await suite.signedIn('anna.admin@example.com', '/administration');
    await anna.locator('a[href="/administration/members"]').click();
    await anna.getByRole('heading', { level: 1, name: 'Mitglieder' }).waitFor();
    await anna.getByRole('link', { name: 'Neues Mitglied' }).click();
    await anna.getByLabel('E-Mail-Adresse').fill('olga.neu@example.org');
    await anna.getByLabel('Vorname').fill('Olga');
    await anna.getByLabel('Nachname').fill('Neu');
    await anna.getByRole('checkbox', { name: 'Willkommens-E-Mail senden' }).check();
    expect(await anna.getByLabel('Passwort').count()).toBe(0);
    expect(await seriousViolations(anna)).toEqual([]);
    await anna.getByRole('button', { name: 'Mitglied anlegen' }).click();
    await anna.getByRole('heading', { level: 1, name: 'Olga Neu' }).waitFor();

    const mail = await mailbox().waitFor('olga.neu@example.org', 20_000);
    const olga = await suite.anonymous();
    await olga.goto(linkIn(mail.raw, '/users/password/edit'));
    await olga.getByRole('heading', { level: 1, name: 'Passwort wählen' }).waitFor();
    await olga.locator('input[name=password]').fill('olgas-password');
    await olga.locator('input[name=password_confirmation]').fill('olgas-password');
    await olga.getByRole('button', { name: 'Passwort speichern' }).click();
    await olga.getByText('Ihr Passwort ist gespeichert', { exact: false }).waitFor();
    await signInAs(olga, 'olga.neu@example.org', 'olgas-password');

    // Locked: her next request is refused and she is sent to sign in.
    await anna.getByRole('button', { name: 'Sperren' }).click();
    await anna.getByRole('dialog').getByRole('button', { name: 'Sperren' }).click();
    await anna.getByText('Olga Neu ist gesperrt.').waitFor();
    await olga.goto(`${suite.server.url}/calendar`);
    await expect.poll(() => new URL(olga.url()).pathname).toBe('/users/sign_in');

    // Deleted: gone from the list; her address may be used again.
    await anna.getByRole('button', { name: 'Mitglied löschen' }).click();
    await anna.getByRole('dialog').getByRole('button', { name: 'Mitglied löschen' }).click();
    await expect.poll(() => new URL(anna.url()).pathname).toBe('/administration/members');
    await anna.getByLabel('Nach Name oder E-Mail suchen').fill('olga');
    await anna.getByText('Keine Mitglieder gefunden').waitFor();
  });
});
