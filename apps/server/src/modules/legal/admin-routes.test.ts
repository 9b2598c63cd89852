import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Imprint, LegalTextAdmin, LegalTextSummary } from '@agora/contracts';
import { createNetwork, createTestApp, signedInMember, type Session, type TestApp } from '../../testing/index.ts';

let t: TestApp;
let networkId: string;
let admin: Session;
let adminId: string;
let member: Session;
const json = { accept: 'application/json' };

beforeAll(async () => {
  t = await createTestApp();
  networkId = (await createNetwork(t.services)).id;
  const a = await signedInMember(t.app, t.services, networkId, { admin: true });
  admin = a.session;
  adminId = a.membership.id;
  member = (await signedInMember(t.app, t.services, networkId)).session;
});
afterAll(() => t.close());

const call = (session: Session | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: session?.headers ?? json, ...(payload ? { payload } : {}) });

const fields = (values: Record<string, unknown> = {}) => ({
  legal_text: { name: 'Datenschutz', statement: 'Wie wir mit Daten umgehen.', text: '<p>Text</p>', ...values },
});

async function created(values: Record<string, unknown>): Promise<LegalTextAdmin> {
  const response = await call(admin, 'POST', '/administration/legal_texts', fields(values));
  if (response.statusCode !== 201) throw new Error(`create: ${response.statusCode} ${response.body}`);
  return response.json<LegalTextAdmin>();
}

type EventRow = { actor_id: string; subject_id: string; changes: Record<string, unknown> };

/** The recorded events of a type in this file's network, oldest first. */
async function eventsOf(type: string): Promise<EventRow[]> {
  const result = await t.database.db.execute(
    sql`select actor_id, subject_id, changes from domain_events
        where type = ${type} and network_id = ${networkId} order by id`,
  );
  return (result as unknown as { rows: EventRow[] }).rows;
}

describe('who may administrate legal texts and the imprint', () => {
  const routes: Array<['GET' | 'POST' | 'PUT' | 'DELETE', string, object?]> = [
    ['GET', '/administration/legal_texts'],
    ['POST', '/administration/legal_texts', fields()],
    ['GET', `/administration/legal_texts/${'f'.repeat(24)}`],
    ['PUT', `/administration/legal_texts/${'f'.repeat(24)}`, fields()],
    ['DELETE', `/administration/legal_texts/${'f'.repeat(24)}`],
    ['GET', '/administration/imprint/edit'],
    ['PUT', '/administration/imprint/', { imprint: { imprint_attributes: { content: '' }, mail_imprint: '' } }],
  ];

  it.each(routes)('%s %s: 401 signed out, 403 for a member', async (method, url, payload) => {
    expect((await call(null, method, url, payload)).statusCode).toBe(401);
    expect((await call(member, method, url, payload)).statusCode).toBe(403);
  });
});

