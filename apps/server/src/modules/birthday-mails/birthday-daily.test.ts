import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createNetwork, createTestApp, type TestApp } from '../../testing/index.ts';

let t: TestApp;
let networkId: string;

type Member = Awaited<ReturnType<typeof createMember>>;

async function born(birthday: string, options: { locked?: boolean } = {}): Promise<Member> {
  const member = await createMember(t.services, networkId, { firstName: `Born ${birthday}`, ...options });
  await t.services.members.setBirthday(networkId, member.membership.id, birthday);
  return member;
}

const mailsTo = async (member: Member) => {
  await t.services.jobs.settled();
  return t.services.mailer.outbox(member.user.email);
};

beforeAll(async () => {
  t = await createTestApp();
  networkId = (await createNetwork(t.services, { name: 'Daily Network' })).id;
  await t.services.networks.setConfig(networkId, { birthday_emails_configurable: true });
  await t.services.networks.updateSettings(networkId, {
    birthday_emails: { enabled: true, image: null, subject: 'Happy birthday!', text: 'All the best\n\nYour team' },
  });
});
afterAll(() => t.close());

describe('the daily birthday mails', () => {
  it('go to the members born on the day, with the mail of the settings, and to nobody else', async () => {
    const child = await born('1990-05-04');
    const other = await born('1990-05-05');
    const locked = await born('1985-05-04', { locked: true });
    expect(await t.services.birthdayMails.sendForDay(new Date('2026-05-04T00:00:00Z'))).toBe(1);
    const [mail, ...more] = await mailsTo(child);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ subject: 'Happy birthday!' });
    expect(mail!.text).toContain('All the best');
    expect(mail!.text).toContain('Born 1990-05-04');
    expect(await mailsTo(other)).toEqual([]);
    expect(await mailsTo(locked)).toEqual([]);
  });

  it('greet those born on Feb 29 on Feb 28 in other years, and on Feb 29 in leap years', async () => {
    const leapling = await born('2000-02-29');
    await t.services.birthdayMails.sendForDay(new Date('2027-02-28T00:00:00Z'));
    expect(await mailsTo(leapling)).toHaveLength(1);
    await t.services.birthdayMails.sendForDay(new Date('2028-02-28T00:00:00Z'));
    expect(await mailsTo(leapling)).toHaveLength(1);
    await t.services.birthdayMails.sendForDay(new Date('2028-02-29T00:00:00Z'));
    expect(await mailsTo(leapling)).toHaveLength(2);
  });

  it('are not sent when turned off, or when the operator does not allow them', async () => {
    const child = await born('1970-09-01');
    await t.services.networks.updateSettings(networkId, {
      birthday_emails: { enabled: false, image: null, subject: '', text: '' },
    });
    expect(await t.services.birthdayMails.sendForDay(new Date('2026-09-01T00:00:00Z'))).toBe(0);
    await t.services.networks.updateSettings(networkId, {
      birthday_emails: { enabled: true, image: null, subject: '', text: '' },
    });
    await t.services.networks.setConfig(networkId, { birthday_emails_configurable: false });
    expect(await t.services.birthdayMails.sendForDay(new Date('2026-09-01T00:00:00Z'))).toBe(0);
    expect(await mailsTo(child)).toEqual([]);
    await t.services.networks.setConfig(networkId, { birthday_emails_configurable: true });
  });
});
