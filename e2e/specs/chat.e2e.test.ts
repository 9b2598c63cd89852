import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page, WebSocketRoute } from 'playwright-core';
import { closeContexts, sharedBrowser, newPage, seriousViolations } from '../support/browser.ts';
import { startInProcessServer, type InProcessServer } from '../support/server.ts';
import { signInThroughSession } from '../support/sign-in.ts';

let server: InProcessServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  server = await startInProcessServer({});
  browser = await sharedBrowser();
});
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});
afterAll(async () => {
  await closeContexts(browser);
  await server?.stop();
});

async function signedIn(
  email: string,
  path: string,
  options: { width?: number; beforeSignIn?: (page: Page) => Promise<void> } = {},
): Promise<Page> {
  const opened = await newPage(browser, { timezoneId: 'Europe/Berlin', width: options.width });
  contexts.push(opened.context);
  await options.beforeSignIn?.(opened.page);
  await signInThroughSession(opened.page, server.url, email, path);
  return opened.page;
}

/** Opens a chat from the chat list by its name. */
async function openChat(page: Page, name: string | RegExp): Promise<void> {
  await page
    .getByRole('list', { name: 'Ihre Chats' })
    .getByRole('button', { name: typeof name === 'string' ? new RegExp(`^${name}`) : name })
    .first()
    .click();
  await page.getByRole('textbox', { name: 'Nachricht' }).waitFor();
}

/**
 * Puts the page's real-time connection behind a switch: `drop()` closes it and refuses new ones
 * (WebSocket and long polling alike) until `restore()`, as a train going into a tunnel would.
 */
function connectionSwitch() {
  let down = false;
  const open: WebSocketRoute[] = [];
  return {
    async install(page: Page) {
      await page.routeWebSocket(/\/socket\.io\//, (ws) => {
        if (down) return void ws.close();
        ws.connectToServer();
        open.push(ws);
      });
      await page.route(/\/socket\.io\//, (route) => (down ? route.abort() : route.continue()));
    },
    async drop() {
      down = true;
      await Promise.all(open.splice(0).map((ws) => ws.close()));
    },
    restore() {
      down = false;
    },
  };
}

const messages = (page: Page) => page.getByRole('region', { name: 'Nachrichten' });

