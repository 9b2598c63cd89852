import { describe, it } from 'vitest';
import { PHONE, NEW_COLLEAGUES, walkFirstDay } from '../support/first-day.ts';
import { browserSuite } from '../support/suite.ts';

// A server of its own: each new colleague answers their onboarding invite once here.
const suite = browserSuite({ ...PHONE, timezoneId: 'Europe/Berlin' });

describe('a new member’s first day on a phone', () => {
  it('Noah, choosing English on the sign-in page, finds the calendar, his group with its calendar and chat, a colleague and answers his invite in English', async () => {
    await walkFirstDay(suite, { size: PHONE, language: 'en', member: NEW_COLLEAGUES.noah });
  }, 180_000);

  it('Mia in German does the same in German', async () => {
    await walkFirstDay(suite, { size: PHONE, language: 'de', member: NEW_COLLEAGUES.mia });
  }, 180_000);
});
