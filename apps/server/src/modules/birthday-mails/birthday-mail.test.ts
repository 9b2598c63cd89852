import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNetwork, createTestApp, signedInMember, type TestApp } from '../../testing/index.ts';

let t: TestApp;
let admin: Record<string, string>;
let adminEmail: string;
let member: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  const networkId = (await createNetwork(t.services, { name: 'Birthday Network' })).id;
  const anna = await signedInMember(t.app, t.services, networkId, { admin: true, firstName: 'Anna' });
  admin = anna.session.headers;
  adminEmail = anna.user.email;
  member = (await signedInMember(t.app, t.services, networkId)).session.headers;
});
afterAll(() => t.close());

describe('the test birthday mail', () => {
  const send = (payload?: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/administration/settings/send_test_birthday_email',
      headers: admin,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  it('is for network administrators only', async () => {
    const anonymous = await t.app.inject({ method: 'POST', url: '/administration/settings/send_test_birthday_email' });
    expect(anonymous.statusCode).toBe(401);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/administration/settings/send_test_birthday_email',
      headers: member,
    });
    expect(refused.statusCode).toBe(403);
  });

  it('goes to the administrator, with the unsaved subject and text of the form', async () => {
    const response = await send({
      birthday_emails: { subject: 'Alles Gute, Anna', text: 'Feiert schön!\n\nEuer Team' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ to: adminEmail, message: expect.stringContaining(adminEmail) });
    await t.services.jobs.settled();
    const [mail] = await t.services.mailer.outbox(adminEmail);
    expect(mail).toMatchObject({ subject: 'Alles Gute, Anna' });
    expect(mail!.text).toContain('Feiert schön!');
    expect(mail!.text).toContain('Anna');
  });

  it('takes the saved mail, or the default, without a body', async () => {
    const response = await send();
    expect(response.statusCode).toBe(200);
    await t.services.jobs.settled();
    const [mail] = await t.services.mailer.outbox(adminEmail);
    expect(mail!.subject).toBeTruthy();
  });

  it('refuses an image from elsewhere and a subject over its maximum', async () => {
    const image = await send({ birthday_emails: { image: 'https://elsewhere.example/cake.png' } });
    expect(image.statusCode).toBe(422);
    expect(image.json().errors).toHaveProperty(['birthday_emails.image']);
    const long = await send({ birthday_emails: { subject: 'x'.repeat(256) } });
    expect(long.statusCode).toBe(422);
  });
});
