import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  DocumentAction,
  DocumentHost,
  FileEntry,
  FileVersion,
  FileWithPendingVersions,
  Folder,
  NewFilesAnswer,
} from '@agora/contracts';
import { createNetwork, createTestApp, signedInMember, type TestApp } from '../../testing/index.ts';

/** A tiny office server's discovery, as Collabora Online publishes it. */
const DISCOVERY = `<?xml version="1.0" encoding="utf-8"?>
<wopi-discovery>
  <net-zone name="external-http">
    <app name="writer">
      <action ext="docx" name="edit" urlsrc="https://office.example/browser/cool.html?"/>
      <action ext="docx" name="view" urlsrc="https://office.example/browser/cool.html?"/>
      <action ext="docx" name="review" urlsrc="https://office.example/browser/cool.html?review=1&amp;"/>
    </app>
  </net-zone>
</wopi-discovery>`;

let discovery: Server;
let discoveryRequests = 0;
let t: TestApp;
let networkId: string;
type Person = Awaited<ReturnType<typeof signedInMember>>;
let anna: Person; // the group's admin
let max: Person; // a member of the group
let reader: Person; // reads the open group's content, is no member
let outsider: Person; // external: reads nothing of the group
let folderId: string;
let approvalFolderId: string;

async function call<T>(who: Person, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, status = 200) {
  const response = await t.app.inject({ method, url, headers: who.session.headers, ...(payload ? { payload } : {}) });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(status);
  return response.json<T>();
}

async function addFile(who: Person, content: string, folder = folderId, name = 'report.docx'): Promise<FileEntry> {
  const upload = await t.services.storage.store({
    networkId,
    uploaderId: who.membership.id,
    directory: 'files',
    fileName: name,
    body: Readable.from([Buffer.from(content)]),
  });
  return (await call<NewFilesAnswer>(who, 'POST', '/api/v1/files', { files: [upload.id], folder_ids: [folder] }, 201))
    .files[0]!;
}

beforeAll(async () => {
  discovery = createServer((request, response) => {
    discoveryRequests += 1;
    response.writeHead(200, { 'content-type': 'text/xml' }).end(DISCOVERY);
  });
  await new Promise<void>((resolve) => discovery.listen(0, '127.0.0.1', resolve));
  const { port } = discovery.address() as AddressInfo;
  t = await createTestApp({ WOPI_DISCOVERY_URL: `http://127.0.0.1:${port}/hosting/discovery` });
  networkId = (await createNetwork(t.services)).id;
  const person = (options: Parameters<typeof signedInMember>[3] = {}) =>
    signedInMember(t.app, t.services, networkId, options);
  anna = await person({ firstName: 'Anna', lastName: 'Admin' });
  max = await person({ firstName: 'Max', lastName: 'Member' });
  reader = await person();
  outsider = await person({ external: true });
  const [category] = await t.services.groups.createCategories(networkId, [
    { slug: 'teams', name: 'Team', pluralName: 'Teams' },
  ]);
  const [group] = await t.services.groups.createGroups(networkId, [
    { groupCategoryId: category!.id, slug: 'office', name: 'Office', access: 'open' },
  ]);
  await t.services.groups.addMembers(networkId, [
    { groupId: group!.id, membershipId: anna.membership.id, role: 'admin' },
    { groupId: group!.id, membershipId: max.membership.id },
  ]);
  const roots = await call<{ groups: Array<{ id: string; group: { id: string } | null }> }>(
    anna,
    'GET',
    '/api/storage/folders/roots',
  );
  const root = roots.groups.find((g) => g.group?.id === group!.id)!;
  const folder = (name: string, requiresApproval: boolean) =>
    call<Folder>(
      anna,
      'POST',
      '/api/storage/folders',
      { folder: { name, parent_folder_id: root.id, requires_approval: requiresApproval } },
      201,
    );
  folderId = (await folder('Documents', false)).id;
  approvalFolderId = (await folder('Approved documents', true)).id;
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => discovery.close(resolve));
});

/** What a WOPI client sends: the access token in the query, no cookie, no CSRF token. */
function wopi(
  method: 'GET' | 'POST',
  path: string,
  token: string,
  headers: Record<string, string> = {},
  payload?: string,
) {
  return t.app.inject({
    method,
    url: `${path}?access_token=${encodeURIComponent(token)}`,
    headers: { ...headers, ...(payload !== undefined ? { 'content-type': 'application/octet-stream' } : {}) },
    ...(payload !== undefined ? { payload } : {}),
  });
}

const host = (who: Person, fileId: string, action: string) =>
  call<DocumentHost>(who, 'GET', `/api/storage/files/${fileId}/wopi/host/${action}`);