describe('legal texts', () => {
  it('creates a text with its handle from the name, sanitized, as its first version', async () => {
    const response = await call(
      admin,
      'POST',
      '/administration/legal_texts',
      fields({ name: ' Terms of Use 2027 ', text: '<p onclick="x()">Regeln<script>alert(1)</script></p>' }),
    );
    expect(response.statusCode).toBe(201);
    const text = response.json<LegalTextAdmin>();
    expect(text).toMatchObject({
      name: 'Terms of Use 2027',
      handle: 'terms-of-use-2027',
      statement: 'Wie wir mit Daten umgehen.',
      text: '<p>Regeln</p>',
      read_only: false,
      can: { update: true, destroy: true },
    });
    expect(text.versions).toEqual([
      {
        id: expect.any(String),
        created_at: expect.any(String),
        html_text: '<p>Regeln</p>',
        requires_acceptance: false,
      },
    ]);
    const [event] = await eventsOf('legal_text.created');
    expect(event).toMatchObject({ actor_id: adminId, subject_id: text.id });
  });

  it('takes a handle as typed: spaces become hyphens, lowercase; other characters are invalid', async () => {
    expect((await created({ name: 'Cookies', handle: 'Cookie Richtlinie' })).handle).toBe('cookie-richtlinie');
    const invalid = await call(admin, 'POST', '/administration/legal_texts', fields({ handle: 'nicht/gültig!' }));
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json()).toEqual({ errors: { handle: ['invalid'] } });
  });

  it('refuses a handle the network has (taken) and every empty field at once, writing nothing', async () => {
    await created({ name: 'Impressum Extra' });
    const taken = await call(admin, 'POST', '/administration/legal_texts', fields({ name: 'Impressum extra' }));
    expect(taken.statusCode).toBe(422);
    expect(taken.json()).toEqual({ errors: { handle: ['taken'] } });
    const empty = await call(admin, 'POST', '/administration/legal_texts', {
      legal_text: { name: ' ', statement: '', text: '<p> </p><script>x</script>' },
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toEqual({
      errors: { name: ['required'], statement: ['required'], text: ['required'], handle: ['required'] },
    });
    const long = await call(admin, 'POST', '/administration/legal_texts', fields({ name: 'x'.repeat(256) }));
    expect(long.json()).toEqual({ errors: { name: ['too_long'] }, details: { name: { maximum: 255 } } });
    const list = (await call(admin, 'GET', '/administration/legal_texts')).json<{ legal_texts: LegalTextSummary[] }>();
    expect(list.legal_texts.filter((l) => l.handle === 'impressum-extra')).toHaveLength(1);
  });

  it('keeps every save as a version, the handle as it was, and says which asks for acceptance', async () => {
    const text = await created({ name: 'Nutzung' });
    const saved = await call(
      admin,
      'PUT',
      `/administration/legal_texts/${text.id}`,
      fields({ name: 'Nutzungsregeln', handle: 'anders', text: '<p>Neu</p>', requires_acceptance: true }),
    );
    expect(saved.statusCode).toBe(200);
    const again = await call(
      admin,
      'PUT',
      `/administration/legal_texts/${text.id}`,
      fields({ name: 'Nutzungsregeln', text: '<p>Neu</p>' }),
    );
    const after = again.json<LegalTextAdmin>();
    expect(after).toMatchObject({ name: 'Nutzungsregeln', handle: 'nutzung', text: '<p>Neu</p>' });
    expect(after.versions.map((v) => [v.html_text, v.requires_acceptance])).toEqual([
      ['<p>Neu</p>', false],
      ['<p>Neu</p>', true],
      ['<p>Text</p>', false],
    ]);
    const shown = await call(admin, 'GET', `/administration/legal_texts/${text.id}`);
    expect(shown.json<LegalTextAdmin>().versions).toEqual(after.versions);
    const updates = (await eventsOf('legal_text.updated')).filter((e) => e.subject_id === text.id);
    expect(updates.map((e) => e.changes.requires_acceptance)).toEqual([true, false]);
    const refused = await call(admin, 'PUT', `/administration/legal_texts/${text.id}`, fields({ statement: ' ' }));
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ errors: { statement: ['required'] } });
    expect(
      (await call(admin, 'GET', `/administration/legal_texts/${text.id}`)).json<LegalTextAdmin>().versions,
    ).toHaveLength(3);
  });

  it('deletes a text with its versions', async () => {
    const text = await created({ name: 'Vergänglich' });
    const deleted = await call(admin, 'DELETE', `/administration/legal_texts/${text.id}`);
    expect(deleted.statusCode).toBe(204);
    expect((await call(admin, 'GET', `/administration/legal_texts/${text.id}`)).statusCode).toBe(404);
    expect((await call(null, 'GET', '/legal/vergänglich')).statusCode).toBe(404);
    const [event] = (await eventsOf('legal_text.destroyed')).filter((e) => e.subject_id === text.id);
    expect(event?.changes).toEqual({ name: 'Vergänglich', handle: 'vergänglich' });
  });

  it('leaves a read-only text as it is (403) and answers 404 for another network’s text', async () => {
    const readOnly = await t.services.legal.create(networkId, {
      name: 'AGB',
      statement: 'Fest.',
      text: '<p>Fest</p>',
      readOnly: true,
    });
    const list = await call(admin, 'GET', '/administration/legal_texts');
    expect(
      list.json<{ legal_texts: LegalTextSummary[] }>().legal_texts.find((l) => l.id === readOnly.id),
    ).toMatchObject({
      read_only: true,
      can: { update: false, destroy: false },
    });
    const shown = await call(admin, 'GET', `/administration/legal_texts/${readOnly.id}`);
    expect(shown.json<LegalTextAdmin>()).toMatchObject({ read_only: true, can: { update: false, destroy: false } });
    expect((await call(admin, 'PUT', `/administration/legal_texts/${readOnly.id}`, fields())).statusCode).toBe(403);
    expect((await call(admin, 'DELETE', `/administration/legal_texts/${readOnly.id}`)).statusCode).toBe(403);
    const other = await createNetwork(t.services, { host: 'other-legal-admin.test' });
    const foreign = await t.services.legal.create(other.id, { name: 'Fremd', statement: 's', text: '<p>x</p>' });
    expect((await call(admin, 'GET', `/administration/legal_texts/${foreign.id}`)).statusCode).toBe(404);
    expect((await call(admin, 'PUT', `/administration/legal_texts/${foreign.id}`, fields())).statusCode).toBe(404);
    expect((await call(admin, 'DELETE', `/administration/legal_texts/${foreign.id}`)).statusCode).toBe(404);
  });
});

describe('the imprint', () => {
  const imprint = (content: string, mail: string, newsletter = false) => ({
    imprint: { imprint_attributes: { content }, mail_imprint: mail, show_newsletter_info: newsletter },
  });

  it('is saved sanitized, shown to visitors and used by mails; an unchanged save records nothing', async () => {
    expect((await call(admin, 'GET', '/administration/imprint/edit')).json<Imprint>()).toEqual({
      imprint_attributes: { content: '' },
      mail_imprint: '',
      show_newsletter_info: false,
    });
    const saved = await call(
      admin,
      'PUT',
      '/administration/imprint/',
      imprint('<p>Acme<script>x</script></p>', ' Acme GmbH ', true),
    );
    expect(saved.statusCode).toBe(200);
    const expected = {
      imprint_attributes: { content: '<p>Acme</p>' },
      mail_imprint: 'Acme GmbH',
      show_newsletter_info: true,
    };
    expect(saved.json<Imprint>()).toEqual(expected);
    expect((await call(admin, 'GET', '/administration/imprint/edit')).json<Imprint>()).toEqual(expected);
    expect(await t.services.legal.mailImprint(networkId)).toBe('Acme GmbH');
    await call(admin, 'PUT', '/administration/imprint', imprint('<p>Acme</p>', 'Acme GmbH', true));
    const events = await eventsOf('imprint.updated');
    expect(events.map((e) => e.changes.changed)).toEqual([['content', 'mailImprint', 'showNewsletterInfo']]);
  });

  it('refuses a mail imprint over its maximum', async () => {
    const response = await call(admin, 'PUT', '/administration/imprint/', imprint('', 'x'.repeat(2001)));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      errors: { mail_imprint: ['too_long'] },
      details: { mail_imprint: { maximum: 2000 } },
    });
  });
});
