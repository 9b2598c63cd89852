import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.ts';
import { domainEvents } from '../../platform/events/tables.ts';
import { createNetwork, createTestApp, signedInMember, type TestApp } from '../../testing/index.ts';
import { NETWORK_SETTINGS_UPDATED } from './setting-changes.ts';

let t: TestApp;
let other: FastifyInstance;
let networkId: string;
let admin: Record<string, string>;
let member: Record<string, string>;
let groupAdmin: Record<string, string>;
let groupId: string;

beforeAll(async () => {
  t = await createTestApp();
  // A second server process on the same database: settings must apply there too, at once.
  other = await buildApp(t.config, t.database);
  await other.ready();
  networkId = (await createNetwork(t.services, { name: 'Settings Network' })).id;
  const anna = await signedInMember(t.app, t.services, networkId, { admin: true, firstName: 'Anna' });
  admin = anna.session.headers;
  member = (await signedInMember(t.app, t.services, networkId)).session.headers;
  const leader = await signedInMember(t.app, t.services, networkId);
  groupAdmin = leader.session.headers;
  const [category] = await t.services.groups.createCategories(networkId, [
    { slug: 'teams', name: 'Team', pluralName: 'Teams', position: 1 },
  ]);
  const [group] = await t.services.groups.createGroups(networkId, [
    { groupCategoryId: category!.id, slug: 'team-a', name: 'Team A' },
  ]);
  groupId = group!.id;
  await t.services.groups.addMembers(networkId, [{ groupId, membershipId: leader.membership.id, role: 'admin' }]);
});
afterAll(async () => {
  await other.close();
  await t.close();
});

const get = (headers: Record<string, string>) => t.app.inject({ url: '/administration/settings', headers });
const put = (headers: Record<string, string>, settings: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: '/administration/settings', headers, payload: { settings } });
const current = async () => (await get(admin)).json().settings;

async function refused(settings: Record<string, unknown>, field: string, key: string) {
  const before = await current();
  const response = await put(admin, settings);
  expect(response.statusCode).toBe(422);
  expect(response.json().errors[field]).toContain(key);
  expect(await current()).toEqual(before);
}

describe('who may see and change the network settings', () => {
  it('answers 401 to anonymous requests', async () => {
    const response = await t.app.inject({ url: '/administration/settings', headers: { accept: 'application/json' } });
    expect(response.statusCode).toBe(401);
    const put = await t.app.inject({ method: 'PUT', url: '/administration/settings', payload: { settings: {} } });
    expect(put.statusCode).toBe(401);
  });

  it('refuses a member and a group administrator', async () => {
    for (const headers of [member, groupAdmin]) {
      expect((await get(headers)).statusCode).toBe(403);
      expect((await put(headers, { name: 'Taken over' })).statusCode).toBe(403);
      const test = await t.app.inject({
        method: 'POST',
        url: '/administration/settings/send_test_birthday_email',
        headers,
      });
      expect(test.statusCode).toBe(403);
    }
  });

  it('gives an administrator every setting and what the form needs', async () => {
    const body = (await get(admin)).json();
    expect(body.settings).toMatchObject({
      name: 'Settings Network',
      language: 'en',
      start_page: null,
      directory_default_sort: 'last_name',
      digests: { max_number_of_upcoming_appointments: 5 },
    });
    expect(body.languages).toEqual(['de', 'de_DU', 'en', 'es', 'fr']);
    expect(body.language_changeable).toBe(true);
    expect(body.config).toMatchObject({ guest_users_allowed: true });
    expect(body.options.groups).toEqual([{ id: groupId, name: 'Team A' }]);
  });
});

