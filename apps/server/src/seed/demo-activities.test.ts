import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Activity, ActivityPage } from '@agora/contracts';
import { createTestApp, signIn, type TestApp } from '../testing/index.ts';
import { DEMO_PASSWORD, seedDemo } from './index.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.services);
  await t.services.events.settled();
  // The whole demo network is seeded first.
}, 180_000);
afterAll(() => t.close());

describe('the demo activity streams', () => {
  it("fills Max's streams: posts, questions, replies, likes, tags, pictures, an appointment and Anna's letter", async () => {
    const session = await signIn(t.app, 'max.member@example.com', DEMO_PASSWORD);
    const get = (url: string) => t.app.inject({ url, headers: session.headers });
    const all: Activity[] = [];
    let before: string | null = null;
    do {
      const response = await get(`/api/v1/activities?limit=50${before ? `&before=${before}` : ''}`);
      expect(response.statusCode, response.body).toBe(200);
      const page: ActivityPage = response.json<ActivityPage>();
      all.push(...page.activities);
      before = page.next_before;
    } while (before);

    expect(all.length).toBeGreaterThanOrEqual(35);
    expect(all.some((a) => a.object.type === 'question' && a.answer_count > 0)).toBe(true);
    expect(all.filter((a) => a.reply_count > 0).length).toBeGreaterThan(5);
    expect(all.filter((a) => a.like_count > 0).length).toBeGreaterThan(10);
    expect(all.filter((a) => a.attachments.some((x) => x.type === 'image'))).toHaveLength(2);
    expect(all.some((a) => a.attachments.some((x) => x.type === 'tag' && x.name === 'sommerfest'))).toBe(true);
    expect(all.some((a) => a.object.type === 'appointment' && a.object.title === 'Sommerfest: Aufbau und Deko')).toBe(
      true,
    );
    const letter = all.find((a) => a.circular_letter)!;
    expect(letter.circular_letter).toMatchObject({
      subject: 'Neue Regeln für mobiles Arbeiten',
      acknowledged_count: 5,
      i: { recipient: true, acknowledged: false, can: { acknowledge: true } },
    });
    const mentions = (await get('/api/v1/activities?filter=mentions')).json<ActivityPage>();
    expect(mentions.activities.length).toBeGreaterThanOrEqual(4);
  });
});
