import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { seriousViolations } from '../support/browser.ts';
import { browserSuite } from '../support/suite.ts';

const suite = browserSuite({ timezoneId: 'Europe/Berlin' });
// The machine running the tests is shared and slow at times.
const SHOWN = { timeout: 20_000 };

const MAX = 'max.member@example.com';
const ANNA = 'anna.admin@example.com';
const LENA = 'lena.schmidt@example.com';

const POST_PLACEHOLDER = 'Teilen Sie etwas mit Ihren Kolleginnen und Kollegen …';
const REPLY_PLACEHOLDER = 'Antwort schreiben …';

let photo: Buffer;
beforeAll(async () => {
  const { noisePng } = await import('@agora/server/e2e-support');
  photo = await noisePng(320, 200);
});

/** The bell's unread count (0 without a badge). */
async function bellCount(page: Page): Promise<number> {
  const label = (await page.getByTestId('notification-bell').getAttribute('aria-label')) ?? '';
  const digits = /\d+/.exec(label);
  return digits ? Number(digits[0]) : 0;
}

/** A composer opened from its collapsed placeholder; the editor, once it has loaded. */
async function openComposer(scope: Page | Locator, placeholder: string): Promise<Locator> {
  await scope.getByRole('button', { name: placeholder }).click();
  const editor = scope.getByRole('textbox', { name: placeholder });
  await editor.waitFor(SHOWN);
  return editor;
}

async function write(editor: Locator, text: string) {
  await editor.click();
  await editor.pressSequentially(text);
}

/** An activity of a stream, by a text of its own. */
function activityWith(page: Page, text: string): Locator {
  return page.getByTestId('activity-card').filter({ hasText: text });
}

/** The reply composer's own submit button (each reply has an "Antworten" button of its own). */
function replySubmit(page: Page): Locator {
  return page.getByTestId('activity-replies').locator('form').getByRole('button', { name: 'Antworten', exact: true });
}

const POST = 'Die neue Teststrecke läuft, hier ein Foto vom Aufbau.';
const TAG = 'teststrecke';

