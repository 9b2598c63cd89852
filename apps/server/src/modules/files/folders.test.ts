import { afterAll, describe, expect, it } from 'vitest';
import type {
  BatchAnswer,
  FeatureUnreads,
  Folder,
  FolderSummary,
  FolderUnreads,
  Group,
  NetworkShell,
  NewFilesAnswer,
  Unreads,
} from '@agora/contracts';
import { filesTestWorld } from './test-support.ts';

const w = await filesTestWorld();
afterAll(() => w.t.close());

type Person = Awaited<ReturnType<typeof w.person>>;
type Roots = { network: FolderSummary | null; groups: FolderSummary[] };

const roots = (who: Person) => w.call<Roots>(who, 'GET', '/api/storage/folders/roots');
const folder = (who: Person, id: string, status = 200) =>
  w.call<Folder>(who, 'GET', `/api/storage/folders/${id}`, undefined, status);
const create = (who: Person, body: Record<string, unknown>, status = 201) =>
  w.call<Folder>(who, 'POST', '/api/storage/folders', { folder: body }, status);
const update = (who: Person, id: string, body: Record<string, unknown>, status = 200) =>
  w.call<Folder>(who, 'PUT', `/api/storage/folders/${id}`, { folder: body }, status);
const destroy = (who: Person, id: string, status = 200) =>
  w.call<BatchAnswer>(who, 'DELETE', `/api/storage/folders/${id}`, undefined, status);
async function addFile(who: Person, folderIds: string[], content = 'text', name = 'notes.txt') {
  const upload = await w.upload(who, content, name);
  const answer = await w.call<NewFilesAnswer>(
    who,
    'POST',
    '/api/v1/files',
    { files: [upload.id], folder_ids: folderIds },
    201,
  );
  return answer.files[0]!;
}
const networkRoot = async (who: Person) => (await roots(who)).network!;

describe('roots', () => {
  it('gives internal members the network root and the roots of the groups they read, guests only their groups', async () => {
    const [anna, ben, guest, admin] = [
      await w.person(),
      await w.person(),
      await w.person({ external: true }),
      await w.person({ admin: true }),
    ];
    const team = await w.groupOf([anna, guest]);
    const closed = await w.groupOf([ben]);
    const open = await w.groupOf([ben], [], { access: 'open' });

    const mine = await roots(anna);
    expect(mine.network).toMatchObject({
      type: 'root_folder',
      i18n_type: 'root_folder.network',
      namespace: 'network',
      parent_folder_id: null,
    });
    expect(mine.network!.can).toEqual({
      add_files: true,
      create_subfolders: true,
      update: false,
      destroy: false,
      review: false,
    });
    const groupIds = mine.groups.map((g) => g.group!.id);
    expect(groupIds).toContain(team.id);
    expect(groupIds).toContain(open.id);
    expect(groupIds).not.toContain(closed.id);
    // The same root every time.
    expect((await roots(anna)).network!.id).toBe(mine.network!.id);

    const theirs = await roots(guest);
    expect(theirs.network).toBeNull();
    expect(theirs.groups.map((g) => g.group!.id)).toEqual([team.id]);
    expect(theirs.groups[0]).toMatchObject({
      i18n_type: 'root_folder.group',
      html_url: `/files/folders/${theirs.groups[0]!.id}`.replace('/files', `/groups/${team.slug}/files`),
    });

    expect((await roots(admin)).groups.map((g) => g.group!.id)).toEqual(
      expect.arrayContaining([team.id, closed.id, open.id]),
    );
    expect((await roots(admin)).network!.can).toMatchObject({ update: true, destroy: false });
  });

  it('makes a new group its root when it is created, and names roots in the shell and the group page', async () => {
    const [anna, guest, stranger] = [await w.person(), await w.person({ external: true }), await w.person()];
    const team = await w.groupOf([anna, guest]);
    await w.t.services.events.settled();
    const shell = await w.call<NetworkShell>(anna, 'GET', '/api/v1/network');
    expect(shell.root_folder_id).toBe((await networkRoot(anna)).id);
    expect((await w.call<NetworkShell>(guest, 'GET', '/api/v1/network')).root_folder_id).toBeNull();

    const page = await w.call<Group>(anna, 'GET', `/api/v1/groups/${team.slug}`);
    const groupRoot = (await roots(anna)).groups.find((g) => g.group!.id === team.id)!;
    expect(page.root_folder_id).toBe(groupRoot.id);
    const strangers = await w.inject(stranger, 'GET', `/api/v1/groups/${team.slug}`);
    if (strangers.statusCode === 200) expect(strangers.json<Group>().root_folder_id).toBeNull();
  });
});

