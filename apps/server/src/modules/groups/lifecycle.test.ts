import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { storageTestApp, uploadFile, type StorageTestApp } from '../../platform/storage/upload-test-support.ts';
import { createNetwork, signedInMember } from '../../testing/index.ts';

let t: StorageTestApp;
let networkId: string;
let categoryId: string;
let otherCategoryId: string;
let admin: Record<string, string>;
let member: Record<string, string>;
let categoryAdmin: Record<string, string>;
let categoryAdminId: string;

beforeAll(async () => {
  t = await storageTestApp('disk');
  networkId = (await createNetwork(t.services)).id;
  const [teams, projects] = await t.services.groups.createCategories(networkId, [
    { slug: 'teams', name: 'Team', pluralName: 'Teams', position: 0 },
    { slug: 'projects', name: 'Project', pluralName: 'Projects', position: 1 },
  ]);
  categoryId = teams!.id;
  otherCategoryId = projects!.id;
  admin = (await signedInMember(t.app, t.services, networkId, { admin: true })).session.headers;
  member = (await signedInMember(t.app, t.services, networkId)).session.headers;
  const ca = await signedInMember(t.app, t.services, networkId);
  categoryAdmin = ca.session.headers;
  categoryAdminId = ca.membership.id;
  await t.services.groups.addCategoryAdmins(networkId, [
    { groupCategoryId: categoryId, membershipId: categoryAdminId },
  ]);
});
afterAll(() => t.close());

const anonymous = { accept: 'application/json' };
const fields = (values: Record<string, unknown> = {}) => ({
  name: 'Platform team',
  group_category_id: categoryId,
  ...values,
});
const post = (headers: Record<string, string>, group: unknown) =>
  t.app.inject({ method: 'POST', url: '/groups', headers, payload: { group } });
const put = (headers: Record<string, string>, slug: string, group: unknown) =>
  t.app.inject({ method: 'PUT', url: `/groups/${slug}`, headers, payload: { group } });
const get = (headers: Record<string, string>, slug: string) => t.app.inject({ url: `/api/v1/groups/${slug}`, headers });
const archive = (headers: Record<string, string>, slug: string, method: 'PUT' | 'DELETE' = 'PUT') =>
  t.app.inject({ method, url: `/groups/${slug}/archive`, headers });

async function created(values: Record<string, unknown> = {}, headers = admin) {
  const response = await post(headers, fields(values));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string; slug: string; name: string }>();
}

describe('GET /api/v1/groups/new', () => {
  const url = (slug: string) => `/api/v1/groups/new?group_category_slug=${slug}`;
  it('walks the ladder: 401, 422, 404, 403, 200', async () => {
    expect((await t.app.inject({ url: url('teams'), headers: anonymous })).statusCode).toBe(401);
    const missing = await t.app.inject({ url: '/api/v1/groups/new', headers: admin });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.group_category_slug).toEqual(['required']);
    expect((await t.app.inject({ url: url('nothing'), headers: admin })).statusCode).toBe(404);
    expect((await t.app.inject({ url: url('teams'), headers: member })).statusCode).toBe(403);
    const ok = await t.app.inject({ url: url('teams'), headers: admin });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      group: { name: '', access: 'open', chat: 'enabled', group_category_id: categoryId, profile_image: null },
      group_category: { id: categoryId, slug: 'teams', plural_name: 'Teams' },
      can: { create: true, create_hidden: true },
    });
  });

  it('lets a category admin create in their category only', async () => {
    expect((await t.app.inject({ url: url('teams'), headers: categoryAdmin })).json().can).toMatchObject({
      create: true,
      create_hidden: true,
    });
    expect((await t.app.inject({ url: url('projects'), headers: categoryAdmin })).statusCode).toBe(403);
  });
});

