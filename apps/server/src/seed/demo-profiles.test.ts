import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberProfile } from '@agora/contracts';
import { createTestApp, signIn, type Session, type TestApp } from '../testing/index.ts';
import { DEMO_PASSWORD, seedDemo } from './index.ts';

let t: TestApp;
let max: Session;
let lena: Session;
let gina: Session;
let ids: Record<'anna' | 'gina' | 'lena' | 'jonas', string>;

beforeAll(async () => {
  t = await createTestApp();
  const { memberships } = await seedDemo(t.services);
  ids = { anna: memberships[0]!.id, gina: memberships[2]!.id, lena: memberships[3]!.id, jonas: memberships[4]!.id };
  max = await signIn(t.app, 'max.member@example.com', DEMO_PASSWORD);
  lena = await signIn(t.app, 'lena.schmidt@example.com', DEMO_PASSWORD);
  gina = await signIn(t.app, 'gina.guest@example.com', DEMO_PASSWORD);
}, 300_000);
afterAll(() => t.close());

const profile = async (id: string, session: Session) => {
  const response = await t.app.inject({ url: `/members/${id}`, headers: session.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<MemberProfile>();
};

describe("the demo members' profiles", () => {
  it('have drawn pictures in the sizes the web app shows, or none (initials)', async () => {
    const shown = await profile(ids.lena, max);
    expect(shown.images.large).toMatch(/\/get\/435x435$/);
    const image = await t.app.inject({ url: shown.images.large!, headers: { cookie: max.cookie } });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect((await profile(ids.gina, max)).images.large).toBeNull();
  });

  it("show the directory's fields, the filter fields and the department under the name", async () => {
    const shown = await profile(ids.lena, max);
    expect(shown.detection).toEqual({ key: 'department', value: 'Marketing' });
    expect(shown.profile_fields).toEqual([
      { key: 'department', value: 'Marketing' },
      { key: 'position', value: 'Marketingleiterin' },
      { key: 'location', value: 'München' },
      { key: 'phone', value: '+49 89 555-301' },
      { key: 'languages', value: 'Deutsch, Englisch, Französisch' },
    ]);
  });

  it('have birthdays, one of them today, and show the age where the member chose to', async () => {
    const lenas = (await profile(ids.lena, max)).birthday!;
    expect(lenas).toMatchObject({ day: 4, month: 3 });
    expect(lenas.age).toEqual(expect.any(Number));
    expect((await profile(ids.anna, max)).birthday).toMatchObject({ day: 12, month: 5, age: null });
    expect((await profile(ids.jonas, max)).birthday).toMatchObject({ is_today: true });
  });

  it("list Anna's hidden group to its member Max, not to Lena or the guest Gina", async () => {
    const slugs = async (session: Session) => (await profile(ids.anna, session)).groups.map((g) => g.slug);
    expect(await slugs(max)).toContain('product-launch');
    expect(await slugs(lena)).not.toContain('product-launch');
    expect(await slugs(gina)).not.toContain('product-launch');
    expect(await slugs(lena)).toContain('human-resources');
  });
});
