import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileEntry, FileTokenAnswer, Folder, FolderExport, NewFilesAnswer } from '@agora/contracts';
import { unzip } from '../../platform/storage/test-support.ts';
import { filesTestWorld } from './test-support.ts';

let world: Awaited<ReturnType<typeof filesTestWorld>>;
type Person = Awaited<ReturnType<typeof world.person>>;
let anna: Person; // the group's admin
let max: Person; // a member of the group
let eva: Person; // a member of the network, not of the group
let groupRootId: string;
let reports: Folder;
let loose: FileEntry;

const folder = (who: Person, name: string, parentId: string) =>
  world.call<Folder>(who, 'POST', '/api/storage/folders', { folder: { name, parent_folder_id: parentId } }, 201);

async function addFile(who: Person, folderIds: string[], name: string, content: string): Promise<FileEntry> {
  const upload = await world.upload(who, content, name);
  const answer = await world.call<NewFilesAnswer>(
    who,
    'POST',
    '/api/v1/files',
    { files: [upload.id], folder_ids: folderIds },
    201,
  );
  return answer.files[0]!;
}

/**
 * Small enough that an export of more than six files is split: each entry takes its size and
 * 64 kB for the zip's overhead from a part's budget.
 */
const UPLOAD_MAX_BYTES = 400_000;

beforeAll(async () => {
  world = await filesTestWorld({ UPLOAD_MAX_BYTES: String(UPLOAD_MAX_BYTES) });
  anna = await world.person({ firstName: 'Anna', lastName: 'Admin' });
  max = await world.person({ firstName: 'Max', lastName: 'Member' });
  eva = await world.person({ firstName: 'Eva', lastName: 'Elsewhere' });
  const group = await world.groupOf([max], [anna]);
  const roots = await world.call<{ groups: Array<{ id: string; group: { id: string } }> }>(
    anna,
    'GET',
    '/api/storage/folders/roots',
  );
  groupRootId = roots.groups.find((g) => g.group.id === group.id)!.id;
  reports = await folder(max, 'Reports', groupRootId);
  const sub = await folder(max, 'Sub', reports.id);
  await folder(max, 'Empty', reports.id);
  await addFile(max, [reports.id], 'summary.txt', 'the summary');
  await addFile(max, [reports.id], 'same.txt', 'first');
  await addFile(anna, [reports.id], 'same.txt', 'second');
  await addFile(max, [sub.id], 'deep.txt', 'deep down');
  loose = await addFile(max, [groupRootId], 'loose.txt', 'on its own');
});
afterAll(() => world.t.close());

