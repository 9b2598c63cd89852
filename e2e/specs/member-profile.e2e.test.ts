import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations } from '../support/browser.ts';
import { browserSuite } from '../support/suite.ts';

const suite = browserSuite({ timezoneId: 'Europe/Berlin' });
const signedIn = suite.signedIn;

/** The id of a demo appointment in the month `daysAhead` from today. */
async function appointmentId(page: Page, name: string, daysAhead: number): Promise<string> {
  const date = new Date(Date.now() + daysAhead * 86_400_000).toISOString().slice(0, 10);
  const answer = await page.request.get(`${suite.server.url}/appointments?date=${date}`, {
    headers: { accept: 'application/json' },
  });
  const month = (await answer.json()) as { appointments: Array<{ id: string; name: string }> };
  const found = month.appointments.find((a) => a.name === name);
  if (!found) throw new Error(`${name} is not in the month of ${date}`);
  return found.id;
}

describe('member profiles', () => {
  it("opens a participant's profile from an appointment, with their groups leading to the group", async () => {
    const page = await signedIn('anna.admin@example.com', '/appointments');
    const id = await appointmentId(page, 'Quartalsplanung (online)', 7);
    await page.goto(`${suite.server.url}/appointments/${id}/participants`);
    await page.getByRole('link', { name: 'Lena Schmidt' }).first().click();

    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/members\/[0-9a-f]{24}$/);
    await page.getByRole('heading', { level: 1, name: 'Lena Schmidt' }).waitFor();
    const details = page.getByRole('region', { name: 'Profil' });
    await details.getByText('Marketingleiterin').waitFor();
    expect(await details.getByTestId('profile-birthday').innerText()).toMatch(/^04\.03\. \(\d+ Jahre\)$/);
    const groups = page.getByRole('region', { name: 'Gruppen' });
    await groups.getByRole('link', { name: 'München' }).waitFor();
    expect(await groups.getByRole('list', { name: 'Teams' }).innerText()).toMatch(/Marketing\s+Admin/i);
    expect(await page.getByTestId('profile-image').locator('img').getAttribute('src')).toMatch(/\/get\/435x435$/);
    expect(await seriousViolations(page)).toEqual([]);

    await groups.getByRole('link', { name: 'Marketing' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/groups/marketing');
  });

  it('shows a hidden group to its member only, and starts a chat from the profile', async () => {
    const page = await signedIn('max.member@example.com', '/notifications');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Mein Profil' }).click();
    await page.getByRole('heading', { level: 1, name: 'Max Meier' }).waitFor();
    // The profile menu leads to the profile editor.
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Profil bearbeiten' }).waitFor();
    await page.keyboard.press('Escape');

    const anna = (await (
      await page.request.get(`${suite.server.url}/members?q=Anna%20Adler`, { headers: { accept: 'application/json' } })
    ).json()) as { members: Array<{ id: string }> };
    await page.goto(`${suite.server.url}/members/${anna.members[0]!.id}`);
    const groups = page.getByRole('region', { name: 'Gruppen' });
    await groups.getByRole('link', { name: 'Product Launch 2027' }).waitFor();

    await page.getByRole('button', { name: 'Chat starten' }).click();
    const drawer = page.getByTestId('chat-drawer');
    await drawer.getByRole('heading', { name: 'Anna Adler' }).waitFor();
  });

  it('does not show a hidden group to a guest, nor a chat button where guests may not chat', async () => {
    const page = await signedIn('gina.guest@example.com', '/');
    const anna = (await (
      await page.request.get(`${suite.server.url}/members?q=Anna%20Adler`, { headers: { accept: 'application/json' } })
    ).json()) as { members: Array<{ id: string }> };
    await page.goto(`${suite.server.url}/members/${anna.members[0]!.id}`);
    await page.getByRole('heading', { level: 1, name: 'Anna Adler' }).waitFor();
    await page.getByRole('region', { name: 'Gruppen' }).waitFor();
    expect(await page.getByText('Product Launch 2027').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Chat starten' }).count()).toBe(0);
  });

  it('shows the not-found page for a member who does not exist', async () => {
    const page = await signedIn('max.member@example.com', '/');
    await page.goto(`${suite.server.url}/members/0123456789abcdef01234567`);
    await page.getByRole('heading', { name: 'Mitglied nicht gefunden' }).waitFor();
  });
});

describe('profile editing and change requests', () => {
  it('saves a field shown on the profile; a field by request changes once an administrator accepts it', async () => {
    const page = await signedIn('max.member@example.com', '/');
    const session = await page.request.get(`${suite.server.url}/api/v1/session`, {
      headers: { accept: 'application/json' },
    });
    const maxId = ((await session.json()) as { member: { id: string } }).member.id;
    const details = page.getByRole('region', { name: 'Profil' });

    await page.goto(`${suite.server.url}/members/${maxId}/edit`);
    await page.getByLabel('Standort', { exact: true }).fill('Leipzig, Haus C');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/members/${maxId}`);
    await details.getByText('Leipzig, Haus C').waitFor();

    // The operator allows change requests; the administrators have the phone number changed by request.
    const network = await suite.server.services.networks.resolveForHost('localhost');
    await suite.server.services.networks.setConfig(network!.id, { change_requests_enabled: true });
    await suite.server.services.networks.updateSettings(network!.id, { change_request_profile_fields: ['phone'] });

    await page.goto(`${suite.server.url}/change_requests/new`);
    await page.getByLabel('Telefon', { exact: true }).fill('+49 341 555-0199');
    await page.getByRole('button', { name: 'Antrag senden' }).click();
    await page.getByText('Ihr Antrag wurde gesendet.').waitFor();
    expect(await details.getByText('+49 341 555-0199').count()).toBe(0);

    const admin = await signedIn('anna.admin@example.com', '/administration/change_requests');
    const request = admin.getByRole('region', { name: 'Max Meier' });
    await request.getByText('+49 341 555-0199').waitFor();
    await request.getByRole('button', { name: 'Annehmen' }).click();
    await admin.getByText('Änderungsantrag angenommen.').waitFor();

    await page.goto(`${suite.server.url}/members/${maxId}`);
    await details.getByText('+49 341 555-0199').waitFor();
  });
});
