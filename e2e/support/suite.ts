import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { closeContexts, sharedBrowser, newPage } from './browser.ts';
import { startInProcessServer, type InProcessServer } from './server.ts';
import { signInThroughSession } from './sign-in.ts';

export type PageOptions = NonNullable<Parameters<typeof newPage>[1]>;

/**
 * What most spec files share: one server with the demo network for the file, the run's browser, a
 * fresh browser context (no cookies) for each member signed in, closed after each test.
 * `defaults` are the page options of the file (viewport, time zone), each call may override them.
 */
export function browserSuite(defaults: PageOptions = {}, env: Record<string, string> = {}) {
  let server: InProcessServer | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    server = await startInProcessServer(env);
    browser = await sharedBrowser();
  });
  afterEach(async () => {
    for (const context of contexts.splice(0)) await context.close();
  });
  afterAll(async () => {
    await closeContexts(browser);
    await server?.stop();
  });

  return {
    get server(): InProcessServer {
      if (!server) throw new Error('the server starts in beforeAll');
      return server;
    },
    /** A page of a fresh context (no cookies, nobody signed in), nothing opened yet. */
    async anonymous(options: PageOptions = {}): Promise<Page> {
      if (!browser) throw new Error('the browser starts in beforeAll');
      const opened = await newPage(browser, { ...defaults, ...options });
      contexts.push(opened.context);
      return opened.page;
    },
    /** A member signed in (the session opened as the form opens it), on the given page. */
    async signedIn(email: string, path: string, options: PageOptions = {}): Promise<Page> {
      if (!browser || !server) throw new Error('the browser starts in beforeAll');
      const opened = await newPage(browser, { ...defaults, ...options });
      contexts.push(opened.context);
      await signInThroughSession(opened.page, server.url, email, path);
      return opened.page;
    },
  };
}