/** The token, then the browser's form post with the session cookie. */
async function archive(who: Person, body: object) {
  const token = await world.inject(who, 'POST', '/api/v1/file_token', body);
  if (token.statusCode !== 200) return { status: token.statusCode, entries: [] };
  const response = await world.t.app.inject({
    method: 'POST',
    url: '/api/storage/v2/archive',
    headers: { host: 'localhost', cookie: who.session.cookie, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ token: token.json<FileTokenAnswer>().token }).toString(),
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/zip');
  return { status: 200, entries: await unzip(response.rawPayload) };
}

describe('download of folders as archive', () => {
  it('zips the subtree with its paths, duplicate names numbered and empty folders kept', async () => {
    const { entries } = await archive(max, { file_ids: [loose.id], folder_ids: [reports.id] });
    expect(entries.map((e) => [e.name, e.data.toString()])).toEqual([
      ['loose.txt', 'on its own'],
      ['Reports/same.txt', 'first'],
      ['Reports/same (2).txt', 'second'],
      ['Reports/summary.txt', 'the summary'],
      ['Reports/Empty/', ''],
      ['Reports/Sub/deep.txt', 'deep down'],
    ]);
  });

  it('answers 404 for a folder the member cannot read, and for an unknown one', async () => {
    expect((await archive(eva, { folder_ids: [reports.id] })).status).toBe(404);
    expect((await archive(max, { folder_ids: ['0123456789abcdef01234567'] })).status).toBe(404);
  });
});

describe('POST and GET /api/storage/folders/{id}/export', () => {
  it('makes the archive in a job; the member who asked and the folder’s updaters see it', async () => {
    expect((await world.inject(max, 'GET', `/api/storage/folders/${reports.id}/export`)).statusCode).toBe(404);
    const started = await world.call<FolderExport>(max, 'POST', `/api/storage/folders/${reports.id}/export`, {}, 201);
    expect(started).toMatchObject({ status: 'initialized', progress: 0, error: null, files: [] });
    const events = (await world.t.database.db.execute(
      sql`select changes from domain_events where type = 'folder.exported' and subject_id = ${reports.id}`,
    )) as unknown as { rows: Array<{ changes: Record<string, unknown> }> };
    expect(events.rows.map((r) => r.changes)).toEqual([{ name: 'Reports', export_id: started.id }]);
    await world.t.services.jobs.settled();

    const finished = await world.call<FolderExport>(max, 'GET', `/api/storage/folders/${reports.id}/export`);
    expect(finished).toMatchObject({ id: started.id, status: 'finished', progress: 100, error: null });
    expect(finished.files).toHaveLength(1);
    const [file] = finished.files;
    expect(file!.extension).toBe('zip');
    expect(file!.downloadUrl).toBe(`${file!.fileUrl}?download`);
    const download = await world.inject(max, 'GET', file!.downloadUrl);
    expect(download.statusCode).toBe(200);
    expect((await unzip(download.rawPayload)).map((e) => e.name)).toEqual([
      'Reports/same.txt',
      'Reports/same (2).txt',
      'Reports/summary.txt',
      'Reports/Empty/',
      'Reports/Sub/deep.txt',
    ]);

    // Anna administers the group: she sees it too. Eva does not read the folder.
    expect((await world.call<FolderExport>(anna, 'GET', `/api/storage/folders/${reports.id}/export`)).id).toBe(
      started.id,
    );
    expect((await world.inject(anna, 'GET', file!.fileUrl)).statusCode).toBe(200);
    expect((await world.inject(eva, 'GET', `/api/storage/folders/${reports.id}/export`)).statusCode).toBe(404);
    expect((await world.inject(eva, 'GET', file!.fileUrl)).statusCode).toBe(404);
    expect((await world.inject(eva, 'POST', `/api/storage/folders/${reports.id}/export`, {})).statusCode).toBe(404);
  });

  it('is not shown to another member who may not change the folder', async () => {
    const other = await world.person();
    await world.t.services.groups.addMembers(world.networkId, [
      {
        groupId: (await world.call<Folder>(anna, 'GET', `/api/storage/folders/${reports.id}`)).group!.id,
        membershipId: other.membership.id,
      },
    ]);
    const folderOfAnna = await folder(anna, 'Annas exports', groupRootId);
    await world.call<FolderExport>(anna, 'POST', `/api/storage/folders/${folderOfAnna.id}/export`, {}, 201);
    await world.t.services.jobs.settled();
    expect((await world.inject(other, 'GET', `/api/storage/folders/${folderOfAnna.id}/export`)).statusCode).toBe(404);
  });

  it('splits an export larger than an upload may be into several zips', async () => {
    const many = await folder(max, 'Many', groupRootId);
    const names = Array.from({ length: 8 }, (_, i) => `part-${i + 1}.txt`);
    for (const name of names) await addFile(max, [many.id], name, `the text of ${name}`);
    await world.call<FolderExport>(max, 'POST', `/api/storage/folders/${many.id}/export`, {}, 201);
    await world.t.services.jobs.settled();

    const finished = await world.call<FolderExport>(max, 'GET', `/api/storage/folders/${many.id}/export`);
    expect(finished).toMatchObject({ status: 'finished', progress: 100, error: null });
    expect(finished.files).toHaveLength(2);
    const zips = [];
    for (const file of finished.files) {
      expect(file.fileUrl).toMatch(/\/get\/Many%20\([12]\)\.zip$/);
      const download = await world.inject(max, 'GET', file.downloadUrl);
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.length).toBeLessThanOrEqual(UPLOAD_MAX_BYTES);
      zips.push(await unzip(download.rawPayload));
    }
    // Every file is in exactly one part, with its content.
    expect(zips.map((entries) => entries.length)).toEqual([6, 2]);
    expect(zips.flat().map((e) => [e.name, e.data.toString()])).toEqual(
      [...names].sort().map((name) => [`Many/${name}`, `the text of ${name}`]),
    );
  });

  it('fails with export_failed when bytes are missing', async () => {
    const broken = await folder(max, 'Broken', groupRootId);
    const file = await addFile(max, [broken.id], 'gone.txt', 'soon gone');
    const [object] = await world.t.services.storage.live(world.networkId, [file.id]);
    await world.t.services.storage.driver.delete(object!.key);
    await world.call<FolderExport>(max, 'POST', `/api/storage/folders/${broken.id}/export`, {}, 201);
    await world.t.services.jobs.settled();
    expect(await world.call<FolderExport>(max, 'GET', `/api/storage/folders/${broken.id}/export`)).toMatchObject({
      status: 'failed',
      error: 'export_failed',
      files: [],
    });
  });
});
