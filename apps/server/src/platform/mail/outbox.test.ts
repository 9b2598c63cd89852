import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxMail, OutboxPage } from '@agora/contracts';
import { createTestApp, signedInMember, type Session, type TestApp } from '../../testing/index.ts';

let t: TestApp;
let admin: Session;
let member: Session;
let otherAdmin: Session;
let otherMailId: string;
const HOST = 'outbox.test';
const OTHER_HOST = 'other-outbox.test';

const list = (session: Session | null, query = '') =>
  t.app.inject({
    url: `/api/v1/administration/mails${query}`,
    headers: session?.headers ?? { host: HOST, accept: 'application/json' },
  });
const show = (session: Session | null, id: string) =>
  t.app.inject({
    url: `/api/v1/administration/mails/${id}`,
    headers: session?.headers ?? { host: HOST, accept: 'application/json' },
  });

beforeAll(async () => {
  t = await createTestApp();
  const network = await t.services.networks.create({ name: 'Outbox Network', language: 'en', host: HOST });
  const other = await t.services.networks.create({ name: 'Other Network', language: 'en', host: OTHER_HOST });
  await t.services.legal.saveImprint(network.id, { content: '', mailImprint: 'Outbox Network Ltd, 1 Main St' });
  admin = (await signedInMember(t.app, t.services, network.id, { admin: true }, HOST)).session;
  member = (await signedInMember(t.app, t.services, network.id, {}, HOST)).session;
  otherAdmin = (await signedInMember(t.app, t.services, other.id, { admin: true }, OTHER_HOST)).session;

  // Sent one after the other, so that their order is known.
  for (const subject of ['First', 'Second', 'Third']) {
    await t.services.mailer.send({
      networkId: network.id,
      to: `${subject.toLowerCase()}@example.test`,
      locale: 'en',
      subject,
      paragraphs: [`The ${subject.toLowerCase()} mail.`],
    });
    await t.services.jobs.settled();
  }
  await t.services.mailer.send({
    networkId: other.id,
    to: 'elsewhere@example.test',
    locale: 'en',
    subject: 'Elsewhere',
    paragraphs: ['Not for the first network.'],
  });
  await t.services.jobs.settled();
  otherMailId = (await list(otherAdmin)).json<OutboxPage>().mails[0]!.id;
});
afterAll(() => t.close());

describe('GET /api/v1/administration/mails', () => {
  it('answers 401 to an anonymous visitor and 403 to a member who is no admin', async () => {
    expect((await list(null)).statusCode).toBe(401);
    const forbidden = await list(member);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ error: 'forbidden' });
  });

  it('answers 422 to a page that is not one', async () => {
    for (const page of ['0', '-1', 'two', '1.5']) {
      const response = await list(admin, `?page=${page}`);
      expect(response.statusCode, page).toBe(422);
      expect(response.json()).toEqual({ errors: { page: [expect.any(String)] } });
    }
  });

  it('lists the mails of the admin’s own network, newest first', async () => {
    const response = await list(admin);
    expect(response.statusCode).toBe(200);
    const page = response.json<OutboxPage>();
    expect(page).toMatchObject({ total: 3, page: 1, per: 25 });
    expect(page.mails.map((m) => m.subject)).toEqual(['Third', 'Second', 'First']);
    expect(page.mails[0]).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      to: 'third@example.test',
      subject: 'Third',
      delivery_error: null,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it('answers a page past the end with no mails', async () => {
    const page = (await list(admin, '?page=2')).json<OutboxPage>();
    expect(page).toEqual({ mails: [], total: 3, page: 2, per: 25 });
  });
});

describe('GET /api/v1/administration/mails/:id', () => {
  it('answers 401 and 403 before it looks for the mail', async () => {
    expect((await show(null, otherMailId)).statusCode).toBe(401);
    expect((await show(member, otherMailId)).statusCode).toBe(403);
  });

  it('answers 404 to another network’s mail and to ids that do not exist', async () => {
    expect((await show(admin, otherMailId)).statusCode).toBe(404);
    expect((await show(admin, 'ffffffffffffffffffffffff')).statusCode).toBe(404);
    expect((await show(admin, 'not-an-id')).statusCode).toBe(404);
    // The other network's admin does see it.
    expect((await show(otherAdmin, otherMailId)).statusCode).toBe(200);
  });

  it('shows a mail with its text and HTML, both with the network’s mail imprint', async () => {
    const [first] = (await list(admin)).json<OutboxPage>().mails;
    const response = await show(admin, first!.id);
    expect(response.statusCode).toBe(200);
    const mail = response.json<OutboxMail>();
    expect(mail).toMatchObject({ id: first!.id, to: 'third@example.test', subject: 'Third', delivery_error: null });
    expect(mail.text).toBe('The third mail.\n\n-- \nOutbox Network Ltd, 1 Main St\n');
    expect(mail.html).toContain('<p style="margin:0 0 16px">The third mail.</p>');
    expect(mail.html).toContain('Outbox Network Ltd, 1 Main St');
  });
});
