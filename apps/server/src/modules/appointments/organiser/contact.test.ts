import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Appointment, ContactContext, ContactResult, StoredItem } from '@agora/contracts';
import { uploadFile } from '../../../platform/storage/upload-test-support.ts';
import { startMailbox } from '../../../testing/mailbox.ts';
import { createMember, storeNetworkSettings } from '../../../testing/index.ts';
import { appointmentsWorld, createTestApp, member, type Member, type TestApp } from '../test-support.ts';
import { organiserApi } from '../organiser-test-support.ts';

let mailbox: Awaited<ReturnType<typeof startMailbox>>;
let t: TestApp;
let w: Awaited<ReturnType<typeof appointmentsWorld>>;
let api: ReturnType<typeof organiserApi>;

beforeAll(async () => {
  mailbox = await startMailbox();
  t = await createTestApp({ SMTP_URL: mailbox.url });
  w = await appointmentsWorld(t);
  api = organiserApi(t);
});
afterAll(async () => {
  await t.close();
  await mailbox.close();
});

const emailOf = async (m: Member) =>
  (await t.services.accounts.mailAddresses(w.network.id, [m.membership.id])).get(m.membership.id)!.email;

async function upload(name: string, content: Buffer) {
  const response = await uploadFile(t.app, w.admin.session.headers, 'files', name, content);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<StoredItem>();
}

/** An appointment with one participant of each answer besides its organiser (the administrator). */
async function withParticipants(overrides: Parameters<typeof api.created>[2] = {}) {
  const appointment = await api.created(w.admin.session, [w.networkCalendar], overrides);
  const accepted = await member(t, w.network.id, { firstName: 'Ada', lastName: 'Accepted' });
  const declined = await member(t, w.network.id, { firstName: 'Dora', lastName: 'Declined' });
  const silent = await member(t, w.network.id, { firstName: 'Sam', lastName: 'Silent' });
  const consumer = await createMember(t.services, w.network.id, {
    consumer: true,
    firstName: 'Carl',
    lastName: 'Consumer',
  });
  await api.invite(w.admin.session, appointment.id, [accepted.membership.id], undefined, 'accepted');
  await api.invite(w.admin.session, appointment.id, [declined.membership.id, silent.membership.id]);
  expect((await api.respond(declined.session, appointment.id, 'declined')).statusCode).toBe(200);
  const added = await t.app.inject({
    method: 'POST',
    url: `/appointments/${appointment.id}/participants`,
    headers: w.admin.session.headers,
    payload: { participant: { membership_ids: [consumer.membership.id], status: 'invited', invite_consumers: true } },
  });
  expect(added.statusCode, added.body).toBe(201);
  return { appointment, accepted, declined, silent, consumer };
}

const message = (audience: string, includeAttachments = false) => ({
  subject: 'Parking for Friday',
  text: 'Please use the car park behind the hall.\n\nBring your badge.\nThanks!',
  audience,
  include_attachments: includeAttachments,
});

describe('GET /appointments/{id}/contact', () => {
  it('walks the ladder: 401, 403, 200 with sizes, the limit and who each audience reaches', async () => {
    const agenda = await upload('agenda.pdf', Buffer.from('%PDF-1.4 agenda of the day'));
    const { appointment } = await withParticipants({ event_file_ids: [agenda.id] });
    expect((await api.contactContext(null, appointment.id)).statusCode).toBe(401);
    expect((await api.contactContext(w.author.session, appointment.id)).statusCode).toBe(403);
    const response = await api.contactContext(w.admin.session, appointment.id);
    expect(response.statusCode, response.body).toBe(200);
    // The sender (the organiser, accepted) is not counted; the consumer is.
    expect(response.json<ContactContext>()).toEqual({
      attachments_size: agenda.size,
      attachment_limit: 10 * 1024 * 1024,
      audience_counts: { all: 4, accepted: 1, declined: 1, no_reaction: 2 },
    });
  });
});

