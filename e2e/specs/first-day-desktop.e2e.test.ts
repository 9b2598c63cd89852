import { describe, it } from 'vitest';
import { DESKTOP, NEW_COLLEAGUES, walkFirstDay } from '../support/first-day.ts';
import { browserSuite } from '../support/suite.ts';

// A server of its own: each new colleague answers their onboarding invite once here.
const suite = browserSuite({ ...DESKTOP, timezoneId: 'Europe/Berlin' });

describe('a new member’s first day at a desktop', () => {
  it('Noah in German finds the calendar, his group with its calendar and chat, a colleague and answers his invite', async () => {
    await walkFirstDay(suite, { size: DESKTOP, language: 'de', member: NEW_COLLEAGUES.noah });
  }, 180_000);

  it('Mia, choosing English on the sign-in page, does the same in English', async () => {
    await walkFirstDay(suite, { size: DESKTOP, language: 'en', member: NEW_COLLEAGUES.mia });
  }, 180_000);
});
