import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExternalInviteResult, ExternalInvitesPage, ExternalInviteSettings } from '@agora/contracts';
import type { NewGroup } from '../groups/index.ts';
import { createNetwork, createTestApp, signedInMember, type Session, type TestApp } from '../../testing/index.ts';

let t: TestApp;
let networkId: string;
let categoryId: string;
let admin: Awaited<ReturnType<typeof signedInMember>>;

beforeAll(async () => {
  t = await createTestApp();
  networkId = (await createNetwork(t.services, { name: 'Invite Network' })).id;
  const [category] = await t.services.groups.createCategories(networkId, [
    { slug: 'teams', name: 'Team', pluralName: 'Teams' },
  ]);
  categoryId = category!.id;
  admin = await signedInMember(t.app, t.services, networkId, { admin: true });
});
afterAll(() => t.close());

let slugs = 0;
async function createGroup(values: Partial<NewGroup> = {}) {
  const [group] = await t.services.groups.createGroups(networkId, [
    { groupCategoryId: categoryId, slug: `mail-group-${++slugs}`, name: `Mail group ${slugs}`, ...values },
  ]);
  return group!;
}

let addresses = 0;
const address = (name = 'person') => `${name}-${++addresses}@example.test`;

const single = (headers: Record<string, string>, invite: Record<string, unknown>, prefix = '/administration') =>
  t.app.inject({
    method: 'POST',
    url: `${prefix}/external_invites`,
    headers,
    payload: { external_invite: { subject: 'Join us', body: 'Hello there', group_ids: [], ...invite } },
  });

