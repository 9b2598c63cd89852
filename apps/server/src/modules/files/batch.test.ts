import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BatchAnswer, FileEntry, Folder, NewFilesAnswer } from '@agora/contracts';
import { filesTestWorld } from './test-support.ts';

let world: Awaited<ReturnType<typeof filesTestWorld>>;
type Person = Awaited<ReturnType<typeof world.person>>;
let anna: Person; // the group's admin
let max: Person; // a member of the group
let eva: Person; // a member of the network, not of the group
let admin: Person; // a network admin
let groupRootId: string;
let networkRootId: string;

beforeAll(async () => {
  world = await filesTestWorld();
  anna = await world.person({ firstName: 'Anna', lastName: 'Admin' });
  max = await world.person({ firstName: 'Max', lastName: 'Member' });
  eva = await world.person({ firstName: 'Eva', lastName: 'Elsewhere' });
  admin = await world.person({ admin: true });
  const group = await world.groupOf([max], [anna]);
  const roots = await world.call<{ network: { id: string }; groups: Array<{ id: string; group: { id: string } }> }>(
    anna,
    'GET',
    '/api/storage/folders/roots',
  );
  networkRootId = roots.network.id;
  groupRootId = roots.groups.find((g) => g.group.id === group.id)!.id;
});
afterAll(() => world.t.close());

const folder = (who: Person, name: string, parentId: string) =>
  world.call<Folder>(who, 'POST', '/api/storage/folders', { folder: { name, parent_folder_id: parentId } }, 201);