describe('POST /groups', () => {
  it('walks the ladder and makes the creator its admin', async () => {
    expect((await post(anonymous, fields())).statusCode).toBe(401);
    const invalid = await post(admin, fields({ name: '  ' }));
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors.name).toEqual(['required']);
    expect((await post(member, fields())).statusCode).toBe(403);
    const unknownCategory = await post(admin, fields({ group_category_id: 'a'.repeat(24) }));
    expect(unknownCategory.statusCode).toBe(422);
    expect(unknownCategory.json().errors.group_category_id).toEqual(['invalid']);

    const response = await post(
      categoryAdmin,
      fields({
        name: 'Kitchen Crew',
        teaser: 'We cook',
        description: '<p>Hello <script>alert(1)</script><strong>all</strong></p>',
        moderated_join: true,
        chat: 'disabled',
      }),
    );
    expect(response.statusCode).toBe(201);
    const group = response.json();
    expect(group).toMatchObject({
      slug: 'kitchen-crew',
      name: 'Kitchen Crew',
      teaser: 'We cook',
      moderated_join: true,
      chat: 'disabled',
      membership_status_of_current_member: 'admin',
      member_count: 1,
    });
    expect(group.description).toBe('<p>Hello <strong>all</strong></p>');
    expect(group.can).toMatchObject({ update: true, archive: true, destroy: true });
  });

  it('gives a taken slug a suffix', async () => {
    const first = await created({ name: 'Design Guild' });
    const second = await created({ name: 'Design guild' });
    const third = await created({ name: 'Design  Guild!' });
    expect([first.slug, second.slug, third.slug]).toEqual(['design-guild', 'design-guild-2', 'design-guild-3']);
    // "new" is a word of the routes (/groups/new/...).
    expect((await created({ name: 'New' })).slug).toBe('new-2');
  });

  it('gives groups of the same name created at once a slug each', async () => {
    const made = await Promise.all(Array.from({ length: 8 }, () => post(admin, fields({ name: 'Rush Hour' }))));
    expect(made.map((r) => r.statusCode)).toEqual(Array(8).fill(201));
    const slugs = made.map((r) => r.json<{ slug: string }>().slug).sort();
    expect(new Set(slugs).size).toBe(8);
    expect(slugs).toContain('rush-hour');
  });

  it('records group.created, from which the group gets its calendar', async () => {
    const group = await created({ name: 'Calendar Makers' });
    await t.services.events.settled();
    const calendars = await t.app.inject({ url: `/groups/${group.slug}/calendars`, headers: admin });
    expect(calendars.json().calendars).toEqual([expect.objectContaining({ name: 'Calendar Makers' })]);
    const context = await t.app.inject({ url: `/api/v1/calendars/context?group_slug=${group.slug}`, headers: admin });
    expect(context.statusCode).toBe(200);
    expect(context.json().group).toMatchObject({ id: group.id, can: { create_appointments: true } });
  });

  describe('the rules of the group form (section 5)', () => {
    it('refuses open access for a sensitive group', async () => {
      const response = await post(admin, fields({ access: 'open', sensitive: true }));
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({ access: ['open_not_for_sensitive'] });
      expect((await post(admin, fields({ name: 'Sensitive', access: 'closed', sensitive: true }))).statusCode).toBe(
        201,
      );
    });
    it('refuses closed access for the active main group', async () => {
      const response = await post(admin, fields({ access: 'closed', active_main_group: true }));
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({ access: ['closed_not_for_main_group'] });
    });
    it('refuses hidden without can.create_hidden and moderated join for hidden groups', async () => {
      const hidden = await post(admin, fields({ name: 'Secret', access: 'hidden', moderated_join: true }));
      expect(hidden.statusCode).toBe(422);
      expect(hidden.json().errors).toEqual({ moderated_join: ['moderated_join_not_for_hidden'] });
      const ok = await post(admin, fields({ name: 'Secret', access: 'hidden' }));
      expect(ok.statusCode).toBe(201);
      expect(ok.json()).toMatchObject({ access: 'hidden', can: { create_hidden: true } });
    });
    it('keeps one active main group per category', async () => {
      const first = await created({ name: 'Main one', active_main_group: true });
      await created({ name: 'Main two', active_main_group: true });
      expect((await get(admin, first.slug)).json().active_main_group).toBe(false);
    });
  });

  it("takes an uploaded image as the profile image, and refuses another member's upload", async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#228be6' } })
      .png()
      .toBuffer();
    const upload = await uploadFile(t.app, admin, 'images', 'team.png', png);
    expect(upload.statusCode).toBe(200);
    const imageId = upload.json().id as string;
    const foreign = await post(categoryAdmin, fields({ name: 'Foreign image', profile_image: imageId }));
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors).toEqual({ profile_image: ['invalid'] });

    const response = await post(admin, fields({ name: 'Pictured', access: 'closed', profile_image: imageId }));
    expect(response.statusCode).toBe(201);
    expect(response.json().profile_image).toBe(imageId);
    // A member of the network sees a closed group's image; the image belongs to the group now.
    const image = await t.app.inject({ url: `/api/storage/images/${imageId}/get/200x200`, headers: member });
    expect(image.statusCode).toBe(200);
  });
});