/** A multipart body as a browser's form sends it. */
function multipart(fields: Array<[string, string]>, file?: { name: string; bytes: Buffer }) {
  const boundary = `----agora${Date.now()}`;
  const parts: Buffer[] = fields.map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="csv"; filename="${file.name}"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

function upload(
  session: Session,
  file: { name: string; bytes: Buffer } | undefined,
  fields: Array<[string, string]> = [],
  prefix = '/administration',
) {
  const { payload, contentType } = multipart(
    [['subject', 'Welcome'], ['body', 'Hello from the team'], ...fields],
    file,
  );
  return t.app.inject({
    method: 'POST',
    url: `${prefix}/external_invites`,
    headers: { ...session.headers, 'content-type': contentType },
    payload,
  });
}

async function mailsTo(email: string) {
  await t.services.events.settled();
  await t.services.jobs.settled();
  return t.services.mailer.outbox(email);
}

const list = async (url: string, session: Session) => {
  const response = await t.app.inject({ url, headers: session.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ExternalInvitesPage>();
};

describe('POST /administration/external_invites (one address)', () => {
  it('invites, lists and mails the link', async () => {
    const group = await createGroup();
    const email = address('single');
    const response = await single(admin.session.headers, {
      email: { email: email.toUpperCase() },
      first_name: 'Jürgen',
      last_name: 'Groß',
      group_ids: [group.id],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<ExternalInviteResult>()).toEqual({ message: '1 invitation sent.', invited: 1, errors: [] });

    const [mail] = await mailsTo(email);
    expect(mail!.subject).toBe('Join us');
    expect(mail!.text).toContain('Hello there');
    const link = mail!.text.match(/http:\/\/localhost:3000\/invitations\/([\w-]+)/);
    expect(link).not.toBeNull();

    const invite = await t.services.externalInvites.openByToken({ id: networkId }, link![1]!);
    expect(invite).toMatchObject({ email, firstName: 'Jürgen', lastName: 'Groß', groupIds: [group.id] });

    const page = await list('/administration/external_invites', admin.session);
    expect(page.items[0]).toMatchObject({
      type: 'ExternalInvite',
      email,
      status: 'open',
      groups: [{ id: group.id, name: group.name, slug: group.slug }],
      can: { renew: true, revoke: true },
    });
    expect((await list('/external_invites/sent', admin.session)).items.map((i) => i.email)).toContain(email);
  });

  it('refuses bad, taken and doubled addresses with 422 on email', async () => {
    const email = address('twice');
    expect((await single(admin.session.headers, { email: '' })).json()).toEqual({ errors: { email: ['required'] } });
    expect((await single(admin.session.headers, { email: 'no-address' })).json()).toMatchObject({
      errors: { email: ['invalid'] },
    });
    expect((await single(admin.session.headers, { email: admin.user.email })).json()).toEqual({
      errors: { email: ['taken'] },
    });
    expect((await single(admin.session.headers, { email })).statusCode).toBe(200);
    expect((await single(admin.session.headers, { email })).json()).toEqual({ errors: { email: ['already_invited'] } });
    const channels = await single(admin.session.headers, {
      email: address(),
      channel_ids: ['0123456789abcdef01234567'],
    });
    expect(channels.json()).toEqual({ errors: { channel_ids: ['invalid'] } });
    const groups = await single(admin.session.headers, { email: address(), group_ids: ['0123456789abcdef01234567'] });
    expect(groups.json()).toEqual({ errors: { group_ids: ['invalid'] } });
  });

  it('is refused to anonymous visitors (401) and plain members (403)', async () => {
    const member = await signedInMember(t.app, t.services, networkId);
    expect((await single({ accept: 'application/json' }, { email: address() })).statusCode).toBe(401);
    expect((await single(member.session.headers, { email: address() })).statusCode).toBe(403);
    expect(
      (await t.app.inject({ url: '/administration/external_invites', headers: member.session.headers })).statusCode,
    ).toBe(403);
  });

  it('invites guests only where the network allows only guest invites', async () => {
    await t.database.db.execute(
      sql`update networks set config = '{"only_guest_invites_allowed": true}'::jsonb where id = ${networkId}`,
    );
    t.services.cache.invalidate([`network:${networkId}`]);
    try {
      const normal = await single(admin.session.headers, { email: address(), user_type: 'normal' });
      expect(normal.json()).toEqual({ errors: { user_type: ['only_external'] } });
      expect((await single(admin.session.headers, { email: address(), user_type: 'external' })).statusCode).toBe(200);
      const settings = await t.app.inject({ url: '/external_invites/settings', headers: admin.session.headers });
      expect(settings.json<ExternalInviteSettings>().user_types).toEqual(['external']);
    } finally {
      await t.database.db.execute(sql`update networks set config = '{}'::jsonb where id = ${networkId}`);
      t.services.cache.invalidate([`network:${networkId}`]);
    }
  });
});

describe('GET /external_invites/settings', () => {
  it("gives the default texts in the network's language with its name", async () => {
    const response = await t.app.inject({ url: '/external_invites/settings', headers: admin.session.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      default_invite_subject: 'Invitation to Invite Network',
      user_types: ['normal', 'external'],
    });
    expect(response.json<ExternalInviteSettings>().default_invite_text).toContain('Invite Network');
  });
});

describe('CSV upload', () => {
  it('reads ISO-8859-1 with umlauts, reports bad rows and invites the others', async () => {
    const [one, two, bad] = [address('csv'), address('csv'), 'not-an-address'];
    const text = `E-Mail;Vorname;Nachname\n${one};Jürgen;Müller\n${two};Änne;Weiß\n${bad};X;Y\n;Nobody;Here\n${one};Again;Twice\n${admin.user.email};Anna;Admin\n`;
    const response = await upload(admin.session, { name: 'people.CSV', bytes: Buffer.from(text, 'latin1') });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      message: '2 invitations sent. 4 rows were left out.',
      invited: 2,
      errors: [
        { row: 4, email: bad, error: 'invalid_email' },
        { row: 5, email: '', error: 'missing_email' },
        { row: 6, email: one, error: 'duplicate' },
        { row: 7, email: admin.user.email, error: 'taken' },
      ],
    });
    const names = (await list('/administration/external_invites', admin.session)).items
      .filter((i) => i.email === one || i.email === two)
      .map((i) => `${i.first_name} ${i.last_name}`)
      .sort();
    expect(names).toEqual(['Jürgen Müller', 'Änne Weiß']);
    const [toOne, toTwo] = [(await mailsTo(one))[0]!, (await mailsTo(two))[0]!];
    const linkOf = (text: string) => text.match(/\/invitations\/([\w-]+)/)![1]!;
    // One rendering, each mail with its own link.
    expect(linkOf(toOne.text)).not.toBe(linkOf(toTwo.text));
    expect(toTwo.html).toContain(linkOf(toTwo.text));
    expect(await t.services.externalInvites.openByToken({ id: networkId }, linkOf(toTwo.text))).toMatchObject({
      email: two,
    });

    // Invited already: the same file again invites nobody.
    const again = await upload(admin.session, { name: 'people.csv', bytes: Buffer.from(text, 'latin1') });
    expect(again.json<ExternalInviteResult>().errors.filter((e) => e.error === 'already_invited')).toHaveLength(2);
  });

  it('reads UTF-8 with a BOM, comma separated and quoted', async () => {
    const one = address('utf');
    const text = `\ufeff"${one}","Zoë","O'Brien, Jr."\n`;
    const response = await upload(admin.session, { name: 'list.csv', bytes: Buffer.from(text, 'utf8') }, [
      ['character_encoding', 'UTF-8'],
    ]);
    expect(response.json()).toMatchObject({ invited: 1, errors: [] });
    const item = (await list('/external_invites/sent', admin.session)).items.find((i) => i.email === one);
    expect(item).toMatchObject({ first_name: 'Zoë', last_name: "O'Brien, Jr." });
  });

  it('takes .csv files only, and requires one', async () => {
    const txt = await upload(admin.session, { name: 'people.txt', bytes: Buffer.from('a@b.de\n') });
    expect(txt.statusCode).toBe(422);
    expect(txt.json()).toEqual({ errors: { csv: ['invalid_file_type'] } });
    const missing = await upload(admin.session, undefined);
    expect(missing.json()).toEqual({ errors: { csv: ['required'] } });
    const noSubject = await upload(admin.session, { name: 'a.csv', bytes: Buffer.from('a@b.de\n') }, [['subject', '']]);
    expect(noSubject.json()).toEqual({ errors: { subject: ['required'] } });
    // Hostile uploads are the member's fault, never a 500.
    const nul = await upload(admin.session, { name: 'a.csv', bytes: Buffer.from('a@b.de;\u0000;x\n') });
    expect(nul.json()).toEqual({ errors: { csv: ['invalid'] } });
    const badSubject = await upload(admin.session, { name: 'a.csv', bytes: Buffer.from('a@b.de\n') }, [
      ['subject', 'x\u0000'],
    ]);
    expect(badSubject.json()).toEqual({ errors: { subject: ['invalid_characters'] } });
    const badGroup = await upload(admin.session, { name: 'a.csv', bytes: Buffer.from('a@b.de\n') }, [
      ['group_ids[]', 'nope'],
      ['character_encoding', 'EBCDIC'],
    ]);
    expect(badGroup.statusCode).toBe(422);
    expect(Object.keys(badGroup.json().errors).sort()).toEqual(['character_encoding', 'group_ids']);
    const tooLarge = await upload(admin.session, { name: 'a.csv', bytes: Buffer.alloc(2 * 1024 * 1024 + 10, 'a') });
    expect(tooLarge.json()).toEqual({ errors: { csv: ['too_large'] } });
  });
});

describe('group and category contexts', () => {
  it('lets group admins invite to their group, which is always included, and list its invites', async () => {
    const group = await createGroup();
    const other = await createGroup();
    const groupAdmin = await signedInMember(t.app, t.services, networkId);
    const member = await signedInMember(t.app, t.services, networkId);
    await t.services.groups.addMembers(networkId, [
      { groupId: group.id, membershipId: groupAdmin.membership.id, role: 'admin' },
      { groupId: group.id, membershipId: member.membership.id },
    ]);
    const prefix = `/groups/${group.slug}`;
    expect((await single(member.session.headers, { email: address() }, prefix)).statusCode).toBe(403);
    // A group the admin does not administrate cannot be added.
    const foreign = await single(groupAdmin.session.headers, { email: address(), group_ids: [other.id] }, prefix);
    expect(foreign.json()).toEqual({ errors: { group_ids: ['invalid'] } });
    const email = address('group');
    expect((await single(groupAdmin.session.headers, { email }, prefix)).statusCode).toBe(200);
    const page = await list(`${prefix}/external_invites`, groupAdmin.session);
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({ email, groups: [{ id: group.id }], can: { renew: true, revoke: true } });
    expect(
      (await t.app.inject({ url: `${prefix}/external_invites`, headers: member.session.headers })).statusCode,
    ).toBe(403);
    const hidden = await createGroup({ access: 'hidden' });
    expect((await single(member.session.headers, { email: address() }, `/groups/${hidden.slug}`)).statusCode).toBe(404);
  });

  it("lets a category's admins invite to its groups only", async () => {
    const group = await createGroup();
    const [otherCategory] = await t.services.groups.createCategories(networkId, [
      { slug: `other-${Date.now()}`, name: 'Other', pluralName: 'Others' },
    ]);
    const [elsewhere] = await t.services.groups.createGroups(networkId, [
      { groupCategoryId: otherCategory!.id, slug: `elsewhere-${Date.now()}`, name: 'Elsewhere' },
    ]);
    const categoryAdmin = await signedInMember(t.app, t.services, networkId);
    await t.services.groups.addCategoryAdmins(networkId, [
      { groupCategoryId: categoryId, membershipId: categoryAdmin.membership.id },
    ]);
    const member = await signedInMember(t.app, t.services, networkId);
    const prefix = `/group-categories/${categoryId}`;
    expect((await single(member.session.headers, { email: address() }, prefix)).statusCode).toBe(403);
    const wrong = await single(categoryAdmin.session.headers, { email: address(), group_ids: [elsewhere!.id] }, prefix);
    expect(wrong.json()).toEqual({ errors: { group_ids: ['invalid'] } });
    const ok = await single(categoryAdmin.session.headers, { email: address(), group_ids: [group.id] }, prefix);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await single(admin.session.headers, { email: address() }, '/group-categories/nope')).statusCode).toBe(404);
  });
});

