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

describe('joining the network', () => {
  it('Anna invites two people by a CSV file in ISO-8859-1; one joins through the mailed link and finds the group', async () => {
    const anna = await suite.signedIn('anna.admin@example.com', '/administration/invites/new');
    await anna.getByRole('tab', { name: 'CSV-Upload' }).click();
    // Excel on Windows writes Latin-1: the umlauts are single bytes.
    const csv =
      'email;first_name;last_name\njoerg.mueller@example.org;Jörg;Müller\nzoe.brandle@example.org;Zoë;Brändle\n';
    await anna
      .locator('input[type=file]')
      .setInputFiles({ name: 'einladungen.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'latin1') });
    await anna.getByRole('textbox', { name: 'Gruppen' }).fill('Engin');
    await anna.getByRole('option', { name: /Engineering/ }).click();
    await anna.getByRole('button', { name: 'Hochladen und einladen' }).click();
    await anna.getByText('2 Einladungen versendet.').first().waitFor();

    const mail = await mailbox().waitFor('joerg.mueller@example.org', 20_000);
    await mailbox().waitFor('zoe.brandle@example.org', 20_000);
    const link = linkIn(mail.raw, '/invitations/');

    const joerg = await suite.anonymous();
    await joerg.goto(link);
    await joerg.getByRole('heading', { level: 1, name: 'Ihre Einladung' }).waitFor();
    // The names from the file, decoded as Latin-1.
    expect(await joerg.getByLabel('Vorname').inputValue()).toBe('Jörg');
    expect(await joerg.getByLabel('Nachname').inputValue()).toBe('Müller');
    await joerg.getByText('Engineering').waitFor();
    expect(await seriousViolations(joerg)).toEqual([]);
    await joerg.locator('input[name=password]').fill('joergs-password');
    await joerg.locator('input[name=password_confirmation]').fill('joergs-password');
    await joerg.getByRole('button', { name: 'Beitreten' }).click();
    // He left the profile fields the network asks for empty: the onboarding asks once more first.
    await expect.poll(() => new URL(joerg.url()).pathname).toBe('/onboarding/profile');
    await joerg.getByLabel('Abteilung', { exact: true }).fill('Entwicklung');
    await joerg.getByRole('button', { name: 'Speichern und weiter' }).click();
    await expect.poll(() => new URL(joerg.url()).pathname).toBe('/');

    // Signed in again with the password chosen, the invited group is on the start page.
    const again = await suite.anonymous();
    await signInAs(again, 'joerg.mueller@example.org', 'joergs-password');
    await again.getByTestId('home-groups').getByRole('link', { name: 'Engineering' }).waitFor();

    // The link is spent: a visitor who opens it again is told so.
    const later = await suite.anonymous();
    await later.goto(link);
    await later.getByText('Dieser Einladungslink gilt nicht mehr', { exact: false }).waitFor();
  });

  it('someone signs up with the proof of work, waits, and Anna lets them in', async () => {
    const visitor = await suite.anonymous({ width: 390, height: 844 });
    await visitor.goto(`${suite.server.url}/users/sign_in`);
    await visitor.getByRole('link', { name: 'Neu hier? Registrieren' }).click();
    await visitor.getByRole('heading', { level: 1, name: 'Registrieren' }).waitFor();
    await visitor.getByLabel('E-Mail-Adresse').fill('ines.koenig@example.org');
    await visitor.getByLabel('Vorname').fill('Ines');
    await visitor.getByLabel('Nachname').fill('König');
    await visitor.locator('input[name=password]').fill('ines-password');
    await visitor.locator('input[name=password_confirmation]').fill('ines-password');
    await visitor.getByLabel('Abteilung').fill('Einkauf');
    // The widget solves its challenge by itself; the button waits for it.
    const submit = visitor.getByRole('button', { name: 'Registrieren' });
    await expect.poll(() => submit.isEnabled(), { timeout: 30_000 }).toBe(true);
    expect(await seriousViolations(visitor)).toEqual([]);
    await submit.click();
    await visitor.getByRole('heading', { level: 1, name: 'Registrierung eingegangen' }).waitFor();

    const anna = await suite.signedIn('anna.admin@example.com', '/administration/registrations');
    const card = anna.getByRole('listitem', { name: 'Ines König' });
    await card.getByText('Abteilung: Einkauf').waitFor();
    expect(await seriousViolations(anna)).toEqual([]);
    await card.getByRole('button', { name: 'Ines König freigeben' }).click();
    await anna.getByRole('dialog').getByRole('button', { name: 'Freigeben' }).click();
    await anna.getByText('Ines König ist jetzt Mitglied.').waitFor();

    const mail = await mailbox().waitFor('ines.koenig@example.org', 20_000);
    expect(mail.raw).toContain('/users/sign_in');
    await signInAs(visitor, 'ines.koenig@example.org', 'ines-password');
  });
});