describe('PUT /groups/{slug}', () => {
  it('walks the ladder: 401, 422, 404 for hidden, 403, 200', async () => {
    const group = await created({ name: 'Editable' });
    const hidden = await created({ name: 'Hidden editable', access: 'hidden' });
    expect((await put(anonymous, group.slug, fields())).statusCode).toBe(401);
    const invalid = await put(admin, group.slug, fields({ name: '', access: 'public' }));
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors).toMatchObject({ name: ['required'] });
    expect((await put(member, hidden.slug, fields())).statusCode).toBe(404);
    expect((await put(member, group.slug, fields())).statusCode).toBe(403);

    const response = await put(admin, group.slug, fields({ name: 'Edited', teaser: 'New teaser', access: 'closed' }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ slug: group.slug, name: 'Edited', teaser: 'New teaser', access: 'closed' });
    expect((await get(admin, group.slug)).json().name).toBe('Edited');
  });

  it('lets the group admin, a category admin keep a hidden group hidden, and refuses the rules', async () => {
    const group = await created({ name: 'Hidden by admin', access: 'hidden' }, categoryAdmin);
    const kept = await put(categoryAdmin, group.slug, fields({ name: 'Still hidden', access: 'hidden' }));
    expect(kept.statusCode).toBe(200);
    const sensitive = await put(categoryAdmin, group.slug, fields({ access: 'open', sensitive: true }));
    expect(sensitive.statusCode).toBe(422);
    expect(sensitive.json().errors).toEqual({ access: ['open_not_for_sensitive'] });
  });

  it('lets a category admin edit the groups of their category and no others', async () => {
    const ours = await created({ name: 'Ours' });
    const theirs = await created({ name: 'Theirs', group_category_id: otherCategoryId });
    expect((await put(categoryAdmin, ours.slug, fields({ name: 'Ours, edited' }))).statusCode).toBe(200);
    expect(
      (await put(categoryAdmin, theirs.slug, fields({ name: 'No', group_category_id: otherCategoryId }))).statusCode,
    ).toBe(403);
    // Moving a group into a category one may not create in is refused.
    const moved = await put(categoryAdmin, ours.slug, fields({ group_category_id: otherCategoryId }));
    expect(moved.statusCode).toBe(422);
    expect(moved.json().errors).toEqual({ group_category_id: ['invalid'] });
  });
});

