import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LegalTextAdmin, PendingLegalText } from '@agora/contracts';
import { createNetwork, createTestApp, signedInMember, type Session, type TestApp } from '../../testing/index.ts';

let t: TestApp;
let networkId: string;
let admin: Session;
let lena: Session;
const json = { accept: 'application/json' };

beforeAll(async () => {
  t = await createTestApp();
  networkId = (await createNetwork(t.services)).id;
  admin = (await signedInMember(t.app, t.services, networkId, { admin: true })).session;
  lena = (await signedInMember(t.app, t.services, networkId)).session;
});
afterAll(() => t.close());

const pending = async (session: Session) => {
  const response = await t.app.inject({ url: '/api/v1/legal_texts/pending', headers: session.headers });
  expect(response.statusCode).toBe(200);
  return response.json<{ legal_texts: PendingLegalText[] }>().legal_texts;
};
const accept = (session: Session | null, id: string, versionId: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/legal_texts/${id}/accept`,
    headers: session?.headers ?? json,
    payload: { version_id: versionId },
  });
const save = async (id: string, text: string, requiresAcceptance: boolean) => {
  const response = await t.app.inject({
    method: 'PUT',
    url: `/administration/legal_texts/${id}`,
    headers: admin.headers,
    payload: {
      legal_text: { name: 'Datenschutz', statement: 'Bitte lesen.', text, requires_acceptance: requiresAcceptance },
    },
  });
  expect(response.statusCode).toBe(200);
  return response.json<LegalTextAdmin>();
};

describe('accepting legal texts', () => {
  let privacy: LegalTextAdmin;

  beforeAll(async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/administration/legal_texts',
      headers: admin.headers,
      payload: { legal_text: { name: 'Datenschutz', statement: 'Bitte lesen.', text: '<p>Eins</p>' } },
    });
    privacy = response.json<LegalTextAdmin>();
  });

  it('asks nothing while no version requires acceptance; 401 signed out', async () => {
    expect(await pending(lena)).toEqual([]);
    expect((await t.app.inject({ url: '/api/v1/legal_texts/pending', headers: json })).statusCode).toBe(401);
    expect((await accept(null, privacy.id, privacy.versions[0]!.id)).statusCode).toBe(401);
  });

  it('asks every member for a version that requires it, until they accepted it', async () => {
    const saved = await save(privacy.id, '<p>Zwei</p>', true);
    const current = saved.versions[0]!;
    const expected = {
      id: privacy.id,
      name: 'Datenschutz',
      handle: 'datenschutz',
      statement: 'Bitte lesen.',
      version_id: current.id,
    };
    expect(await pending(lena)).toEqual([expected]);
    expect(await pending(admin)).toEqual([expected]);

    const accepted = await accept(lena, privacy.id, current.id);
    expect(accepted.statusCode).toBe(204);
    expect(await pending(lena)).toEqual([]);
    expect(await pending(admin)).toEqual([expected]);
    // Accepting twice is no harm.
    expect((await accept(lena, privacy.id, current.id)).statusCode).toBe(204);

    const rows = await t.database.db.execute(
      sql`select actor_id from domain_events where type = 'legal_text.accepted' and network_id = ${networkId}`,
    );
    expect((rows as unknown as { rows: unknown[] }).rows).toHaveLength(2);
  });

  it('asks members who join later too', async () => {
    const newcomer = (await signedInMember(t.app, t.services, networkId)).session;
    expect((await pending(newcomer)).map((p) => p.id)).toEqual([privacy.id]);
  });

  it('keeps asking after a later version that does not ask again, for the current version', async () => {
    const later = await signedInMember(t.app, t.services, networkId);
    const saved = await save(privacy.id, '<p>Drei</p>', false);
    // Lena accepted the version that asked: the later one does not ask her again.
    expect(await pending(lena)).toEqual([]);
    const [open] = await pending(later.session);
    expect(open?.version_id).toBe(saved.versions[0]!.id);
    // The version that asked is no longer the one in force: accepting it is outdated.
    const outdated = await accept(later.session, privacy.id, saved.versions[1]!.id);
    expect(outdated.statusCode).toBe(422);
    expect(outdated.json()).toEqual({ errors: { version_id: ['outdated'] } });
    expect((await accept(later.session, privacy.id, saved.versions[0]!.id)).statusCode).toBe(204);
    expect(await pending(later.session)).toEqual([]);
  });

  it('asks again for a newer version that requires it', async () => {
    const saved = await save(privacy.id, '<p>Vier</p>', true);
    expect((await pending(lena)).map((p) => p.version_id)).toEqual([saved.versions[0]!.id]);
  });

  it('refuses a bad version id (422) and an unknown text (404)', async () => {
    expect((await accept(lena, privacy.id, 'nope')).statusCode).toBe(422);
    expect((await accept(lena, 'f'.repeat(24), privacy.versions[0]!.id)).statusCode).toBe(404);
  });

  it('forgets the question with the text', async () => {
    await t.app.inject({ method: 'DELETE', url: `/administration/legal_texts/${privacy.id}`, headers: admin.headers });
    expect(await pending(lena)).toEqual([]);
  });
});
