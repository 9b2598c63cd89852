import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { openTestDatabase } from '../../testing/database.ts';
import { startMailbox } from '../../testing/mailbox.ts';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../testing/index.ts';
import type { Database } from '../db/client.ts';
import { createJobs, type Jobs } from '../jobs/jobs.ts';
import { createMailer, type Mailer } from './mailer.ts';

const MAIL_IMPRINT = 'Acme Demo GmbH · Musterstraße 1 · 10115 Berlin\nGeschäftsführung: Anna Adler';

describe('mail through a real SMTP server', () => {
  let mailbox: Awaited<ReturnType<typeof startMailbox>>;
  let t: TestApp;
  let networkId: string;
  const host = 'smtp-network.test';

  beforeAll(async () => {
    mailbox = await startMailbox();
    t = await createTestApp({ SMTP_URL: mailbox.url, MAIL_FROM: 'Acme Demo <intranet@acme.example>' });
    networkId = (await t.services.networks.create({ name: 'Acme Demo', language: 'de', host })).id;
    await t.services.legal.saveImprint(networkId, { content: '<p>Acme Demo GmbH</p>', mailImprint: MAIL_IMPRINT });
  });
  afterAll(async () => {
    await t.close();
    await mailbox.close();
  });

  const requestReset = (email: string) =>
    t.app.inject({ method: 'POST', url: '/users/password', headers: { host }, payload: { user: { email } } });

  /** A member whose account has a language of its own (null: the network's). */
  async function memberSpeaking(locale: string | null) {
    const [user] = await t.services.accounts.createUsers([
      { email: `reader-${locale ?? 'network'}@example.test`, password: TEST_PASSWORD, locale },
    ]);
    await t.services.members.create({ networkId, userId: user!.id, firstName: 'Read', lastName: 'Er' });
    return user!.email;
  }

  it('delivers the password reset mail in the network’s language, with the mail imprint as footer', async () => {
    const email = await memberSpeaking(null);
    expect((await requestReset(email)).statusCode).toBe(200);
    const mail = await mailbox.waitFor(email);

    expect(mail.subject).toBe('Passwort zurücksetzen');
    expect(mail.headers.from).toBe('Acme Demo <intranet@acme.example>');
    expect(mail.headers['content-language']).toBe('de');
    expect(mail.text).toContain('jemand hat für Ihr Konto in Acme Demo ein neues Passwort angefordert.');
    expect(mail.text).toMatch(
      /Neues Passwort festlegen:\nhttp:\/\/localhost:3000\/users\/password\/edit\?reset_password_token=[\w%-]+\n/,
    );
    expect(mail.text.endsWith(`\n-- \n${MAIL_IMPRINT}\n`)).toBe(true);

    expect(mail.html).toContain('<html lang="de">');
    expect(mail.html).toContain('Neues Passwort festlegen</a>');
    expect(mail.html).toContain('Acme Demo GmbH · Musterstraße 1 · 10115 Berlin<br>Geschäftsführung: Anna Adler');

    // Sent, so not kept in the outbox.
    await t.services.jobs.settled();
    expect(await t.services.mailer.outbox(email)).toHaveLength(0);
  });

  it('writes in the language the member chose', async () => {
    const french = await memberSpeaking('fr');
    const informal = await memberSpeaking('de_DU');
    await requestReset(french);
    await requestReset(informal);

    const fr = await mailbox.waitFor(french);
    expect(fr.subject).toBe('Réinitialiser votre mot de passe');
    expect(fr.headers['content-language']).toBe('fr');
    expect(fr.html).toContain('<html lang="fr">');
    expect(fr.text).toContain('Définir un nouveau mot de passe:');
    expect(fr.text).toContain(MAIL_IMPRINT);

    const du = await mailbox.waitFor(informal);
    expect(du.subject).toBe('Passwort zurücksetzen');
    expect(du.headers['content-language']).toBe('de');
    expect(du.text).toContain('für dein Konto in Acme Demo');
  });
});

describe('mail the SMTP server refuses', () => {
  let database: Database;
  let running: { jobs: Jobs; mailer: Mailer } | null = null;

  beforeAll(async () => {
    database = await openTestDatabase({ pgTemplate: inject('pgTemplate'), pgliteDump: inject('pgliteDump') });
  });
  // Each test's workers go with it: they would take the next test's mails to its own SMTP server.
  afterEach(async () => {
    await running?.jobs.stop();
    running?.mailer.close();
    running = null;
  });
  afterAll(() => database.close());

  /** A mailer as the app makes it, but retrying after a second instead of minutes. */
  async function startMailer(smtpUrl: string) {
    const jobs = createJobs({ database, pollingIntervalSeconds: 0.5 });
    const mailer = createMailer({
      db: database.db,
      jobs,
      smtpUrl,
      from: 'Agora <no-reply@example.test>',
      mailImprint: async () => 'Imprint line',
      retry: { retryLimit: 2, retryDelay: 1, retryBackoff: false },
      pollingIntervalSeconds: 0.5,
    });
    running = { jobs, mailer };
    await jobs.start();
    return { jobs, mailer };
  }

  const message = (to: string) => ({
    networkId: 'network-of-the-test',
    to,
    locale: 'en',
    subject: 'Hello',
    paragraphs: ['A line.'],
  });

  it('tries again, and delivers on the next try', async () => {
    const mailbox = await startMailbox({
      refuse: (attempt) => (attempt === 1 ? { code: 451, message: 'Try again later' } : null),
    });
    try {
      const { jobs, mailer } = await startMailer(mailbox.url);
      await mailer.send(message('retry@example.test'));
      const mail = await mailbox.waitFor('retry@example.test');
      expect(mailbox.attempts()).toBe(2);
      expect(mail.subject).toBe('Hello');
      expect(mail.text).toBe('A line.\n\n-- \nImprint line\n');
      await jobs.settled();
      expect(mailbox.mails).toHaveLength(1);
      expect(await mailer.outbox('retry@example.test')).toHaveLength(0);
    } finally {
      await mailbox.close();
    }
  });

  it('keeps a mail refused on every try in the outbox, with the reason', async () => {
    const mailbox = await startMailbox({ refuse: () => ({ code: 550, message: 'Mailbox unavailable' }) });
    try {
      const { jobs, mailer } = await startMailer(mailbox.url);
      await mailer.send(message('refused@example.test'));
      await jobs.settled(15_000);
      expect(mailbox.attempts()).toBe(3);
      const [kept] = await mailer.outbox('refused@example.test');
      expect(kept).toMatchObject({ networkId: 'network-of-the-test', subject: 'Hello' });
      expect(kept!.text).toContain('Imprint line');
      expect(kept!.deliveryError).toContain('Mailbox unavailable');
    } finally {
      await mailbox.close();
    }
  });
});