async function addFile(who: Person, folderIds: string[], name = 'plan.txt', content = 'the plan'): Promise<FileEntry> {
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

const move = (who: Person, body: object, type = 'files') =>
  world.call<BatchAnswer>(who, 'POST', `/api/storage/${type}/move`, body);
const destroy = (who: Person, body: object, type = 'files') =>
  world.call<BatchAnswer>(who, 'DELETE', `/api/storage/${type}`, body);
const listing = (who: Person, id: string) => world.call<Folder>(who, 'GET', `/api/storage/folders/${id}?limit=1000`);
const names = async (who: Person, id: string) => (await listing(who, id)).files.map((f) => f.name).sort();
const eventsOf = async (type: string, subjectId: string) => {
  const result = (await world.t.database.db.execute(
    sql`select changes from domain_events where type = ${type} and subject_id = ${subjectId}`,
  )) as unknown as { rows: Array<{ changes: Record<string, unknown> }> };
  return result.rows.map((r) => r.changes);
};

describe('POST /api/storage/files/move', () => {
  it('moves the files to the target, refusing the one locked by another member while the others move', async () => {
    const from = await folder(max, 'Inbox', groupRootId);
    const to = await folder(max, 'Done', groupRootId);
    const a = await addFile(max, [from.id], 'a.txt');
    const b = await addFile(max, [from.id], 'b.txt');
    const locked = await addFile(max, [from.id], 'locked.txt');
    await world.call(anna, 'PUT', `/api/storage/files/${locked.id}/lock`, { locked_until: 'default' });

    const answer = await move(max, {
      file_ids: [a.id, locked.id, b.id],
      source_folder_id: from.id,
      target_folder_id: to.id,
    });
    expect(answer.done.file_ids.sort()).toEqual([a.id, b.id].sort());
    expect(answer.refused).toEqual([{ id: locked.id, type: 'file', reason: 'locked' }]);
    expect(await names(max, to.id)).toEqual(['a.txt', 'b.txt']);
    expect(await names(max, from.id)).toEqual(['locked.txt']);
    expect(await eventsOf('file.moved', a.id)).toEqual([
      { name: 'a.txt', from_folder_ids: [from.id], to_folder_ids: [to.id] },
    ]);
  });

  it('refuses finalized files, files of folders the member cannot add to, and unknown ids', async () => {
    const from = await folder(max, 'Drafts', groupRootId);
    const final = await addFile(max, [from.id], 'final.txt');
    await world.call(max, 'PUT', `/api/storage/files/${final.id}`, { file: { finalized: true } });
    const plain = await addFile(max, [from.id], 'plain.txt');
    const answer = await move(max, {
      file_ids: [final.id, plain.id, '0123456789abcdef01234567'],
      source_folder_id: from.id,
      target_folder_id: groupRootId,
    });
    expect(answer.done.file_ids).toEqual([plain.id]);
    expect(answer.refused).toEqual([
      { id: final.id, type: 'file', reason: 'finalized' },
      { id: '0123456789abcdef01234567', type: 'file', reason: 'not_found' },
    ]);

    // Eva reads the network's folders but not the group's: its file is not found for her.
    const networkFolder = await folder(eva, 'Eva', networkRootId);
    expect(
      (await move(eva, { file_ids: [plain.id], source_folder_id: groupRootId, target_folder_id: networkFolder.id }))
        .refused,
    ).toEqual([{ id: plain.id, type: 'file', reason: 'not_found' }]);
    // A target the member cannot read is a 404; none at all a 422. Nothing moved.
    const hidden = await world.inject(eva, 'POST', '/api/storage/files/move', {
      file_ids: [],
      target_folder_id: groupRootId,
    });
    expect(hidden.statusCode).toBe(404);
    const missing = await world.inject(max, 'POST', '/api/storage/files/move', { file_ids: [plain.id] });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({ errors: { target_folder_id: ['required'] } });
  });

  it('refuses a move into a folder the member may not add to', async () => {
    const archived = await world.groupOf([max], [anna], { archived: true });
    const roots = await world.call<{ groups: Array<{ id: string; group: { id: string } }> }>(
      max,
      'GET',
      '/api/storage/folders/roots',
    );
    const archivedRoot = roots.groups.find((g) => g.group.id === archived.id)!.id;
    const file = await addFile(max, [groupRootId], 'stay.txt');
    const answer = await move(max, {
      file_ids: [file.id],
      source_folder_id: groupRootId,
      target_folder_id: archivedRoot,
    });
    expect(answer.refused).toEqual([{ id: file.id, type: 'file', reason: 'forbidden' }]);
  });

  it('only unlinks the source when the file is in the target already', async () => {
    const one = await folder(max, 'One', groupRootId);
    const two = await folder(max, 'Two', groupRootId);
    const both = await addFile(max, [one.id, two.id], 'both.txt');
    expect(await move(max, { file_ids: [both.id], source_folder_id: one.id, target_folder_id: two.id })).toEqual({
      done: { file_ids: [both.id], folder_ids: [] },
      refused: [],
    });
    const file = await world.call<FileEntry>(max, 'GET', `/api/storage/files/${both.id}`);
    expect(file.folder_ids).toEqual([two.id]);
  });

  it('answers several moves running side by side', async () => {
    const from = await folder(max, 'Many', groupRootId);
    const targets = [await folder(max, 'T1', groupRootId), await folder(max, 'T2', groupRootId)];
    const files = await Promise.all(Array.from({ length: 6 }, (_, i) => addFile(max, [from.id], `f${i}.txt`)));
    const answers = await Promise.all(
      [0, 1].map((k) =>
        move(max, {
          file_ids: files.filter((_, i) => i % 2 === k).map((f) => f.id),
          source_folder_id: from.id,
          target_folder_id: targets[k]!.id,
        }),
      ),
    );
    expect(answers.flatMap((a) => a.done.file_ids)).toHaveLength(6);
    expect(await names(max, from.id)).toEqual([]);
  });
});

describe('POST /api/storage/folders/move', () => {
  it('moves a folder with its subtree, never into its own subtree nor a special folder', async () => {
    const parent = await folder(max, 'Parent', groupRootId);
    const child = await folder(max, 'Child', parent.id);
    const target = await folder(max, 'Target', groupRootId);
    expect((await move(max, { folder_ids: [parent.id], target_folder_id: child.id }, 'folders')).refused).toEqual([
      { id: parent.id, type: 'folder', reason: 'into_own_subtree' },
    ]);
    expect((await move(max, { folder_ids: [parent.id], target_folder_id: parent.id }, 'folders')).refused).toEqual([
      { id: parent.id, type: 'folder', reason: 'into_own_subtree' },
    ]);
    expect((await move(anna, { folder_ids: [groupRootId], target_folder_id: target.id }, 'folders')).refused).toEqual([
      { id: groupRootId, type: 'folder', reason: 'root_folder' },
    ]);

    const answer = await move(max, { folder_ids: [parent.id], target_folder_id: target.id }, 'folders');
    expect(answer).toEqual({ done: { file_ids: [], folder_ids: [parent.id] }, refused: [] });
    const moved = await listing(max, child.id);
    expect(moved.folder_path.map((f) => f.name).slice(1)).toEqual(['Target', 'Parent', 'Child']);
    expect(await eventsOf('folder.moved', parent.id)).toHaveLength(1);
  });

  it("needs the folder's update and the target's create_subfolders", async () => {
    const annas = await folder(anna, 'Annas', groupRootId);
    const maxs = await folder(max, 'Maxs', groupRootId);
    // Max did not make Anna's folder and does not administer the group.
    expect((await move(max, { folder_ids: [annas.id], target_folder_id: maxs.id }, 'folders')).refused).toEqual([
      { id: annas.id, type: 'folder', reason: 'forbidden' },
    ]);
    // Into the network's tree: Max may change his folder and add to the network's root.
    const file = await addFile(max, [maxs.id], 'travels.txt');
    expect((await move(max, { folder_ids: [maxs.id], target_folder_id: networkRootId }, 'folders')).done).toEqual({
      file_ids: [],
      folder_ids: [maxs.id],
    });
    // Its files follow it: Eva, who reads the network's folders only, now reads them.
    expect((await listing(eva, maxs.id)).files.map((f) => f.id)).toEqual([file.id]);
    expect(await eventsOf('folder.moved', maxs.id)).toEqual([
      expect.objectContaining({ parent_folder_id: networkRootId, from_parent_folder_id: groupRootId }),
    ]);
  });
});

describe('DELETE /api/storage/files and /folders', () => {
  it('deletes files and folders, refusing what is locked, not the member’s or unknown', async () => {
    const box = await folder(max, 'Box', groupRootId);
    const sub = await folder(max, 'Sub', box.id);
    const own = await addFile(max, [sub.id], 'own.txt');
    const annas = await addFile(anna, [box.id], 'annas.txt');
    const locked = await addFile(max, [box.id], 'locked.txt');
    await world.call(anna, 'PUT', `/api/storage/files/${locked.id}/lock`, { locked_until: 'default' });
    const answer = await destroy(max, { file_ids: [annas.id, locked.id, own.id] });
    expect(answer.done.file_ids).toEqual([own.id]);
    expect(answer.refused).toEqual([
      { id: annas.id, type: 'file', reason: 'forbidden' },
      { id: locked.id, type: 'file', reason: 'locked' },
    ]);
    expect((await world.inject(max, 'GET', `/api/storage/files/${own.id}`)).statusCode).toBe(404);
    expect(await eventsOf('file.destroyed', own.id)).toHaveLength(1);

    // The group's admin deletes the folder with its subtree once nothing in it is locked.
    await world.call(anna, 'PUT', `/api/storage/files/${locked.id}/lock`, { locked_until: null });
    const folders = await destroy(anna, { folder_ids: [box.id, groupRootId] }, 'folders');
    expect(folders.done.folder_ids).toEqual([box.id]);
    expect(folders.refused).toEqual([{ id: groupRootId, type: 'folder', reason: 'root_folder' }]);
    expect((await world.inject(max, 'GET', `/api/storage/folders/${sub.id}`)).statusCode).toBe(404);
    expect(await eventsOf('folder.destroyed', box.id)).toHaveLength(1);
  });

  it('takes a file in several folders out of the source folder only', async () => {
    const one = await folder(max, 'Left', groupRootId);
    const two = await folder(max, 'Right', groupRootId);
    const shared = await addFile(max, [one.id, two.id], 'shared.txt');
    expect((await destroy(max, { file_ids: [shared.id], source_folder_id: one.id })).done.file_ids).toEqual([
      shared.id,
    ]);
    expect((await world.call<FileEntry>(max, 'GET', `/api/storage/files/${shared.id}`)).folder_ids).toEqual([two.id]);
  });

  it('deletes the bytes after the commit', async () => {
    const file = await addFile(max, [groupRootId], 'bytes.txt', 'some bytes');
    const download = await world.inject(max, 'GET', `/api/storage/files/${file.id}/get/bytes.txt`);
    expect(download.body).toBe('some bytes');
    const [object] = await world.t.services.storage.live(world.networkId, [file.id]);
    expect((await destroy(admin, { file_ids: [file.id] })).done.file_ids).toEqual([file.id]);
    expect(await world.t.services.storage.driver.stat(object!.key)).toBeNull();
  });
});
