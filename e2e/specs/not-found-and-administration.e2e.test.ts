import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSuite } from '../support/suite.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const suite = browserSuite();

/** The no-access or not-found state is shown, with its way to the start page and no "try again". */
async function expectMissingState(page: Page, reason: 'forbidden' | 'not_found') {
  const state = page.getByTestId(`missing-${reason}`);
  await state.waitFor();
  expect(await state.getByRole('link', { name: 'Zur Startseite' }).getAttribute('href')).toBe('/');
  expect(await page.getByRole('button', { name: 'Erneut versuchen' }).count()).toBe(0);
  return state;
}

describe('what a member may not see', () => {
  it('shows a member the no-access page at /administration, without its cards', async () => {
    const page = await suite.signedIn('max.member@example.com', '/administration');
    const state = await expectMissingState(page, 'forbidden');
    expect(await state.getByRole('heading', { level: 1 }).innerText()).toBe('Kein Zugriff auf die Administration');
    expect(await page.getByRole('link', { name: /Meetingräume/ }).count()).toBe(0);
    expect(await page.getByRole('link', { name: /Design/ }).count()).toBe(0);
  });

  it('shows a guest no form to add meeting rooms', async () => {
    const page = await suite.signedIn('gina.guest@example.com', '/administration/meeting_rooms', PHONE);
    await expectMissingState(page, 'forbidden');
    expect(await page.getByRole('button', { name: 'Raum hinzufügen' }).count()).toBe(0);
    expect(await page.getByLabel(/Name des neuen Raums/).count()).toBe(0);
  });

  it('lets the network administrator in', async () => {
    const page = await suite.signedIn('anna.admin@example.com', '/administration');
    await page.getByRole('link', { name: /Meetingräume/ }).waitFor();
    expect(await page.getByTestId('missing-forbidden').count()).toBe(0);
  });

  it('says that an appointment is gone, with the ways on, instead of offering to try again', async () => {
    const page = await suite.signedIn('max.member@example.com', '/');
    await page.goto(`${suite.server.url}/appointments/${'0'.repeat(24)}`);
    const state = await expectMissingState(page, 'not_found');
    expect(await state.innerText()).toContain(
      'Diesen Termin gibt es nicht mehr, oder Sie dürfen ihn nicht mehr sehen.',
    );
  });
});

describe('the bell dropdown', () => {
  for (const size of [PHONE, DESKTOP]) {
    it(`shows "mark all as read" whole at ${size.width} px`, async () => {
      const page = await suite.signedIn('max.member@example.com', '/', size);
      await page.getByTestId('notification-bell').click();
      const button = page.getByTestId('mark-all-read');
      await button.waitFor();
      const fits = await button.evaluate((element) => {
        const box = element.getBoundingClientRect();
        const label = element.querySelector('.mantine-Button-label') as HTMLElement;
        return {
          inView: box.left >= 0 && box.right <= window.innerWidth,
          uncut: label.scrollWidth <= label.clientWidth + 1,
          text: label.innerText,
        };
      });
      expect(fits).toEqual({ inView: true, uncut: true, text: 'Alle als gelesen markieren' });
    });
  }
});