describe('creating, listing and changing folders', () => {
  it('lists a folder with its path, subfolders and files by name, with counts and flags', async () => {
    const anna = await w.person();
    const root = await networkRoot(anna);
    const parent = await create(anna, { name: 'Handbook', parent_folder_id: root.id, description: 'How we work' });
    expect(parent).toMatchObject({
      name: 'Handbook',
      description: 'How we work',
      parent_folder_id: root.id,
      type: 'folder',
      namespace: 'network',
    });
    expect(parent.folder_path.map((p) => p.id)).toEqual([root.id, parent.id]);
    expect(parent.can).toEqual({
      add_files: true,
      create_subfolders: true,
      update: true,
      destroy: true,
      review: false,
    });

    const b = await create(anna, { name: 'beta', parent_folder_id: parent.id });
    const a = await create(anna, { name: 'Alpha', parent_folder_id: parent.id });
    await create(anna, { name: 'Deep', parent_folder_id: a.id });
    await addFile(anna, [parent.id], 'z', 'zebra.txt');
    await addFile(anna, [parent.id], 'a', 'apple.txt');

    const listed = await folder(anna, parent.id);
    expect(listed.subfolders.map((f) => f.name)).toEqual(['Alpha', 'beta']);
    expect(listed.subfolders[0]).toMatchObject({ total_subfolders_count: 1, total_files_count: 0 });
    expect(listed.files.map((f) => f.name)).toEqual(['apple.txt', 'zebra.txt']);
    expect(listed.files[0]!.folder_link_id).toBeTruthy();
    expect(listed).toMatchObject({ total_files_count: 2, total_subfolders_count: 2 });
    expect((await w.call<Folder>(anna, 'GET', `/api/storage/folders/${parent.id}?limit=1`)).subfolders).toHaveLength(1);
    expect(b.folder_path.map((p) => p.name)).toEqual(['root_folder', 'Handbook', 'beta']);
  });

  it('refuses bad input with 422 and changes nothing', async () => {
    const anna = await w.person();
    const root = await networkRoot(anna);
    expect(await create(anna, { name: '', parent_folder_id: root.id }, 422)).toMatchObject({
      errors: { name: expect.any(Array) },
    });
    expect(await create(anna, { name: 'x'.repeat(256), parent_folder_id: root.id }, 422)).toHaveProperty('errors.name');
    expect(await create(anna, { name: 'Lost', parent_folder_id: 'ffffffffffffffffffffffff' }, 422)).toEqual({
      errors: { parent_folder_id: ['folder_not_allowed'] },
    });
    expect(await create(anna, { name: 'Lost', parent_folder_id: '../../etc' }, 422)).toHaveProperty(
      'errors.parent_folder_id',
    );
    expect(await create(anna, { name: 'Lost' }, 422)).toHaveProperty('errors.parent_folder_id');
    expect((await folder(anna, root.id)).subfolders.map((f) => f.name)).not.toContain('Lost');
    await w.call(anna, 'GET', '/api/storage/folders/ffffffffffffffffffffffff', undefined, 404);
    expect((await w.inject(anna, 'GET', '/api/storage/folders/%27%3B--')).statusCode).toBeGreaterThanOrEqual(404);
    expect((await w.inject(null, 'GET', `/api/storage/folders/${root.id}`)).statusCode).toBe(401);
  });

  it("keeps a group's folders to those who read the group, and its files to its members who may add", async () => {
    const [anna, ben, guest, stranger, admin] = [
      await w.person(),
      await w.person(),
      await w.person({ external: true }),
      await w.person(),
      await w.person({ admin: true }),
    ];
    const team = await w.groupOf([ben, guest], [anna]);
    const root = (await roots(ben)).groups.find((g) => g.group!.id === team.id)!;
    expect(root.can).toMatchObject({ add_files: true, create_subfolders: true, update: false });
    const sub = await create(ben, { name: 'Minutes', parent_folder_id: root.id });
    expect(sub.html_url).toBe(`/groups/${team.slug}/files/folders/${sub.id}`);
    const file = await addFile(ben, [sub.id]);
    expect(file.html_url).toBe(`/groups/${team.slug}/files/${file.id}`);

    // A stranger (not a member of the closed group) and guests outside it learn nothing.
    await folder(stranger, sub.id, 404);
    await create(stranger, { name: 'Mine', parent_folder_id: sub.id }, 422);
    await update(stranger, sub.id, { name: 'Taken' }, 404);
    await destroy(stranger, sub.id, 404);
    await w.call(stranger, 'POST', `/api/storage/folders/${sub.id}/read`, undefined, 404);
    expect((await roots(stranger)).groups.map((g) => g.id)).not.toContain(root.id);
    await w.call(stranger, 'GET', `/api/storage/files/${file.id}`, undefined, 404);
    expect((await w.inject(stranger, 'GET', file.url)).statusCode).toBe(404);

    // The guest is a member: reads and adds.
    expect((await folder(guest, sub.id)).files.map((f) => f.id)).toEqual([file.id]);
    // Only the creator, the group's admins and network admins change a folder.
    expect((await folder(guest, sub.id)).can).toMatchObject({ update: false, destroy: false, add_files: true });
    await update(guest, sub.id, { name: 'Mine now' }, 403);
    expect((await folder(anna, sub.id)).can).toMatchObject({ update: true, destroy: true });
    expect((await update(anna, sub.id, { name: 'Minutes 2026' })).name).toBe('Minutes 2026');
    expect((await update(admin, sub.id, { description: 'Kept' })).description).toBe('Kept');
    // Admins of the group are no admins of the network's folders.
    const networkFolder = await create(ben, { name: 'Ben', parent_folder_id: (await networkRoot(ben)).id });
    await update(anna, networkFolder.id, { name: 'Anna' }, 403);
    // Guests do not read the network's folders at all.
    await folder(guest, networkFolder.id, 404);
  });

  it('lets archived groups be read but not added to', async () => {
    const ben = await w.person();
    const team = await w.groupOf([ben], [], { archived: true });
    const root = (await roots(ben)).groups.find((g) => g.group!.id === team.id)!;
    expect(root.can).toMatchObject({ add_files: false, create_subfolders: false });
    await create(ben, { name: 'Late', parent_folder_id: root.id }, 403);
  });

  it('moves folders within their tree, never into their own subtree, and keeps special folders in place', async () => {
    const [anna, ben] = [await w.person(), await w.person()];
    const root = await networkRoot(anna);
    const top = await create(anna, { name: 'Top', parent_folder_id: root.id });
    const child = await create(anna, { name: 'Child', parent_folder_id: top.id });
    const grandchild = await create(anna, { name: 'Grandchild', parent_folder_id: child.id });
    const other = await create(anna, { name: 'Other', parent_folder_id: root.id });

    expect(await update(anna, top.id, { parent_folder_id: grandchild.id }, 422)).toEqual({
      errors: { parent_folder_id: ['into_own_subtree'] },
    });
    expect(await update(anna, top.id, { parent_folder_id: top.id }, 422)).toEqual({
      errors: { parent_folder_id: ['into_own_subtree'] },
    });
    const moved = await update(anna, child.id, { parent_folder_id: other.id });
    expect(moved.folder_path.map((p) => p.name)).toEqual(['root_folder', 'Other', 'Child']);
    expect((await folder(anna, top.id)).subfolders).toEqual([]);

    expect(await update(anna, root.id, { name: 'Renamed' }, 403)).toEqual({ error: 'forbidden' });
    const admin = await w.person({ admin: true });
    expect(await update(admin, root.id, { name: 'Renamed' }, 422)).toEqual({ errors: { name: ['special_folder'] } });
    expect(await update(admin, root.id, { parent_folder_id: top.id }, 422)).toEqual({
      errors: { parent_folder_id: ['special_folder'] },
    });
    expect((await update(admin, root.id, { requires_approval: true })).requires_approval).toBe(true);
    await update(admin, root.id, { requires_approval: false });
    expect(await destroy(admin, root.id)).toEqual({
      done: { file_ids: [], folder_ids: [] },
      refused: [{ id: root.id, type: 'folder', reason: 'root_folder' }],
    });

    // Into another tree (a group's): refused.
    const team = await w.groupOf([anna]);
    const groupRoot = (await roots(anna)).groups.find((g) => g.group!.id === team.id)!;
    expect(await update(anna, other.id, { parent_folder_id: groupRoot.id }, 422)).toEqual({
      errors: { parent_folder_id: ['folder_not_allowed'] },
    });
    // Someone else's folder: not theirs to move.
    await update(ben, other.id, { parent_folder_id: top.id }, 403);
  });
});

