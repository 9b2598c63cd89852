import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import * as OTPAuth from 'otpauth';
import { DEMO_PASSWORD } from '../support/sign-in.ts';
import { browserSuite } from '../support/suite.ts';

const suite = browserSuite({ timezoneId: 'Europe/Berlin' });
// The machine running the tests is shared and slow at times.
const SHOWN = { timeout: 20_000 };
const MAX = 'max.member@example.com';

/** The code an authenticator app shows for the key, `steps` periods from now. */
const codeFor = (secret: string, steps = 0) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + steps * 30_000 });

beforeAll(async () => {
  // The demo network offers two-factor authentication, as its administrators would set it.
  const network = await suite.server.services.networks.resolveForHost('localhost');
  await suite.server.services.networks.updateSettings(network!.id, { two_factor: 'enabled' });
});

describe('two-factor authentication', () => {
  it('Max adds an authenticator app, saves his backup codes, and signs in again with a code', async () => {
    const max = await suite.signedIn(MAX, '/users/two_factor_authentication');
    await max.getByRole('heading', { name: 'Zwei-Faktor-Authentifizierung' }).waitFor(SHOWN);
    await max.getByRole('button', { name: 'Authenticator-App hinzufügen' }).click();
    await max.getByRole('img', { name: 'QR-Code für Ihre Authenticator-App' }).waitFor(SHOWN);
    const secret = (await max.getByTestId('secret-key').innerText()).trim();

    await max.getByLabel(/^Code/).fill(codeFor(secret));
    await max.getByRole('button', { name: 'Aktivieren' }).click();
    const codes = max.getByTestId('backup-codes');
    await codes.waitFor(SHOWN);
    const shown = (await codes.innerText()).split(/\s+/).filter(Boolean);
    expect(shown).toHaveLength(10);

    const download = max.waitForEvent('download');
    await max.getByRole('button', { name: 'Herunterladen' }).click();
    const saved = await download;
    expect(saved.suggestedFilename()).toBe('backup_codes.txt');
    expect(
      fs
        .readFileSync((await saved.path())!, 'utf8')
        .trim()
        .split('\n'),
    ).toEqual(shown);
    await max.getByRole('button', { name: 'Fertig' }).click();
    await max.getByRole('cell', { name: 'Authenticator-App' }).waitFor(SHOWN);

    // Signed out and in again, the password alone is not enough.
    await max.context().clearCookies();
    await max.goto(`${suite.server.url}/users/sign_in?redirect_to=%2Fmessages`);
    await max.getByLabel('E-Mail-Adresse').fill(MAX);
    await max.getByLabel('Passwort', { exact: true }).fill(DEMO_PASSWORD);
    await max.getByRole('button', { name: 'Anmelden' }).click();
    await max.getByText('Geben Sie den Code aus Ihrer Authenticator-App ein.').waitFor(SHOWN);
    // The next period's code: the current one was used to add the app.
    await max.getByLabel(/^Code/).fill(codeFor(secret, 1));
    await max.getByRole('button', { name: 'Bestätigen' }).click();
    await expect.poll(() => new URL(max.url()).pathname, SHOWN).toBe('/messages');
  });
});