describe('chat', () => {
  it('two members chat: typing, sending, read ticks, quoting and editing', async () => {
    const max = await signedIn('max.member@example.com', '/chat');
    const anna = await signedIn('anna.admin@example.com', '/chat');
    await openChat(max, 'Anna Adler');
    await openChat(anna, 'Max Meier');
    expect(await seriousViolations(max)).toEqual([]);

    // Max types: Anna sees that he is writing, then his message.
    const composer = max.getByRole('textbox', { name: 'Nachricht' });
    await composer.click();
    await composer.pressSequentially('Hallo Anna, ', { delay: 30 });
    await anna.getByText('Max schreibt …').or(anna.getByText('Max Meier schreibt …')).waitFor();
    // Shift+Enter makes a new line instead of sending.
    await composer.press('Shift+Enter');
    await composer.pressSequentially('kommst du heute zum Standup?');
    await composer.press('Enter');
    await expect.poll(() => composer.inputValue()).toBe('');
    const sent = messages(anna).getByText('kommst du heute zum Standup?');
    await sent.waitFor();

    // Anna has the chat open with focus: after a second it is read, and Max sees the read ticks.
    await anna.bringToFront();
    await messages(max).getByLabel('Gelesen').last().waitFor({ timeout: 10_000 });

    // Anna quotes his message and answers.
    await messages(anna).getByRole('button', { name: 'Aktionen für die Nachricht von Max Meier' }).last().click();
    await anna.getByRole('menuitem', { name: 'Zitieren' }).click();
    const annaComposer = anna.getByRole('textbox', { name: 'Nachricht' });
    await annaComposer.fill('Ja, bin dabei');
    await annaComposer.press('Enter');
    const answer = messages(max).getByRole('listitem').filter({ hasText: 'Ja, bin dabei' });
    await answer.waitFor();
    await answer.getByText('kommst du heute zum Standup?').waitFor();

    // Max edits his message; Anna sees the new text marked as edited (later than a second after
    // it was sent, as a member would).
    await max.waitForTimeout(1500);
    await messages(max)
      .getByRole('listitem')
      .filter({ hasText: 'kommst du heute zum Standup?' })
      .first()
      .getByRole('button', { name: 'Aktionen für die Nachricht von Max Meier' })
      .click();
    await max.getByRole('menuitem', { name: 'Bearbeiten' }).click();
    await composer.fill('Hallo Anna, kommst du heute um 10 zum Standup?');
    await composer.press('Enter');
    const edited = messages(anna).getByRole('listitem').filter({ hasText: 'kommst du heute um 10 zum Standup?' });
    await edited.getByText('bearbeitet').waitFor();
    expect(await seriousViolations(anna)).toEqual([]);
  });

  it('shows who is typing in the other browser: in the chat list, in the chat, and again after a message', async () => {
    const max = await signedIn('max.member@example.com', '/chat');
    const anna = await signedIn('anna.admin@example.com', '/chat');
    await openChat(max, 'Anna Adler');
    const maxRow = anna
      .getByRole('list', { name: 'Ihre Chats' })
      .getByTestId('chat-list-item')
      .filter({ hasText: 'Max Meier' });
    await maxRow.waitFor();

    // Anna looks at her chat list: Max's row says he is typing, in place of his last message.
    const composer = max.getByRole('textbox', { name: 'Nachricht' });
    await composer.click();
    await composer.pressSequentially('Hallo Anna', { delay: 40 });
    await maxRow.getByText('Max Meier schreibt …').waitFor({ timeout: 2000 });

    // She opens the chat while he goes on typing: it shows above her composer.
    await openChat(anna, 'Max Meier');
    const indicator = anna.getByTestId('composing-indicator');
    await composer.pressSequentially(', kommst du', { delay: 150 });
    await indicator.getByText('Max Meier schreibt …').waitFor({ timeout: 2000 });

    // He stops: about 2 s later it is gone.
    await expect.poll(() => indicator.textContent(), { timeout: 4000 }).toBe('');

    // His message ends it; his next keystroke shows it again at once (not only 1.6 s later).
    await composer.pressSequentially(' mit?');
    await composer.press('Enter');
    await messages(anna).getByText('Hallo Anna, kommst du mit?').waitFor();
    await expect.poll(() => indicator.textContent()).toBe('');
    await composer.press('N');
    await indicator.getByText('Max Meier schreibt …').waitFor({ timeout: 1000 });
  });

  it('tells a guest who may not chat so at once, without loading or errors', async () => {
    const gina = await signedIn('gina.guest@example.com', '/');
    expect(await gina.getByTestId('chat-button').count()).toBe(0);
    const errors: string[] = [];
    gina.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    gina.on('pageerror', (error) => errors.push(error.message));

    // "At once" means the chat panel and its loading never show first; a clock on the whole page
    // load would measure the machine instead. A watcher from the first script on records any of it.
    await gina.addInitScript(() => {
      const watched = window as unknown as { chatPanelSeen: boolean };
      watched.chatPanelSeen = false;
      new MutationObserver(() => {
        if (document.querySelector('[data-testid="chat-page"]')) watched.chatPanelSeen = true;
      }).observe(document, { childList: true, subtree: true });
    });
    await gina.goto(`${server.url}/chat`);
    await gina.getByRole('heading', { level: 1, name: 'Chat nicht verfügbar' }).waitFor();
    expect(await gina.evaluate(() => (window as unknown as { chatPanelSeen: boolean }).chatPanelSeen)).toBe(false);
    await gina.getByRole('link', { name: 'Zur Startseite' }).waitFor();
    // Nothing of the chat behind it: no status menu, no loading, and no error a moment later.
    await gina.waitForTimeout(1500);
    expect(await gina.getByTestId('chat-page').count()).toBe(0);
    expect(await gina.getByText('Online').count()).toBe(0);
    expect(await gina.getByText('Die Chats konnten nicht geladen werden.').count()).toBe(0);
    expect(await gina.getByTestId('chat-button').count()).toBe(0);
    expect(errors).toEqual([]);
    expect(await seriousViolations(gina)).toEqual([]);

    await gina.getByRole('link', { name: 'Zur Startseite' }).click();
    await expect.poll(() => new URL(gina.url()).pathname).toBe('/');
  });

  it('catches up after a dropped connection', async () => {
    const connection = connectionSwitch();
    const max = await signedIn('max.member@example.com', '/chat', { beforeSignIn: connection.install });
    const anna = await signedIn('anna.admin@example.com', '/chat');
    await openChat(max, 'Anna Adler');
    await openChat(anna, 'Max Meier');

    await connection.drop();
    await max.getByText('Die Verbindung wurde unterbrochen', { exact: false }).waitFor({ timeout: 15_000 });
    const annaComposer = anna.getByRole('textbox', { name: 'Nachricht' });
    await annaComposer.fill('Während du weg warst');
    await annaComposer.press('Enter');
    await messages(anna).getByText('Während du weg warst').waitFor();
    await max.waitForTimeout(1000);
    expect(await messages(max).getByText('Während du weg warst').count()).toBe(0);
    connection.restore();
    await messages(max).getByText('Während du weg warst').waitFor({ timeout: 20_000 });
  });

  it('opens from the header button and shows the chat list on a phone', async () => {
    const max = await signedIn('max.member@example.com', '/', { width: 390 });
    await max.getByRole('button', { name: /^Chat/ }).first().click();
    await max.getByRole('list', { name: 'Ihre Chats' }).waitFor();
    expect(await seriousViolations(max)).toEqual([]);
  });
});