describe('deleting folders', () => {
  it('deletes the subtree: files only there with it, files also elsewhere only leave it', async () => {
    const [anna, admin] = [await w.person(), await w.person({ admin: true })];
    const root = await networkRoot(anna);
    const doomed = await create(anna, { name: 'Doomed', parent_folder_id: root.id });
    const below = await create(anna, { name: 'Below', parent_folder_id: doomed.id });
    const keep = await create(anna, { name: 'Keep', parent_folder_id: root.id });
    const only = await addFile(anna, [below.id], 'only here');
    const shared = await addFile(anna, [doomed.id, keep.id], 'shared');

    expect(await destroy(anna, doomed.id)).toEqual({ done: { file_ids: [], folder_ids: [doomed.id] }, refused: [] });
    await folder(anna, doomed.id, 404);
    await folder(anna, below.id, 404);
    await w.call(anna, 'GET', `/api/storage/files/${only.id}`, undefined, 404);
    expect((await w.inject(anna, 'GET', only.url)).statusCode).toBe(404);
    const kept = await w.call<{ folder_ids: string[] }>(anna, 'GET', `/api/storage/files/${shared.id}`);
    expect(kept.folder_ids).toEqual([keep.id]);
    expect((await w.inject(anna, 'GET', shared.url)).body).toBe('shared');
    await w.t.services.events.settled();
    void admin;
  });

  it('refuses a folder with a file locked by someone else or finalized, and others than creator and admins', async () => {
    const [anna, ben] = [await w.person(), await w.person()];
    const root = await networkRoot(anna);
    const locked = await create(anna, { name: 'Locked', parent_folder_id: root.id });
    const file = await addFile(ben, [locked.id]);
    await w.call(ben, 'PUT', `/api/storage/files/${file.id}/lock`, {
      locked_until: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect((await destroy(anna, locked.id)).refused).toEqual([{ id: locked.id, type: 'folder', reason: 'locked' }]);
    expect((await folder(anna, locked.id)).files).toHaveLength(1);

    const final = await create(anna, { name: 'Final', parent_folder_id: root.id });
    const done = await addFile(anna, [final.id]);
    await w.call(anna, 'PUT', `/api/storage/files/${done.id}`, { file: { finalized: true } });
    expect((await destroy(anna, final.id)).refused).toEqual([{ id: final.id, type: 'folder', reason: 'finalized' }]);

    expect((await destroy(ben, final.id)).refused).toEqual([{ id: final.id, type: 'folder', reason: 'forbidden' }]);
  });
});

describe('read marks and unread files', () => {
  it('counts files others added since the member last opened a folder they still read', async () => {
    const [anna, ben, carl] = [await w.person(), await w.person(), await w.person()];
    const team = await w.groupOf([anna, ben]);
    const groupRoot = (await roots(anna)).groups.find((g) => g.group!.id === team.id)!;
    const shared = await create(anna, { name: 'Shared', parent_folder_id: (await networkRoot(anna)).id });
    await w.call(anna, 'POST', `/api/storage/folders/${shared.id}/read`, undefined, 204);
    await w.call(anna, 'POST', `/api/storage/folders/${groupRoot.id}/read`, undefined, 204);
    await w.call(carl, 'POST', `/api/storage/folders/${groupRoot.id}/read`, undefined, 404);
    await new Promise((resolve) => setTimeout(resolve, 20));

    await addFile(ben, [shared.id]);
    await addFile(ben, [groupRoot.id]);
    await addFile(ben, [groupRoot.id]);
    await addFile(anna, [shared.id]);

    const unread = await w.call<FolderUnreads>(anna, 'GET', '/unreads/folders');
    expect(unread.folders).toEqual(
      expect.arrayContaining([
        { id: shared.id, unread_count: 1 },
        { id: groupRoot.id, unread_count: 2 },
      ]),
    );
    expect(unread.folders).toHaveLength(2);
    expect((await w.call<FeatureUnreads>(anna, 'GET', '/unreads/features')).files).toBe(3);
    expect((await w.call<Unreads>(anna, 'GET', '/api/v1/unreads')).Files).toBe(3);
    expect((await w.call<FolderUnreads>(carl, 'GET', '/unreads/folders')).folders).toEqual([]);

    await w.call(anna, 'POST', `/api/storage/folders/${groupRoot.id}/read`, undefined, 204);
    expect((await w.call<FolderUnreads>(anna, 'GET', '/unreads/folders')).folders).toEqual([
      { id: shared.id, unread_count: 1 },
    ]);

    // Leaving the group: its folder counts no more.
    await w.call(anna, 'POST', `/api/storage/folders/${shared.id}/read`, undefined, 204);
    await w.call(ben, 'POST', `/api/storage/folders/${groupRoot.id}/read`, undefined, 204);
    expect((await w.call<FeatureUnreads>(anna, 'GET', '/unreads/features')).files).toBe(0);
  });
});