describe('POST /appointments/{id}/contact', () => {
  it('walks the ladder: 401, 422, 403, 200', async () => {
    const { appointment } = await withParticipants();
    expect((await api.contact(null, appointment.id, message('all'))).statusCode).toBe(401);
    const invalid = await api.contact(w.author.session, appointment.id, { ...message('everyone'), subject: ' ' });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json()).toEqual({ errors: { subject: ['required'], audience: ['invalid'] } });
    expect((await api.contact(w.author.session, appointment.id, message('all'))).statusCode).toBe(403);
    const response = await api.contact(w.admin.session, appointment.id, message('no_reaction'));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<ContactResult>()).toEqual({ recipients: 2 });
  });

  it('mails each member of the audience, answered to the sender, with the files attached', async () => {
    const bytes = Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0xff, 0x10, 0x80, 0x41]);
    const agenda = await upload('agenda.pdf', bytes);
    const { appointment, accepted, declined, silent, consumer } = await withParticipants({
      name: 'Summer fair',
      event_file_ids: [agenda.id],
    });
    const response = await api.contact(w.admin.session, appointment.id, message('all', true));
    expect(response.json<ContactResult>()).toEqual({ recipients: 4 });
    await t.services.jobs.settled();

    const adminEmail = await emailOf(w.admin);
    for (const recipient of [accepted, declined, silent]) {
      const mail = await mailbox.waitFor(await emailOf(recipient));
      expect(mail.subject).toBe('Parking for Friday');
      expect(mail.headers['reply-to']).toBe(adminEmail);
      expect(mail.text).toContain('writes to you about the appointment "Summer fair":');
      expect(mail.text).toContain('Please use the car park behind the hall.\n\nBring your badge.\nThanks!');
      expect(mail.text).toContain(`http://localhost:3000/appointments/${appointment.id}`);
      expect(mail.attachments).toEqual([{ filename: 'agenda.pdf', contentType: 'application/pdf', content: bytes }]);
    }
    const consumerEmail = (await t.services.accounts.mailAddresses(w.network.id, [consumer.membership.id])).get(
      consumer.membership.id,
    )!.email;
    await mailbox.waitFor(consumerEmail);
    // Not to the sender.
    expect(mailbox.mails.some((m) => m.to.includes(adminEmail))).toBe(false);
  });

  it('reaches only the audience chosen', async () => {
    const { appointment, accepted, declined, silent } = await withParticipants();
    const before = mailbox.mails.length;
    const response = await api.contact(w.admin.session, appointment.id, {
      ...message('declined'),
      subject: 'Only for who declined',
    });
    expect(response.json<ContactResult>()).toEqual({ recipients: 1 });
    await t.services.jobs.settled();
    const mail = await mailbox.waitFor(await emailOf(declined));
    expect(mail.subject).toBe('Only for who declined');
    const sent = mailbox.mails.slice(before).filter((m) => m.subject === 'Only for who declined');
    expect(sent.flatMap((m) => m.to)).toEqual([await emailOf(declined)]);
    expect(sent[0]!.attachments).toEqual([]);
    for (const other of [accepted, silent]) expect(sent.some((m) => m.to.includes(other.user.email))).toBe(false);
  });

  it('refuses attachments over the network limit, and sends them without', async () => {
    const network = await t.services.networks.get(w.network.id);
    await storeNetworkSettings(t.database.db, w.network.id, { ...network!.settings, email_attachment_limit_mb: 1 });
    try {
      const big = await upload('big.pdf', Buffer.alloc(1024 * 1024 + 1, 7));
      const { appointment } = await withParticipants({ event_file_ids: [big.id] });
      const context = (await api.contactContext(w.admin.session, appointment.id)).json<ContactContext>();
      expect(context.attachments_size).toBeGreaterThan(context.attachment_limit);
      const refused = await api.contact(w.admin.session, appointment.id, message('all', true));
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toEqual({ errors: { include_attachments: ['attachments_too_large'] } });
      const plain = await api.contact(w.admin.session, appointment.id, message('accepted', false));
      expect(plain.statusCode).toBe(200);
    } finally {
      await storeNetworkSettings(t.database.db, w.network.id, network!.settings);
    }
  });

  it('mails the participants of one occurrence', async () => {
    const series = await api.created(w.admin.session, [w.networkCalendar], {
      recurrence_pattern: { recurrence_frequency: 'weekly' },
    });
    const occurrence = `r-${series.id}-20261208T1000`;
    const guest = await member(t, w.network.id);
    await api.invite(w.admin.session, occurrence, [guest.membership.id], 'this');
    const context = (await api.contactContext(w.admin.session, occurrence)).json<ContactContext>();
    expect(context.audience_counts.all).toBe(1);
    const seriesContext = (await api.contactContext(w.admin.session, series.id)).json<ContactContext>();
    expect(seriesContext.audience_counts.all).toBe(0);
    const response = await api.contact(w.admin.session, occurrence, message('all'));
    expect(response.json()).toEqual({ recipients: 1 });
    const mail = await mailbox.waitFor(guest.user.email);
    expect(mail.text).toContain(`/appointments/${occurrence}`);
    const shown = (await api.get(w.admin.session, occurrence)).json<Appointment>();
    expect(shown.can.contact).toBe(true);
  });
});
