import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_LOG_PER_PAGE, type AuditLogPage } from '@agora/contracts';
import type { StoredEvent } from '../../platform/events/index.ts';
import { storageTestApp, uploadFile, type StorageTestApp } from '../../platform/storage/upload-test-support.ts';
import { createNetwork, signedInMember } from '../../testing/index.ts';
import { NETWORK_SETTINGS_UPDATED } from '../networks/index.ts';

let t: StorageTestApp;
let networkId: string;
let admin: { membership: { id: string }; session: { headers: Record<string, string> } };
let member: { membership: { id: string }; session: { headers: Record<string, string> } };

beforeAll(async () => {
  t = await storageTestApp('disk');
  networkId = (await createNetwork(t.services, { name: 'Audit Network' })).id;
  admin = await signedInMember(t.app, t.services, networkId, { admin: true, firstName: 'Anna', lastName: 'Admin' });
  member = await signedInMember(t.app, t.services, networkId, { firstName: 'Max', lastName: 'Member' });
});
afterAll(() => t.close());

const design = {
  colors: {
    primary: '#7048e8',
    header_background: '#f3f0ff',
    header_text: '#212529',
    userbar_background: '#ffffff',
    userbar_text: '#212529',
  },
  logoType: 'extended',
  bannerType: 'color',
  fullWidth: true,
};

function auditLog(
  headers: Record<string, string>,
  query: { filter?: unknown; page?: number; time_zone?: string } = {},
) {
  const params = new URLSearchParams();
  if (query.filter !== undefined)
    params.set('filter', typeof query.filter === 'string' ? query.filter : JSON.stringify(query.filter));
  if (query.page !== undefined) params.set('page', String(query.page));
  if (query.time_zone !== undefined) params.set('time_zone', query.time_zone);
  const search = params.size > 0 ? `?${params}` : '';
  return t.app.inject({ url: `/administration/audit_log.json${search}`, headers });
}