describe('renew, revoke and accept', () => {
  it('revokes and renews through /batch_invites, all or nothing, with a new link', async () => {
    const [one, two] = [address('batch'), address('batch')];
    await single(admin.session.headers, { email: one });
    await single(admin.session.headers, { email: two });
    const items = (await list('/administration/external_invites', admin.session)).items;
    const ids = [one, two].map((e) => items.find((i) => i.email === e)!.id);
    const [firstMail] = await mailsTo(one);

    const post = (verb: string, inviteIds: string[]) =>
      t.app.inject({
        method: 'POST',
        url: `/batch_invites/${verb}`,
        headers: admin.session.headers,
        payload: { invite_ids: inviteIds },
      });
    expect((await post('revoke', [ids[0]!])).json()).toEqual({ message: 'success_flash', count: 1 });
    // One is obsolete now: revoking both is refused and changes nothing.
    expect((await post('revoke', ids)).json()).toEqual({ errors: { invite_ids: ['not_revokable'] } });
    const states = async () =>
      (await list('/administration/external_invites', admin.session)).items
        .filter((i) => ids.includes(i.id))
        .map((i) => i.status)
        .sort();
    expect(await states()).toEqual(['obsolete', 'open']);

    expect((await post('renew', ids)).json()).toEqual({ message: 'success_flash', count: 2 });
    expect(await states()).toEqual(['open', 'open']);
    const mails = await mailsTo(one);
    expect(mails).toHaveLength(2);
    expect(mails[0]!.text).not.toBe(firstMail!.text);

    // A plain member may not touch them: 404.
    const member = await signedInMember(t.app, t.services, networkId);
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/batch_invites/revoke',
      headers: member.session.headers,
      payload: { invite_ids: ids },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('accepting joins the groups; the address invited elsewhere becomes joined; accepted is not renewable', async () => {
    const group = await createGroup({ access: 'hidden' });
    const email = address('accept');
    await single(admin.session.headers, { email, group_ids: [group.id] });
    const groupAdmin = await signedInMember(t.app, t.services, networkId);
    await t.services.groups.addMembers(networkId, [
      { groupId: group.id, membershipId: groupAdmin.membership.id, role: 'admin' },
    ]);
    await single(groupAdmin.session.headers, { email }, `/groups/${group.slug}`).then((r) =>
      // Already invited in the network by the admin.
      expect(r.json()).toEqual({ errors: { email: ['already_invited'] } }),
    );
    const [mail] = await mailsTo(email);
    const token = mail!.text.match(/\/invitations\/([\w-]+)/)![1]!;
    const invite = (await t.services.externalInvites.openByToken({ id: networkId }, token))!;
    const network = (await t.services.networks.get(networkId))!;
    const { membership } = await t.services.accounts.addMember(
      { id: networkId, name: network.name, language: network.language },
      { email, firstName: 'New', lastName: 'Person' },
      { actorId: null, via: 'invite' },
    );
    await t.services.externalInvites.accept({ id: networkId }, invite.id, membership.id);
    await t.services.events.settled();
    expect(await t.services.groups.memberIds(networkId, [group.id])).toContain(membership.id);
    expect(await t.services.externalInvites.openByToken({ id: networkId }, token)).toBeNull();
    const item = (await list('/administration/external_invites', admin.session)).items.find((i) => i.id === invite.id);
    expect(item).toMatchObject({ status: 'accepted', can: { renew: false, revoke: false } });
    const renew = await t.app.inject({
      method: 'POST',
      url: '/batch_invites/renew',
      headers: admin.session.headers,
      payload: { invite_ids: [invite.id] },
    });
    expect(renew.json()).toEqual({ errors: { invite_ids: ['not_renewable'] } });
  });

  it('settles open invites as joined when the address becomes a member another way', async () => {
    const email = address('other-way');
    await single(admin.session.headers, { email });
    const network = (await t.services.networks.get(networkId))!;
    await t.services.accounts.addMember(
      { id: networkId, name: network.name, language: network.language },
      { email, firstName: 'Other', lastName: 'Way' },
      { actorId: admin.membership.id, via: 'administration' },
    );
    await t.services.events.settled();
    const item = (await list('/administration/external_invites', admin.session)).items.find((i) => i.email === email);
    expect(item?.status).toBe('joined');
  });
});

describe('POST /administration/membership_invites', () => {
  it('invites members to groups for network admins only', async () => {
    const group = await createGroup();
    const invitee = await signedInMember(t.app, t.services, networkId);
    const body = { membership_invites: { membership_ids: [invitee.membership.id], group_ids: [group.id] } };
    const post = (headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/administration/membership_invites', headers, payload: body });
    expect((await post(invitee.session.headers)).statusCode).toBe(403);
    const response = await post(admin.session.headers);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: 'invites_created', invited: 1, skipped: 0 });
  });
});