describe('activity streams', () => {
  it('Max posts with an image and a new tag to two streams; Anna replies mentioning him, who hears of it live; Anna quotes his reply and likes it', async () => {
    const max = await suite.signedIn(MAX, '/activitystreams/all');
    const composer = max.getByTestId('post-composer');
    await composer.waitFor(SHOWN);
    const editor = await openComposer(composer, POST_PLACEHOLDER);
    await write(editor, POST);

    // The network's stream is chosen already; Engineering, where Max is an admin, is added.
    const targets = composer.getByRole('textbox', { name: 'Veröffentlichen in' });
    await composer.getByText('Allgemein', { exact: true }).waitFor(SHOWN);
    await targets.click();
    await targets.fill('Engin');
    await max.getByRole('option', { name: 'Engineering' }).click();
    await max.keyboard.press('Escape');

    await composer.getByRole('button', { name: 'Bilder hinzufügen' }).click();
    const chooser = max.waitForEvent('filechooser');
    await composer.getByRole('button', { name: 'Dateien auswählen' }).click();
    await (await chooser).setFiles({ name: 'aufbau.png', mimeType: 'image/png', buffer: photo });
    await composer.getByText('aufbau.png').waitFor(SHOWN);

    // A tag nobody has used yet, offered as a new one.
    const tags = composer.getByRole('textbox', { name: 'Schlagwörter' });
    await tags.click();
    await tags.pressSequentially(TAG);
    await max.getByRole('option', { name: `Neues Schlagwort: #${TAG}` }).click();
    await composer.getByText(`#${TAG}`).waitFor();

    const submit = composer.getByRole('button', { name: 'Veröffentlichen', exact: true });
    await expect.poll(() => submit.isDisabled(), SHOWN).toBe(false);
    expect(await seriousViolations(max)).toEqual([]);
    await submit.click();
    await max.getByText('Ihr Beitrag wurde veröffentlicht.').waitFor(SHOWN);

    const posted = activityWith(max, POST);
    await posted.waitFor(SHOWN);
    await posted.getByRole('link', { name: 'Allgemein', exact: true }).waitFor();
    await posted.getByRole('link', { name: 'Engineering', exact: true }).waitFor();
    await posted.getByRole('link', { name: TAG, exact: true }).waitFor();
    await posted.getByRole('link', { name: 'Bild aufbau.png öffnen' }).waitFor();

    // Max waits on his start page while Anna reads and replies.
    await max.goto(`${suite.server.url}/`);
    await max.getByTestId('notification-bell').waitFor(SHOWN);
    await max.waitForLoadState('networkidle');
    const before = await bellCount(max);

    const anna = await suite.signedIn(ANNA, '/activitystreams/all');
    await activityWith(anna, POST).getByRole('link', { name: TAG, exact: true }).waitFor(SHOWN);
    // In Engineering's own stream too, and from there on its own page.
    await anna.goto(`${suite.server.url}/groups/engineering/activitystreams`);
    const inGroup = activityWith(anna, POST);
    await inGroup.waitFor(SHOWN);
    await inGroup.locator('a[href^="/activities/"]').first().click();
    await anna.waitForURL(/\/activities\/[0-9a-f]{24}$/, SHOWN);
    await anna.getByRole('heading', { name: 'Beitrag', level: 1 }).waitFor(SHOWN);
    await activityWith(anna, POST).waitFor(SHOWN);

    // The mention is chosen from the suggestions the composer offers after "@".
    const reply = await openComposer(anna, REPLY_PLACEHOLDER);
    await write(reply, 'Sieht gut aus, @Max');
    await anna
      .getByRole('listbox', { name: 'Mitglieder' })
      .getByRole('option', { name: /Max Meier/ })
      .click();
    await reply.pressSequentially('wann geht es los?');
    await replySubmit(anna).click();
    const annaReply = anna.getByTestId('activity-reply').filter({ hasText: 'wann geht es los?' });
    await annaReply.waitFor(SHOWN);
    await annaReply.getByRole('link', { name: '@Max Meier' }).waitFor();

    // Max hears of it at once, without reloading.
    await expect.poll(() => bellCount(max), SHOWN).toBeGreaterThan(before);

    // Max answers from the activity's page.
    const activityUrl = anna.url();
    await max.goto(activityUrl);
    const maxReply = await openComposer(max, REPLY_PLACEHOLDER);
    await write(maxReply, 'Am Montag um neun.');
    await replySubmit(max).click();
    await max.getByTestId('activity-reply').filter({ hasText: 'Am Montag um neun.' }).waitFor(SHOWN);

    // Anna quotes his reply, and likes it.
    await anna.reload();
    // His reply itself, not one that quotes it.
    const his = anna
      .getByTestId('activity-reply')
      .filter({ hasText: 'Am Montag um neun.', hasNot: anna.getByTestId('reply-quote') });
    await his.waitFor(SHOWN);
    await his.getByRole('button', { name: 'Zitieren' }).click();
    await anna.getByText('Max Meier schrieb:').waitFor(SHOWN);
    const quoting = anna.getByRole('textbox', { name: REPLY_PLACEHOLDER });
    await write(quoting, 'Passt, ich bin dabei.');
    await replySubmit(anna).click();
    const quoted = anna.getByTestId('activity-reply').filter({ hasText: 'Passt, ich bin dabei.' });
    await quoted.waitFor(SHOWN);
    await quoted.getByTestId('reply-quote').filter({ hasText: 'Am Montag um neun.' }).waitFor();

    const like = his.getByRole('button', { name: /^Gefällt mir/ });
    await like.click();
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe('true');
    await anna.reload();
    await his.waitFor(SHOWN);
    expect(await his.getByRole('button', { name: /^Gefällt mir/ }).getAttribute('aria-pressed')).toBe('true');
    expect(await his.getByRole('button', { name: /^Gefällt mir/ }).innerText()).toContain('1');
    expect(await seriousViolations(anna)).toEqual([]);
  });

  it('keeps a half-written post as a draft across a reload', async () => {
    const max = await suite.signedIn(MAX, '/activitystreams/all');
    const composer = max.getByTestId('post-composer');
    await composer.waitFor(SHOWN);
    const editor = await openComposer(composer, POST_PLACEHOLDER);
    await write(editor, 'Halb geschrieben: die Agenda für');
    // The draft is saved at most once a second.
    await max.waitForTimeout(1500);
    await max.reload();
    // A draft opens the composer at once.
    const again = max.getByTestId('post-composer').getByRole('textbox', { name: POST_PLACEHOLDER });
    await again.waitFor(SHOWN);
    await expect.poll(() => again.innerText(), SHOWN).toContain('Halb geschrieben: die Agenda für');
  });

  it('keeps a post in a hidden group from a member outside it', async () => {
    // Max is in the hidden "Product Launch 2027"; Lena is not.
    const max = await suite.signedIn(MAX, '/groups/product-launch/activitystreams');
    const composer = max.getByTestId('post-composer');
    await composer.waitFor(SHOWN);
    const secret = 'Vertraulich: der Starttermin steht fest.';
    await write(await openComposer(composer, POST_PLACEHOLDER), secret);
    await composer.getByText('Product Launch 2027', { exact: true }).waitFor(SHOWN);
    await composer.getByRole('button', { name: 'Veröffentlichen', exact: true }).click();
    const posted = activityWith(max, secret);
    await posted.waitFor(SHOWN);
    const href = await posted.locator('a[href^="/activities/"]').first().getAttribute('href');
    expect(href).toMatch(/^\/activities\/[0-9a-f]{24}$/);

    const lena = await suite.signedIn(LENA, '/activitystreams/all');
    await lena.getByTestId('activity-card').first().waitFor(SHOWN);
    expect(await activityWith(lena, secret).count()).toBe(0);
    const answer = await lena.request.get(`${suite.server.url}/api/v1${href}`, {
      headers: { accept: 'application/json' },
    });
    expect(answer.status()).toBe(404);
    await lena.goto(`${suite.server.url}${href}`);
    await lena.locator('[data-testid^="missing-"], [role="alert"]').first().waitFor(SHOWN);
    expect(await lena.getByText(secret).count()).toBe(0);
  });
});