describe('archiving', () => {
  it('walks the ladder, blocks editing while archived and answers {archived, redirect}', async () => {
    const group = await created({ name: 'To archive' });
    const hidden = await created({ name: 'Hidden archive', access: 'hidden' });
    expect((await archive(anonymous, group.slug)).statusCode).toBe(401);
    expect((await archive(member, hidden.slug)).statusCode).toBe(404);
    expect((await archive(member, group.slug)).statusCode).toBe(403);

    const archived = await archive(admin, group.slug);
    expect(archived.statusCode).toBe(200);
    expect(archived.json()).toEqual({ archived: true, redirect: `/groups/${group.slug}/administration` });
    const shown = (await get(admin, group.slug)).json();
    expect(shown).toMatchObject({ archived: true, can: { update: false, archive: true } });
    expect((await put(admin, group.slug, fields({ name: 'Changed' }))).statusCode).toBe(403);
    expect((await get(admin, group.slug)).json().name).toBe('To archive');

    // Its group calendar takes no new appointments.
    await t.services.events.settled();
    const context = await t.app.inject({ url: `/api/v1/calendars/context?group_slug=${group.slug}`, headers: admin });
    expect(context.json().group.can.create_appointments).toBe(false);

    const unarchived = await archive(admin, group.slug, 'DELETE');
    expect(unarchived.json()).toEqual({ archived: false, redirect: `/groups/${group.slug}/administration` });
    expect((await put(admin, group.slug, fields({ name: 'Changed' }))).statusCode).toBe(200);
  });
});

describe('an archived group’s appointments', () => {
  const body = (calendarId: string, name = 'Planning') => ({
    appointment: {
      name,
      calendar_ids: [calendarId],
      date: { start: '2026-12-01T10:00', end: '2026-12-01T11:00', all_day: false, time_zone: 'Europe/Berlin' },
      recurrence_pattern: { recurrence_frequency: 'never' },
    },
  });
  const write = (method: 'POST' | 'PUT', url: string, payload: object) =>
    t.app.inject({ method, url, headers: admin, payload });

  it('are read only while the group is archived', async () => {
    const group = await created({ name: 'Planning circle' });
    await t.services.events.settled();
    const calendars = (await t.app.inject({ url: `/groups/${group.slug}/calendars`, headers: admin })).json();
    const calendarId = calendars.calendars[0].id as string;
    const appointment = await write('POST', '/appointments', body(calendarId));
    expect(appointment.statusCode, appointment.body).toBe(201);
    const id = appointment.json().id as string;

    await archive(admin, group.slug);
    expect((await t.app.inject({ url: `/appointments/${id}`, headers: admin })).json().can.update).toBe(false);
    expect((await write('PUT', `/appointments/${id}`, body(calendarId, 'Moved'))).statusCode).toBe(403);
    expect((await write('POST', '/appointments', body(calendarId))).statusCode).toBe(403);

    await archive(admin, group.slug, 'DELETE');
    expect((await write('PUT', `/appointments/${id}`, body(calendarId, 'Moved'))).statusCode).toBe(200);
  });
});

describe('DELETE /groups/{slug}', () => {
  it('walks the ladder and records group.destroyed; the group calendars go with it', async () => {
    const group = await created({ name: 'Doomed' });
    const groupAdmin = await signedInMember(t.app, t.services, networkId);
    await t.services.groups.addMembers(networkId, [
      { groupId: group.id, membershipId: groupAdmin.membership.id, role: 'admin' },
    ]);
    const del = (headers: Record<string, string>) =>
      t.app.inject({ method: 'DELETE', url: `/groups/${group.slug}`, headers });
    expect((await del(anonymous)).statusCode).toBe(401);
    expect((await del(member)).statusCode).toBe(403);
    // Group admins archive; deleting is for the category's and the network's admins.
    expect((await del(groupAdmin.session.headers)).statusCode).toBe(403);
    await t.services.events.settled();
    const response = await del(categoryAdmin);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ redirect: '/' });
    expect((await get(admin, group.slug)).statusCode).toBe(404);
    await t.services.events.settled();
    const calendars = await t.app.inject({ url: '/calendars', headers: admin });
    expect(JSON.stringify(calendars.json())).not.toContain('Doomed');
  });
});