describe('the rules of the network settings', () => {
  it('needs a name', () => refused({ name: '  ' }, 'name', 'required'));
  it('takes supported languages only', () => refused({ language: 'it' }, 'language', 'invalid'));
  it('needs a title for an active group promotion', () =>
    refused(
      { group_promotion_config: promotion({ active: true, title: '' }) },
      'group_promotion_config.title',
      'required',
    ));
  it('needs street, number, zip and city for a map around a point', async () => {
    await refused(
      { map_scope_selection: 'poi', network_location: location({ street: '' }) },
      'network_location.street',
      'required',
    );
    await refused(
      { map_scope_selection: 'poi', network_location: location({ number: '' }) },
      'network_location.number',
      'required',
    );
    await refused(
      { map_scope_selection: 'poi', network_location: location({ city: '' }) },
      'network_location.city',
      'required',
    );
    await refused(
      { map_scope_selection: 'poi', network_location: location({ zip: '' }) },
      'network_location.zip',
      'required',
    );
  });
  it('takes a zip of five digits with an optional four-digit extension, at most 10 characters', async () => {
    await refused({ network_location: location({ zip: '1234' }) }, 'network_location.zip', 'invalid');
    await refused({ network_location: location({ zip: '12345-12' }) }, 'network_location.zip', 'invalid');
    await refused({ network_location: location({ zip: '12345-12345' }) }, 'network_location.zip', 'too_long');
    expect(
      (await put(admin, { map_scope_selection: 'poi', network_location: location({ zip: '12345-6789' }) })).statusCode,
    ).toBe(200);
  });
  it('needs a method when two-factor is enabled', () =>
    refused(
      { two_factor: 'enabled', two_factor_totp_available: false, two_factor_email_available: false },
      'two_factor_totp_available',
      'selection_required',
    ));
  it('needs the days for anonymizing after days, and a name when anonymizing', async () => {
    await refused(
      {
        anonymize_memberships_config: 'after_days',
        anonymize_memberships_after_days: null,
        anonymize_memberships_name: 'Former',
      },
      'anonymize_memberships_after_days',
      'required',
    );
    await refused(
      { anonymize_memberships_config: 'enabled', anonymize_memberships_name: '' },
      'anonymize_memberships_name',
      'required',
    );
  });
  it('takes 0 to 30 upcoming appointments in the digest', async () => {
    const digests = { upcoming_appointments_position: 'top', show_comments: true };
    await refused(
      { digests: { ...digests, max_number_of_upcoming_appointments: 31 } },
      'digests.max_number_of_upcoming_appointments',
      'out_of_range',
    );
    await refused(
      { digests: { ...digests, max_number_of_upcoming_appointments: null } },
      'digests.max_number_of_upcoming_appointments',
      'required',
    );
  });
  it('needs the directory sort, show_map and the locked members choice', async () => {
    await refused({ directory_default_sort: null }, 'directory_default_sort', 'required');
    await refused({ show_map: null }, 'show_map', 'required');
    await refused({ show_locked_memberships: null }, 'show_locked_memberships', 'required');
  });
  it('takes a path on this server as start page, nothing else', async () => {
    await refused({ start_page: 'https://elsewhere.example/' }, 'start_page', 'invalid_url');
    await refused({ start_page: '//elsewhere.example/' }, 'start_page', 'invalid_url');
    await refused({ start_page: 'javascript:alert(1)' }, 'start_page', 'invalid_url');
  });
  it('refuses groups of no one', () =>
    refused(
      { group_promotion_config: promotion({ groups: ['f'.repeat(24)] }) },
      'group_promotion_config.groups',
      'invalid',
    ));
  it('takes a promotion of the network’s own groups with a title', async () => {
    const response = await put(admin, {
      group_promotion_config: promotion({ active: true, title: 'Welcome', groups: [groupId] }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().settings.group_promotion_config).toMatchObject({ active: true, groups: [groupId] });
    await put(admin, { group_promotion_config: promotion({}) });
  });
});

describe('saving the network settings', () => {
  it('records what changed, name and language included, as one event', async () => {
    const response = await put(admin, {
      name: 'Renamed Network',
      language: 'de',
      show_online_status: false,
      start_page: '/calendars',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().settings).toMatchObject({
      name: 'Renamed Network',
      language: 'de',
      start_page: '/calendars',
    });
    const rows = await t.database.db
      .select({ changes: domainEvents.changes })
      .from(domainEvents)
      .where(and(eq(domainEvents.networkId, networkId), eq(domainEvents.type, NETWORK_SETTINGS_UPDATED)));
    const last = rows.at(-1)!.changes as { network_name: string; changes: Array<{ key: string }> };
    expect(last.network_name).toBe('Renamed Network');
    expect(last.changes.map((c) => c.key).sort()).toEqual(['language', 'name', 'show_online_status', 'start_page']);
  });

  it('applies at once on every server process: the shell and the directory sort', async () => {
    await put(admin, { name: 'Fresh Name', directory_default_sort: 'first_name', start_page: '/groups/team-a' });
    const shell = (await other.inject({ url: '/api/v1/network', headers: member })).json();
    expect(shell).toMatchObject({ name: 'Fresh Name', start_page: '/groups/team-a' });
    const directory = await other.inject({
      url: '/directory/members',
      headers: { ...member, accept: 'application/json' },
    });
    expect(directory.json().sort).toBe('first_name');
    await put(admin, { name: 'Newer Name', directory_default_sort: 'last_name' });
    expect((await other.inject({ url: '/api/v1/network', headers: member })).json().name).toBe('Newer Name');
    expect(
      (await other.inject({ url: '/directory/members', headers: { ...member, accept: 'application/json' } })).json()
        .sort,
    ).toBe('last_name');
  });

  it('keeps what the configuration hides, and does not show it as changeable', async () => {
    await t.services.networks.setConfig(networkId, { guest_users_allowed: false, birthday_emails_configurable: false });
    const body = (await get(admin)).json();
    expect(body.hidden).toEqual(
      expect.arrayContaining(['guest_users_allow_chat', 'join_as_external', 'birthday_emails']),
    );
    const before = body.settings.guest_users_allow_chat;
    const response = await put(admin, { guest_users_allow_chat: !before, abuse_reports_enabled: true });
    expect(response.statusCode).toBe(200);
    expect(response.json().settings).toMatchObject({ guest_users_allow_chat: before, abuse_reports_enabled: true });
    await t.services.networks.setConfig(networkId, { guest_users_allowed: true });
  });

  it('offers enforcing two-factor only where the configuration allows it', async () => {
    await refused({ two_factor: 'enforced' }, 'two_factor', 'not_available');
    await t.services.networks.setConfig(networkId, { two_factor_enforcement_available: true });
    expect((await put(admin, { two_factor: 'enforced', two_factor_totp_available: true })).statusCode).toBe(200);
    await put(admin, { two_factor: 'disabled' });
  });

  it('keeps the language of a network whose language is no longer supported', async () => {
    const old = await createNetwork(t.services, { name: 'Old Language', host: 'old.example.test' });
    await t.services.networks.updateSettings(old.id, {}, null, { language: 'it' });
    const oldAdmin = await signedInMember(t.app, t.services, old.id, { admin: true }, 'old.example.test');
    const response = await t.app.inject({
      method: 'PUT',
      url: '/administration/settings',
      headers: oldAdmin.session.headers,
      payload: { settings: { language: 'de', name: 'Old Language' } },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.language).toEqual(['not_changeable']);
    const unchanged = await t.app.inject({
      method: 'PUT',
      url: '/administration/settings',
      headers: oldAdmin.session.headers,
      payload: { settings: { name: 'Still Old' } },
    });
    expect(unchanged.statusCode).toBe(200);
    expect(unchanged.json().language_changeable).toBe(false);
  });
});

function promotion(values: Record<string, unknown>) {
  return {
    active: false,
    title: '',
    description: '',
    group_category_ids: [],
    groups: [],
    enabled_for_external: false,
    decorators: [],
    ...values,
  };
}

function location(values: Record<string, string>) {
  return { street: 'Hauptstraße', number: '1', zip: '12345', city: 'Berlin', state: '', country: 'DE', ...values };
}