async function entries(query: Parameters<typeof auditLog>[1] = {}): Promise<AuditLogPage> {
  const response = await auditLog(admin.session.headers, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AuditLogPage>();
}

/** Hands the audit processor an event directly, as a delivery would. */
let syntheticId = 1_000_000;
async function deliver(event: Partial<StoredEvent> & Pick<StoredEvent, 'type' | 'changes'>) {
  const stored: StoredEvent = {
    id: syntheticId++,
    networkId,
    actorId: admin.membership.id,
    subject: { type: 'network', id: networkId },
    context: null,
    createdAt: new Date(),
    ...event,
  };
  await t.services.auditLog.processor.handle(stored, {
    attempt: 1,
    afterCommit: () => {},
    transaction: (fn) => t.database.db.transaction(fn),
  });
  return stored;
}

describe('who may read the audit log', () => {
  it('answers 401 to anonymous requests', async () => {
    expect((await auditLog({ accept: 'application/json' })).statusCode).toBe(401);
    const api = await t.app.inject({
      url: '/api/v1/administration/audit_log',
      headers: { accept: 'application/json' },
    });
    expect(api.statusCode).toBe(401);
  });

  it('answers 403 to a member who is no network admin', async () => {
    expect((await auditLog(member.session.headers)).statusCode).toBe(403);
    const api = await t.app.inject({ url: '/api/v1/administration/audit_log', headers: member.session.headers });
    expect(api.statusCode).toBe(403);
  });

  it('has no route that edits or deletes entries', async () => {
    for (const method of ['POST', 'PUT', 'DELETE'] as const) {
      const response = await t.app.inject({
        method,
        url: '/api/v1/administration/audit_log',
        headers: admin.session.headers,
      });
      expect(response.statusCode).toBe(404);
    }
  });
});

describe('the entries of writes', () => {
  it('records a design change with the settings changed, linked while it exists', async () => {
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/administration/design',
      headers: admin.session.headers,
      payload: { theme: design },
    });
    expect(saved.statusCode).toBe(200);
    await t.services.events.settled();

    const page = await entries({ filter: { event_types: ['PolicySettingUpdate'] } });
    expect(page.total).toBe(1);
    const [entry] = page.entries;
    expect(entry).toMatchObject({
      event_type: 'PolicySettingUpdate',
      actor_id: admin.membership.id,
      actor: { id: admin.membership.id, displayName: 'Anna Admin', path: `/members/${admin.membership.id}` },
      membership: null,
      subject: {
        type: 'design',
        id: networkId,
        title: 'Audit Network',
        exists: true,
        path: '/administration/designs',
      },
      details: { area: 'design' },
    });
    expect(entry!.details.changes).toContainEqual({ key: 'colors.primary', old: expect.any(String), new: '#7048e8' });
    expect(entry!.details.changes).toContainEqual({ key: 'fullWidth', old: false, new: true });
    expect((entry!.details.changes as Array<{ key: string }>).map((c) => c.key)).not.toContain('logoUrl');
  });

  it('records nothing when the design is saved unchanged', async () => {
    const again = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/administration/design',
      headers: admin.session.headers,
      payload: { theme: design },
    });
    expect(again.statusCode).toBe(200);
    await t.services.events.settled();
    expect((await entries({ filter: { event_types: ['PolicySettingUpdate'] } })).total).toBe(1);
  });

  it('records publishing and removing a file, which is no longer linked once gone', async () => {
    const upload = await uploadFile(t.app, member.session.headers, 'files', 'minutes.txt', 'the minutes');
    expect(upload.statusCode).toBe(200);
    const { id } = upload.json<{ id: string }>();
    await t.services.events.settled();
    // A volatile upload is nobody's file yet.
    expect((await entries({ filter: { event_types: ['FilePublish'] } })).total).toBe(0);

    const published = await t.app.inject({
      method: 'POST',
      url: '/api/storage/files/publish',
      headers: member.session.headers,
      payload: { files: [{ id }] },
    });
    expect(published.statusCode).toBe(200);
    await t.services.events.settled();
    const publish = (await entries({ filter: { event_types: ['FilePublish'] } })).entries;
    expect(publish).toHaveLength(1);
    expect(publish[0]).toMatchObject({
      event_type: 'FilePublish',
      actor: { id: member.membership.id, displayName: 'Max Member' },
      membership: { id: member.membership.id },
      // Published but held by nothing yet: it exists, on no page.
      subject: { type: 'upload', id, title: 'minutes.txt', exists: true, path: null },
      details: { directory: 'files', size: 11 },
    });

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/storage/files/${id}`,
      headers: member.session.headers,
    });
    expect(removed.statusCode).toBeLessThan(300);
    await t.services.events.settled();
    const page = await entries({ filter: { event_types: ['FilePublish', 'FileDestroy'] } });
    expect(page.entries.map((e) => e.event_type)).toEqual(['FileDestroy', 'FilePublish']);
    expect(page.entries.map((e) => e.subject)).toEqual([
      { type: 'upload', id, title: 'minutes.txt', exists: false, path: null },
      { type: 'upload', id, title: 'minutes.txt', exists: false, path: null },
    ]);
  });

  it('links a file published by being attached to what holds it', async () => {
    const png = await sharp({ create: { width: 60, height: 20, channels: 3, background: '#7048e8' } })
      .png()
      .toBuffer();
    const upload = await uploadFile(t.app, admin.session.headers, 'assets', 'logo.png', png);
    const { id } = upload.json<{ id: string }>();
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/administration/design',
      headers: admin.session.headers,
      payload: { theme: { ...design, logoImage: { id } } },
    });
    expect(saved.statusCode).toBe(200);
    await t.services.events.settled();
    const [logo] = (await entries({ filter: { event_types: ['FilePublish'], actor_id: admin.membership.id } })).entries;
    expect(logo).toMatchObject({
      subject: { type: 'upload', id, title: 'logo.png', exists: true, path: '/administration/designs' },
      details: { directory: 'assets', owner: { type: 'network', id: networkId } },
    });
    const designEntry = (await entries({ filter: { event_types: ['PolicySettingUpdate'] } })).entries[0]!;
    expect(designEntry.details.changes).toContainEqual({ key: 'logoImage', old: null, new: { id } });
  });

  it('records a settings change as PolicySettingUpdate', async () => {
    await t.services.events.transaction((tx) =>
      t.services.events.record(tx, {
        networkId,
        type: NETWORK_SETTINGS_UPDATED,
        actorId: admin.membership.id,
        subject: { type: 'network', id: networkId },
        changes: { network_name: 'Audit Network', changes: [{ key: 'maps_enabled', old: false, new: true }] },
      }),
    );
    await t.services.events.settled();
    const [entry] = (await entries()).entries;
    expect(entry).toMatchObject({
      event_type: 'PolicySettingUpdate',
      subject: { type: 'settings', id: networkId, exists: true, path: null },
      details: { area: 'settings', changes: [{ key: 'maps_enabled', old: false, new: true }] },
    });
  });

  it('writes one entry per event, also when it is delivered again', async () => {
    const before = (await entries()).total;
    const event = await deliver({
      type: NETWORK_SETTINGS_UPDATED,
      changes: { network_name: 'Audit Network', changes: [{ key: 'show_map', old: false, new: true }] },
    });
    await t.services.auditLog.processor.handle(event, {
      attempt: 2,
      afterCommit: () => {},
      transaction: (fn) => t.database.db.transaction(fn),
    });
    expect((await entries()).total).toBe(before + 1);
  });
});

describe('filtering and paging', () => {
  let other: { membership: { id: string } };

  beforeAll(async () => {
    other = await signedInMember(t.app, t.services, networkId, { firstName: 'Olga', lastName: 'Other' });
    const day = 24 * 60 * 60 * 1000;
    // An old entry by another member, about the member.
    await deliver({
      type: 'upload.removed',
      actorId: other.membership.id,
      subject: { type: 'upload', id: 'aaaaaaaaaaaaaaaaaaaaaaaa' },
      createdAt: new Date(Date.now() - 40 * day),
      changes: {
        name: 'old.pdf',
        directory: 'files',
        content_type: 'application/pdf',
        size: 1,
        uploader_id: member.membership.id,
        owner: null,
      },
    });
    // Another network's entry is never shown.
    await deliver({
      type: NETWORK_SETTINGS_UPDATED,
      networkId: 'ffffffffffffffffffffffff',
      changes: { network_name: 'Elsewhere', changes: [] },
    });
  });

  it('filters by event type, actor and member, and says whom the filter names', async () => {
    const byActor = await entries({ filter: { actor_id: other.membership.id } });
    expect(byActor.entries.map((e) => e.subject.title)).toEqual(['old.pdf']);
    expect(byActor.filter_members).toEqual([
      expect.objectContaining({ id: other.membership.id, displayName: 'Olga Other' }),
    ]);

    const aboutMember = await entries({ filter: { membership_id: member.membership.id } });
    expect(aboutMember.entries.map((e) => e.event_type)).toEqual(['FileDestroy', 'FilePublish', 'FileDestroy']);

    const destroyedByMember = await entries({
      filter: { event_types: ['FileDestroy'], membership_id: member.membership.id, actor_id: member.membership.id },
    });
    expect(destroyedByMember.total).toBe(1);
    expect(
      (await entries({ filter: { event_types: ['GroupJoin'] } })).entries.every((e) => e.event_type === 'GroupJoin'),
    ).toBe(true);
    expect((await entries()).entries.some((e) => e.subject.title === 'Elsewhere')).toBe(false);
  });

  it('filters by date option and by days', async () => {
    const all = (await entries()).total;
    expect((await entries({ filter: { date_option: 'today' } })).total).toBe(all - 1);
    expect((await entries({ filter: { date_option: 'last_7_days' } })).total).toBe(all - 1);
    expect((await entries({ filter: { date_option: 'last_30_days' } })).total).toBe(all - 1);
    const day = (offset: number) => new Date(Date.now() + offset * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    expect(
      (await entries({ filter: { date_option: 'custom', end_date: day(-30) }, time_zone: 'UTC' })).entries.map(
        (e) => e.subject.title,
      ),
    ).toEqual(['old.pdf']);
    expect((await entries({ filter: { start_date: day(2) }, time_zone: 'UTC' })).total).toBe(0);
    expect(
      (await entries({ filter: { start_date: day(-50), end_date: day(1) }, time_zone: 'Europe/Berlin' })).total,
    ).toBe(all);
  });

  it('pages newest first', async () => {
    const before = (await entries()).total;
    for (let i = 0; i < AUDIT_LOG_PER_PAGE + 2; i++) {
      await deliver({
        type: NETWORK_SETTINGS_UPDATED,
        createdAt: new Date(Date.now() + (i + 1) * 1000),
        changes: { network_name: `Change ${i}`, changes: [] },
      });
    }
    const first = await entries();
    expect(first.total).toBe(before + AUDIT_LOG_PER_PAGE + 2);
    expect(first.per).toBe(AUDIT_LOG_PER_PAGE);
    expect(first.entries).toHaveLength(AUDIT_LOG_PER_PAGE);
    expect(first.entries[0]!.subject.title).toBe(`Change ${AUDIT_LOG_PER_PAGE + 1}`);
    const times = first.entries.map((e) => e.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    const second = await entries({ page: 2 });
    expect(second.page).toBe(2);
    expect(second.entries[0]!.subject.title).toBe('Change 1');
    expect(new Set([...first.entries, ...second.entries].map((e) => e.id)).size).toBe(
      first.entries.length + second.entries.length,
    );
  });
});

describe('bad filters', () => {
  it('answer 422 with the field, never a server error', async () => {
    const cases: Array<[Parameters<typeof auditLog>[1], Record<string, string[]>]> = [
      [{ filter: '{not json' }, { filter: ['invalid'] }],
      [{ filter: 'null' }, { filter: ['invalid'] }],
      [{ filter: '[1,2]' }, { filter: ['invalid'] }],
      [{ filter: { event_types: ['Nope'] } }, { event_types: ['invalid'] }],
      [{ filter: { event_types: 'FilePublish' } }, { event_types: ['invalid'] }],
      [{ filter: { start_date: '2026-13-01' } }, { start_date: ['invalid'] }],
      [{ filter: { start_date: '2026-02-02', end_date: '2026-02-01' } }, { end_date: ['before_start'] }],
      [{ filter: { date_option: 'yesterday' } }, { date_option: ['invalid'] }],
      [{ filter: { actor_id: "' or 1=1 --" } }, { actor_id: ['invalid_id'] }],
      [{ filter: { membership_id: 12 } }, { membership_id: ['invalid'] }],
      [{ time_zone: 'Mars/Olympus' }, { time_zone: ['invalid'] }],
      [{ filter: 'x'.repeat(5000) }, { filter: ['too_long'] }],
    ];
    for (const [query, errors] of cases) {
      const response = await auditLog(admin.session.headers, query);
      expect(response.statusCode, JSON.stringify(query)).toBe(422);
      expect(response.json().errors, JSON.stringify(query)).toEqual(errors);
    }
  });

  it('answer 422 for a bad page or a repeated filter parameter', async () => {
    expect((await auditLog(admin.session.headers, { page: 0 })).statusCode).toBe(422);
    const repeated = await t.app.inject({
      url: '/administration/audit_log.json?filter=%7B%7D&filter=%7B%7D',
      headers: admin.session.headers,
    });
    expect(repeated.statusCode).toBe(422);
  });
});