describe('office actions', () => {
  it("offer the discovery's actions for the extension, authorized by what the member may do", async () => {
    const file = await addFile(max, 'hello');
    const actions = (who: Person) =>
      call<DocumentAction[]>(who, 'GET', `/files/${file.id}/wopi/actions`, undefined, 200);
    expect(await actions(max)).toEqual([
      { action: 'edit', app: 'writer', authorized: true },
      { action: 'view', app: 'writer', authorized: true },
    ]);
    expect(await actions(reader)).toEqual([
      { action: 'edit', app: 'writer', authorized: false },
      { action: 'view', app: 'writer', authorized: true },
      { action: 'review', app: 'writer', authorized: false },
    ]);
    expect(await call<DocumentAction[]>(max, 'GET', `/files/${file.id}/docs/actions`)).toHaveLength(2);
    expect(
      (await t.app.inject({ url: `/files/${file.id}/wopi/actions`, headers: outsider.session.headers })).statusCode,
    ).toBe(404);
    const txt = await addFile(max, 'plain', folderId, 'notes.txt');
    expect(await call<DocumentAction[]>(max, 'GET', `/files/${txt.id}/wopi/actions`)).toEqual([]);

    await call(max, 'PUT', `/api/storage/files/${file.id}`, { file: { finalized: true } });
    expect((await actions(max)).find((a) => a.action === 'edit')).toEqual({
      action: 'edit',
      app: 'writer',
      authorized: false,
    });
    // The discovery was read once and kept.
    expect(discoveryRequests).toBe(1);
    expect(await call(max, 'GET', '/api/storage/v2/discover')).toEqual({ ok: true });
    // Pages may post to the office server and frame its editor.
    const { port } = discovery.address() as AddressInfo;
    const policy = String((await t.app.inject({ url: '/healthz' })).headers['content-security-policy']);
    expect(policy).toContain(`frame-src 'self' http://127.0.0.1:${port}`);
    expect(policy).toContain(`form-action 'self' http://127.0.0.1:${port}`);
    expect(await call(max, 'GET', '/api/v1/network')).toMatchObject({
      config: { office_documents: { enabled: true } },
    });
  });

  it("give the editor's address with WOPISrc and a token; refuse actions not offered or not allowed", async () => {
    const file = await addFile(max, 'hello');
    const opened = await host(max, file.id, 'edit');
    expect(opened.url).toBe(
      `https://office.example/browser/cool.html?WOPISrc=${encodeURIComponent(`http://localhost:3000/wopi/files/${file.id}`)}`,
    );
    expect(opened.file_name).toBe('report.docx');
    expect(opened.access_token_ttl).toBeGreaterThan(Date.now() + 9 * 60 * 60 * 1000);
    expect(opened.show_review_changes).toBe(false);
    for (const [query, shown] of [
      ['?show_review_changes', true],
      ['?show_review_changes=true', true],
      ['?show_review_changes=0', false],
    ] as const) {
      const asked = await call<DocumentHost>(max, 'GET', `/api/storage/files/${file.id}/wopi/host/view${query}`);
      expect(asked).toMatchObject({ url: opened.url, show_review_changes: shown });
    }
    const unclear = await t.app.inject({
      url: `/api/storage/files/${file.id}/wopi/host/view?show_review_changes=maybe`,
      headers: max.session.headers,
    });
    expect(unclear.statusCode).toBe(422);
    const missing = await t.app.inject({
      url: `/api/storage/files/${file.id}/wopi/host/present`,
      headers: max.session.headers,
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({ errors: { action: ['no_document_action'] } });
    expect(
      (await t.app.inject({ url: `/api/storage/files/${file.id}/wopi/host/edit`, headers: reader.session.headers }))
        .statusCode,
    ).toBe(403);
  });
});

describe('the WOPI host', () => {
  it('serves CheckFileInfo and GetFile to the token, and nothing without one', async () => {
    const file = await addFile(max, 'hello office');
    const { access_token: token } = await host(max, file.id, 'edit');
    const info = await wopi('GET', `/wopi/files/${file.id}`, token);
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({
      BaseFileName: 'report.docx',
      Size: 12,
      Version: '1',
      OwnerId: max.membership.id,
      UserId: max.membership.id,
      UserFriendlyName: 'Max Member',
      UserCanWrite: true,
      SupportsLocks: true,
      SupportsUpdate: true,
    });
    const contents = await wopi('GET', `/wopi/files/${file.id}/contents`, token);
    expect(contents.statusCode).toBe(200);
    expect(contents.body).toBe('hello office');
    expect(contents.headers['x-wopi-itemversion']).toBe('1');

    const other = await addFile(max, 'other');
    expect((await wopi('GET', `/wopi/files/${other.id}`, token)).statusCode).toBe(401);
    expect((await wopi('GET', `/wopi/files/${file.id}`, `${token}x`)).statusCode).toBe(401);
    expect((await t.app.inject({ url: `/wopi/files/${file.id}` })).statusCode).toBe(401);

    const view = await host(reader, file.id, 'view');
    expect((await wopi('GET', `/wopi/files/${file.id}`, view.access_token)).json()).toMatchObject({
      UserCanWrite: false,
    });
    expect((await wopi('POST', `/wopi/files/${file.id}/contents`, view.access_token, {}, 'x')).statusCode).toBe(401);
  });

  it('locks as WOPI says and saves what the editor puts as a new version', async () => {
    const file = await addFile(max, 'draft');
    const { access_token: token } = await host(max, file.id, 'edit');
    const path = `/wopi/files/${file.id}`;
    const override = (name: string, lock?: string, extra: Record<string, string> = {}) =>
      wopi('POST', path, token, { 'X-WOPI-Override': name, ...(lock ? { 'X-WOPI-Lock': lock } : {}), ...extra });

    const unlockedPut = await wopi('POST', `${path}/contents`, token, { 'X-WOPI-Lock': 'L1' }, 'edited');
    expect(unlockedPut.statusCode).toBe(409);
    expect(unlockedPut.headers['x-wopi-lock']).toBe('');

    expect((await override('LOCK', 'L1')).statusCode).toBe(200);
    expect((await override('GET_LOCK')).headers['x-wopi-lock']).toBe('L1');
    expect((await override('LOCK', 'L1')).statusCode).toBe(200);
    const conflict = await override('LOCK', 'L2');
    expect(conflict.statusCode).toBe(409);
    expect(conflict.headers['x-wopi-lock']).toBe('L1');
    // Others see the file locked while the editor holds it.
    expect((await call<FileEntry>(anna, 'GET', `/api/storage/files/${file.id}`)).can.update).toBe(false);

    const wrongLock = await wopi('POST', `${path}/contents`, token, { 'X-WOPI-Lock': 'L2' }, 'edited');
    expect(wrongLock.statusCode).toBe(409);
    expect(wrongLock.headers['x-wopi-lock']).toBe('L1');
    const saved = await wopi(
      'POST',
      `${path}/contents`,
      token,
      { 'X-WOPI-Lock': 'L1', 'X-WOPI-Override': 'PUT' },
      'edited',
    );
    expect(saved.statusCode).toBe(200);
    expect(saved.headers['x-wopi-itemversion']).toBe('2');
    expect((await wopi('GET', `${path}/contents`, token)).body).toBe('edited');
    const versions = await call<FileVersion[]>(max, 'GET', `/api/storage/files/${file.id}/versions`);
    expect(versions.map((v) => [v.version, v.size])).toEqual([
      [2, 6],
      [1, 5],
    ]);

    expect((await override('REFRESH_LOCK', 'L1')).statusCode).toBe(200);
    expect((await override('LOCK', 'L3', { 'X-WOPI-OldLock': 'L2' })).statusCode).toBe(409);
    expect((await override('LOCK', 'L3', { 'X-WOPI-OldLock': 'L1' })).statusCode).toBe(200);
    const wrongUnlock = await override('UNLOCK', 'L1');
    expect(wrongUnlock.statusCode).toBe(409);
    expect(wrongUnlock.headers['x-wopi-lock']).toBe('L3');
    expect((await override('UNLOCK', 'L3')).statusCode).toBe(200);
    expect((await override('GET_LOCK')).headers['x-wopi-lock']).toBe('');
    expect((await override('REFRESH_LOCK', 'L3')).statusCode).toBe(409);
    expect((await override('PUT_RELATIVE')).statusCode).toBe(501);
    expect((await call<FileEntry>(anna, 'GET', `/api/storage/files/${file.id}`)).can.update).toBe(true);
  });

  it('refuses locks on files locked in storage by another member or finalized', async () => {
    const file = await addFile(max, 'draft');
    const { access_token: token } = await host(max, file.id, 'edit');
    await call(anna, 'PUT', `/api/storage/files/${file.id}/lock`, { locked_until: 'default' });
    const refused = await wopi('POST', `/wopi/files/${file.id}`, token, {
      'X-WOPI-Override': 'LOCK',
      'X-WOPI-Lock': 'A',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.headers['x-wopi-lockedbyotherinterface']).toBe('true');
    expect((await wopi('GET', `/wopi/files/${file.id}`, token)).json()).toMatchObject({ UserCanWrite: false });
  });

  it('keeps what a member who does not review saves in a folder requiring approval as a pending version', async () => {
    const file = await addFile(max, 'v1', approvalFolderId);
    const { access_token: token } = await host(max, file.id, 'edit');
    const path = `/wopi/files/${file.id}`;
    expect((await wopi('POST', path, token, { 'X-WOPI-Override': 'LOCK', 'X-WOPI-Lock': 'P' })).statusCode).toBe(200);
    const saved = await wopi('POST', `${path}/contents`, token, { 'X-WOPI-Lock': 'P' }, 'v2 from the editor');
    expect(saved.statusCode).toBe(200);
    expect(saved.headers['x-wopi-itemversion']).toBe('1');
    expect((await wopi('GET', `${path}/contents`, token)).body).toBe('v1');
    const listed = await call<{ files: FileWithPendingVersions[] }>(
      anna,
      'GET',
      `/api/storage/folders/${approvalFolderId}/files/approval`,
    );
    expect(listed.files.find((f) => f.id === file.id)?.pending_versions.map((p) => p.size)).toEqual([18]);
  });
});
