import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/browser.ts';
import { browserSuite } from '../support/suite.ts';

const suite = browserSuite({ timezoneId: 'Europe/Berlin' });
const signedIn = suite.signedIn;

describe('group membership', () => {
  it('Max asks to join the moderated Buchclub, its admin accepts, and Max is in the members and the group chat', async () => {
    // Max asks on the group's page.
    const max = await signedIn('max.member@example.com', '/groups/buchclub');
    await max.getByRole('heading', { level: 1, name: 'Buchclub' }).waitFor();
    const before = await max.getByTestId('member-count').innerText();
    expect(await seriousViolations(max)).toEqual([]);
    await max.getByRole('button', { name: 'Beitritt anfragen' }).click();
    await max.getByText('Ihre Beitrittsanfrage wartet auf die Entscheidung der Gruppenadministratoren.').waitFor();
    await max.getByRole('button', { name: 'Anfrage zurückziehen' }).waitFor();

    // Max waits in the chat, where the group's chat is not (yet) his.
    await max.goto(`${suite.server.url}/chat`);
    const chats = max.getByRole('list', { name: 'Ihre Chats' });
    await chats.waitFor();
    expect(await chats.getByRole('button', { name: /^Buchclub/ }).count()).toBe(0);

    // Lena, who made the group, finds the request counted on the group's administration and accepts it.
    const lena = await signedIn('lena.schmidt@example.com', '/groups/buchclub/administration');
    const card = lena.getByRole('link', { name: /Beitrittsanfragen/ });
    await card.getByText('1', { exact: true }).waitFor();
    await card.click();
    await lena.getByRole('heading', { level: 1, name: 'Beitrittsanfragen: Buchclub' }).waitFor();
    const request = lena.getByTestId('join-request').filter({ hasText: 'Max Meier' });
    await request.waitFor();
    expect(await seriousViolations(lena)).toEqual([]);
    await request.getByRole('button', { name: 'Max Meier annehmen' }).click();
    await lena.getByText('Max Meier ist jetzt Mitglied der Gruppe.').waitFor();
    await lena.getByText('Keine offenen Beitrittsanfragen').waitFor();

    // Without reloading, Max's chat list gains the group's chat, and he can write in it.
    await chats.getByRole('button', { name: /^Buchclub/ }).waitFor({ timeout: 15_000 });
    await chats
      .getByRole('button', { name: /^Buchclub/ })
      .first()
      .click();
    const composer = max.getByRole('textbox', { name: 'Nachricht' });
    await composer.fill('Hallo Buchclub, danke fürs Aufnehmen!');
    await composer.press('Enter');
    await max.getByRole('region', { name: 'Nachrichten' }).getByText('Hallo Buchclub, danke fürs Aufnehmen!').waitFor();

    // On the group's page Max is a member now, one more than before, and listed among the members.
    await max.goto(`${suite.server.url}/groups/buchclub`);
    await max.getByTestId('membership-status').getByText('Mitglied').waitFor();
    await max.getByRole('button', { name: 'Gruppe verlassen' }).waitFor();
    const after = await max.getByTestId('member-count').innerText();
    expect(Number.parseInt(after, 10)).toBe(Number.parseInt(before, 10) + 1);
    await max.getByTestId('member-count').click();
    await expect.poll(() => new URL(max.url()).pathname).toBe('/groups/buchclub/members');
    await max.getByRole('link', { name: 'Max Meier' }).first().waitFor();
  });

  it('Max decides the join requests of Engineering: rejects one with a message', async () => {
    const max = await signedIn('max.member@example.com', '/groups/engineering/administration/join_requests', {
      width: 390,
      height: 844,
    });
    const request = max.getByTestId('join-request').filter({ hasText: 'Ben Lange' });
    await request.waitFor();
    await request.getByRole('button', { name: 'Ben Lange ablehnen' }).click();
    const dialog = max.getByRole('dialog', { name: 'Beitrittsanfrage ablehnen' });
    await dialog.getByLabel('Nachricht (optional)').fill('Das Team ist gerade vollständig.');
    expect(await seriousViolations(max)).toEqual([]);
    await dialog.getByRole('button', { name: 'Ablehnen' }).click();
    await max.getByText('Die Anfrage von Ben Lange wurde abgelehnt.').waitFor();
    expect(await max.getByTestId('join-request').filter({ hasText: 'Ben Lange' }).count()).toBe(0);

    // Ben reads the message in his notifications.
    await suite.server.services.events.settled();
    const ben = await signedIn('ben.lange@example.com', '/notifications');
    await ben.getByText('Das Team ist gerade vollständig.', { exact: false }).first().waitFor();
  });
});
