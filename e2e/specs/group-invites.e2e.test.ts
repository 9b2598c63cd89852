import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/browser.ts';
import { browserSuite } from '../support/suite.ts';

const suite = browserSuite({ timezoneId: 'Europe/Berlin' });
const signedIn = suite.signedIn;

describe('group invitations', () => {
  it('Max invites a member to Engineering, who accepts at /invites and is then a member', async () => {
    const max = await signedIn('max.member@example.com', '/groups/engineering/membership_invites/new');
    await max.getByRole('heading', { level: 1, name: 'Mitglieder in Engineering einladen' }).waitFor();
    await max.getByRole('textbox', { name: 'Mitglieder', exact: true }).fill('Noah Schw');
    await max.getByRole('option', { name: /Noah Schwarz/ }).click();
    await max.getByLabel('Nachricht (optional)').fill('Wir brauchen dich im Team!');
    expect(await seriousViolations(max)).toEqual([]);
    await max.getByRole('button', { name: 'Einladungen senden' }).click();

    // The group's invitations sent, the new one open.
    await expect.poll(() => new URL(max.url()).pathname).toBe('/groups/engineering/invites/sent');
    const row = max.getByTestId('sent-invite').filter({ hasText: 'Noah Schwarz' });
    await row.getByText('Offen').waitFor();
    expect(await seriousViolations(max)).toEqual([]);

    const noah = await signedIn('noah.schwarz@example.com', '/invites');
    const card = noah.getByTestId('group-invite').filter({ hasText: 'Engineering' });
    await card.getByText('Wir brauchen dich im Team!').waitFor();
    expect(await seriousViolations(noah)).toEqual([]);
    await card.getByRole('button', { name: 'Einladung in Engineering annehmen' }).click();
    await card.getByText('Angenommen').waitFor();

    await card.getByRole('link', { name: 'Zu Engineering' }).click();
    await expect.poll(() => new URL(noah.url()).pathname).toBe('/groups/engineering');
    await noah.getByRole('button', { name: 'Gruppe verlassen' }).waitFor();

    // Max sees the invitation accepted.
    await max.reload();
    await max.getByTestId('sent-invite').filter({ hasText: 'Noah Schwarz' }).getByText('Angenommen').waitFor();
  });

  it('revokes an open invitation from the batch bar on a phone', async () => {
    const max = await signedIn('max.member@example.com', '/invites/sent', { width: 390, height: 844 });
    const row = max.getByTestId('sent-invite').filter({ hasText: 'Lena Schmidt' });
    await row.getByText('Offen').waitFor();
    expect(await max.getByTestId('batch-bar').count()).toBe(0);
    await row.getByRole('checkbox').check();
    const bar = max.getByTestId('batch-bar');
    await bar.getByRole('button', { name: 'Zurückziehen' }).click();
    await max.getByRole('dialog').getByRole('button', { name: 'Zurückziehen' }).click();
    await max.getByText('Die Einladungen wurden zurückgezogen.').waitFor();
    await row.getByText('Hinfällig').waitFor();
  });
});
