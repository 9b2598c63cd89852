import { afterAll, describe, expect, it } from 'vitest';
import type {
  ActivityPage,
  FileEntry,
  FileVersion,
  FolderSummary,
  NewFilesAnswer,
  NewVersionAnswer,
} from '@agora/contracts';
import { storeNetworkSettings } from '../../testing/index.ts';
import { filesTestWorld } from './test-support.ts';

const w = await filesTestWorld();
afterAll(() => w.t.close());

type Person = Awaited<ReturnType<typeof w.person>>;
type Roots = { network: FolderSummary | null; groups: FolderSummary[] };

const roots = (who: Person) => w.call<Roots>(who, 'GET', '/api/storage/folders/roots');
const networkRoot = async (who: Person) => (await roots(who)).network!;
const newFolder = async (who: Person, parentId: string, name = 'Folder') => (await w.newFolder(who, parentId, name)).id;
const addFiles = (who: Person, body: Record<string, unknown>, status = 201) =>
  w.call<NewFilesAnswer>(who, 'POST', '/api/v1/files', body, status);
const addFile = (who: Person, folderIds: string[], content = 'first', name = 'plan.txt') =>
  w.addFile(who, folderIds, { content, name });
const getFile = (who: Person, id: string, status = 200) =>
  w.call<FileEntry>(who, 'GET', `/api/storage/files/${id}`, undefined, status);
const putFile = (who: Person, id: string, file: Record<string, unknown>, status = 200) =>
  w.call<FileEntry>(who, 'PUT', `/api/storage/files/${id}`, { file }, status);
const addVersion = (who: Person, id: string, body: Record<string, unknown>, status = 200) =>
  w.call<NewVersionAnswer>(who, 'POST', `/api/storage/files/${id}/versions`, body, status);
const download = async (who: Person | null, url: string) => {
  const response = await w.inject(who, 'GET', url);
  return { status: response.statusCode, body: response.body };
};
const lock = (who: Person, id: string, status = 200) =>
  w.call(
    who,
    'PUT',
    `/api/storage/files/${id}/lock`,
    { locked_until: new Date(Date.now() + 3_600_000).toISOString() },
    status,
  );

describe('adding files', () => {
  it('makes each volatile upload a file in the folders given, with description and flags', async () => {
    const anna = await w.person();
    const root = await networkRoot(anna);
    const other = await newFolder(anna, root.id, 'Other');
    const [one, two] = [await w.upload(anna, 'one', 'one.txt'), await w.upload(anna, 'two', 'two.txt')];
    const { files } = await addFiles(anna, {
      files: [one.id, two.id],
      folder_ids: [root.id, other],
      description: 'Minutes',
    });
    expect(files.map((f) => f.id)).toEqual([one.id, two.id]);
    expect(files[0]).toMatchObject({
      name: 'one.txt',
      original_filename: 'one.txt',
      extension: 'txt',
      size: 3,
      content_type: 'text/plain',
      version: 1,
      description: 'Minutes',
      folder_ids: [root.id, other],
      finalizedAt: null,
      lockedUntil: null,
      author: { id: anna.membership.id, deleted: false },
      html_url: `/files/${one.id}`,
      url: `/api/storage/files/${one.id}/get/one.txt`,
      can: { destroy: true, lock: true, update: true, review: false },
      pending_versions_count: 0,
      view_count: 0,
    });
    expect(files[0]!.token).toBeTruthy();
    // The token stands in for the session (links opened elsewhere).
    expect(await download(null, `${files[0]!.url}?token=${files[0]!.token}`)).toEqual({ status: 200, body: 'one' });
    expect((await download(null, files[0]!.url)).status).toBe(401);
  });

  it('refuses what is not the member’s volatile upload, folders twice or closed to them, and no files', async () => {
    const [anna, ben, guest] = [await w.person(), await w.person(), await w.person({ external: true })];
    const root = await networkRoot(anna);
    const bens = await w.upload(ben, 'bens');
    const mine = await w.upload(anna, 'mine');
    expect(await addFiles(anna, { files: [bens.id], folder_ids: [root.id] }, 422)).toEqual({
      errors: { files: ['attachment_not_uploaded'] },
    });
    expect(await addFiles(anna, { files: [], folder_ids: [root.id] }, 422)).toHaveProperty('errors.files');
    expect(await addFiles(anna, { files: ['ffffffffffffffffffffffff'], folder_ids: [root.id] }, 422)).toEqual({
      errors: { files: ['attachment_not_uploaded'] },
    });
    expect(await addFiles(anna, { files: [mine.id], folder_ids: [root.id, root.id] }, 422)).toEqual({
      errors: { folder_ids: ['folder_not_allowed'] },
    });
    expect(await addFiles(anna, { files: [mine.id], folder_ids: [] }, 422)).toHaveProperty('errors.folder_ids');
    expect(await addFiles(anna, { files: [mine.id], folder_ids: ['ffffffffffffffffffffffff'] }, 422)).toEqual({
      errors: { folder_ids: ['folder_not_allowed'] },
    });
    // A closed group's folder: not the member's to add to.
    const team = await w.groupOf([ben]);
    const teamRoot = (await roots(ben)).groups.find((g) => g.group!.id === team.id)!;
    expect(await addFiles(anna, { files: [mine.id], folder_ids: [teamRoot.id] }, 422)).toEqual({
      errors: { folder_ids: ['folder_not_allowed'] },
    });
    // Guests do not add to the network's folders.
    const guests = await w.upload(guest, 'guest');
    expect(await addFiles(guest, { files: [guests.id], folder_ids: [root.id] }, 422)).toEqual({
      errors: { folder_ids: ['folder_not_allowed'] },
    });
    expect(
      (await w.inject(null, 'POST', '/api/v1/files', { files: [mine.id], folder_ids: [root.id] })).statusCode,
    ).toBe(401);
    // Nothing was made: the upload is still there to use.
    const made = await addFiles(anna, { files: [mine.id], folder_ids: [root.id] });
    expect(made.files).toHaveLength(1);
    // ... once.
    expect(await addFiles(anna, { files: [mine.id], folder_ids: [root.id] }, 422)).toEqual({
      errors: { files: ['attachment_not_uploaded'] },
    });
  });

  it('keeps only profile values the network defines, none while profiles are off', async () => {
    const anna = await w.person();
    const root = await networkRoot(anna);
    const off = await w.upload(anna, 'a');
    expect(
      (await addFiles(anna, { files: [off.id], folder_ids: [root.id], file_profile: { topic: 'x' } })).files[0]!
        .file_profile,
    ).toEqual({});
    await storeNetworkSettings(w.t.database.db, w.networkId, {
      file_profiles: { enabled: true, properties: [{ name: 'topic', label: 'Topic', type: 'text' }] },
    });
    try {
      const on = await w.upload(anna, 'b');
      const file = (
        await addFiles(anna, { files: [on.id], folder_ids: [root.id], file_profile: { topic: 'Budget', secret: 'x' } })
      ).files[0]!;
      expect(file.file_profile).toEqual({ topic: 'Budget' });
      expect((await putFile(anna, file.id, { file_profile: { topic: 'Plan', other: '1' } })).file_profile).toEqual({
        topic: 'Plan',
      });
    } finally {
      await storeNetworkSettings(w.t.database.db, w.networkId, {});
    }
  });

  it("posts the files to the group's stream when asked", async () => {
    const anna = await w.person();
    const team = await w.groupOf([anna]);
    const teamRoot = (await roots(anna)).groups.find((g) => g.group!.id === team.id)!;
    const upload = await w.upload(anna, 'agenda', 'agenda.txt');
    await addFiles(anna, { files: [upload.id], folder_ids: [teamRoot.id], post_to_stream: true });
    await w.t.services.events.settled();
    const page = await w.call<ActivityPage>(anna, 'GET', `/api/v1/activities?group_id=${team.id}`);
    expect(page.activities).toHaveLength(1);
    expect(JSON.stringify(page.activities[0])).toContain('agenda.txt');
  });
});

describe('one file', () => {
  it('shows, changes and finalizes a file; finalized, it takes no change, version or lock', async () => {
    const [anna, ben, carl] = [await w.person(), await w.person(), await w.person()];
    const root = await networkRoot(anna);
    const second = await newFolder(anna, root.id, 'Second');
    const file = await addFile(anna, [root.id]);
    // Other members who may add files may change it, but not delete it.
    expect((await getFile(ben, file.id)).can).toEqual({ destroy: false, lock: true, update: true, review: false });
    const changed = await putFile(ben, file.id, {
      name: 'Plan 2027.txt',
      description: 'Draft',
      folder_ids: [root.id, second],
    });
    expect(changed).toMatchObject({ name: 'Plan 2027.txt', description: 'Draft', folder_ids: [root.id, second] });
    expect(await putFile(ben, file.id, { folder_ids: [second, second] }, 422)).toEqual({
      errors: { folder_ids: ['folder_not_allowed'] },
    });
    expect(await putFile(ben, file.id, { name: '' }, 422)).toHaveProperty('errors.name');
    expect((await putFile(ben, file.id, { folder_ids: [second] })).folder_ids).toEqual([second]);

    await w.call(carl, 'POST', `/api/storage/files/${file.id}/track_view`, undefined, 204);
    await w.call(carl, 'POST', `/api/storage/files/${file.id}/track_view`, undefined, 204);
    expect((await getFile(carl, file.id)).view_count).toBe(2);

    const final = await putFile(anna, file.id, { finalized: true });
    expect(final.finalizedAt).not.toBeNull();
    expect(final.can).toEqual({ destroy: false, lock: false, update: false, review: false });
    expect(await putFile(anna, file.id, { name: 'Again' }, 403)).toEqual({ error: 'finalized' });
    const upload = await w.upload(anna, 'second');
    expect(await addVersion(anna, file.id, { upload_id: upload.id }, 403)).toEqual({ error: 'finalized' });
    await lock(anna, file.id, 403);
  });

  it('refuses changes of a file locked by someone else, not by the one who locked it', async () => {
    const [anna, ben] = [await w.person(), await w.person()];
    const root = await networkRoot(anna);
    const file = await addFile(anna, [root.id]);
    await lock(ben, file.id);
    const seen = await getFile(anna, file.id);
    expect(seen).toMatchObject({ lockedById: ben.membership.id, can: { update: false, destroy: false, lock: true } });
    expect(await putFile(anna, file.id, { name: 'Mine' }, 403)).toEqual({ error: 'locked' });
    const upload = await w.upload(anna, 'v2');
    expect(await addVersion(anna, file.id, { upload_id: upload.id }, 403)).toEqual({ error: 'locked' });
    expect((await putFile(ben, file.id, { name: 'Ben’s' })).name).toBe('Ben’s');
  });

  it('keeps its group’s files from non-members in every call', async () => {
    const [anna, stranger, admin] = [await w.person(), await w.person(), await w.person({ admin: true })];
    const team = await w.groupOf([anna]);
    const teamRoot = (await roots(anna)).groups.find((g) => g.group!.id === team.id)!;
    const file = await addFile(anna, [teamRoot.id], 'secret');
    await getFile(stranger, file.id, 404);
    await putFile(stranger, file.id, { name: 'x' }, 404);
    await w.call(stranger, 'GET', `/api/storage/files/${file.id}/versions`, undefined, 404);
    const upload = await w.upload(stranger, 'x');
    await addVersion(stranger, file.id, { upload_id: upload.id }, 404);
    await w.call(stranger, 'POST', `/api/storage/files/${file.id}/track_view`, undefined, 404);
    expect((await download(stranger, file.url)).status).toBe(404);
    expect((await download(stranger, `${file.url}?_=v1`)).status).toBe(404);
    await w.call(stranger, 'GET', `/api/storage/files/${file.id}/token`, undefined, 404);
    await lock(stranger, file.id, 404);
    // Hostile ids are refused without a trace.
    for (const id of ['ffffffffffffffffffffffff', "1' or '1'='1", '..%2F..%2Fetc']) {
      expect([404, 422]).toContain((await w.inject(anna, 'GET', `/api/storage/files/${id}`)).statusCode);
    }
    // Network admins read and delete in every group.
    expect((await getFile(admin, file.id)).can).toMatchObject({ destroy: true, update: false });
  });
});

describe('the audit log', () => {
  it('records files published, moved and deleted', async () => {
    const [anna, admin] = [await w.person(), await w.person({ admin: true })];
    const root = await networkRoot(anna);
    const second = await newFolder(anna, root.id, 'Audit');
    const file = await addFile(anna, [root.id], 'audited', 'audited.txt');
    await putFile(anna, file.id, { folder_ids: [second] });
    await w.call(anna, 'DELETE', `/api/storage/folders/${second}`);
    await w.t.services.events.settled();
    const entries: Array<{ event_type: string; subject: { id: string } }> = [];
    JSON.parse(JSON.stringify(await w.call(admin, 'GET', '/api/v1/administration/audit_log')), (_key, value) => {
      if (value && typeof value === 'object' && 'event_type' in value) entries.push(value);
      return value;
    });
    const types = entries.filter((e) => e.subject.id === file.id).map((e) => e.event_type);
    expect(types).toEqual(expect.arrayContaining(['FilePublish', 'FileMove', 'FileDestroy']));
  });
});

describe('versions', () => {
  it('keeps every version byte for byte and serves older ones by ?_=v{major}', async () => {
    const [anna, ben] = [await w.person(), await w.person()];
    const root = await networkRoot(anna);
    const file = await addFile(anna, [root.id], 'version one', 'report.txt');
    const upload = await w.upload(ben, 'version two, longer', 'report-final.txt');
    const answer = await addVersion(ben, file.id, { upload_id: upload.id });
    expect(answer.pending_version).toBeNull();
    expect(answer.file).toMatchObject({
      id: file.id,
      version: 2,
      original_filename: 'report-final.txt',
      size: 19,
      name: 'report.txt',
    });
    // The upload is the file's now: it cannot be used again.
    expect(await addVersion(ben, file.id, { upload_id: upload.id }, 422)).toEqual({
      errors: { upload_id: ['attachment_not_uploaded'] },
    });
    expect(await addVersion(ben, file.id, { upload_id: file.id }, 422)).toEqual({
      errors: { upload_id: ['attachment_not_uploaded'] },
    });

    const versions = await w.call<FileVersion[]>(anna, 'GET', `/api/storage/files/${file.id}/versions`);
    expect(versions.map((v) => [v.version, v.original_filename, v.size, v.author.id])).toEqual([
      [2, 'report-final.txt', 19, ben.membership.id],
      [1, 'report.txt', 11, anna.membership.id],
    ]);
    expect(await download(anna, answer.file.url)).toEqual({ status: 200, body: 'version two, longer' });
    expect(await download(anna, versions[1]!.url)).toEqual({ status: 200, body: 'version one' });
    expect(versions[1]!.url).toBe(`/api/storage/files/${file.id}/get/report.txt?_=v1`);
    expect(await download(anna, `${answer.file.url}?_=v2`)).toEqual({ status: 200, body: 'version two, longer' });
    expect((await download(anna, `${answer.file.url}?_=v9`)).status).toBe(404);

    // A third version keeps the second.
    const third = await w.upload(anna, 'three');
    await addVersion(anna, file.id, { upload_id: third.id });
    expect(await download(anna, `${answer.file.url}?_=v2`)).toEqual({ status: 200, body: 'version two, longer' });
    expect(await download(anna, `${answer.file.url}?_=v1`)).toEqual({ status: 200, body: 'version one' });
    expect(
      (await w.call<FileVersion[]>(anna, 'GET', `/api/storage/files/${file.id}/versions`)).map((v) => v.version),
    ).toEqual([3, 2, 1]);
  });

  it('makes a new version by a non-reviewer a pending version where the folder requires approval', async () => {
    const [anna, admin] = [await w.person(), await w.person({ admin: true })];
    const root = await networkRoot(anna);
    const folderId = await newFolder(anna, root.id, 'Approved');
    await w.call(admin, 'PUT', `/api/storage/folders/${folderId}`, { folder: { requires_approval: true } });
    const file = await addFile(anna, [folderId], 'approved one');
    const upload = await w.upload(anna, 'proposed two', 'proposal.txt');
    const answer = await addVersion(anna, file.id, { upload_id: upload.id, description: 'Please check' });
    expect(answer.file.version).toBe(1);
    expect(answer.file.pending_versions_count).toBe(1);
    expect(answer.pending_version).toMatchObject({
      id: expect.any(String),
      original_filename: 'proposal.txt',
      size: 12,
      description: 'Please check',
    });
    expect(await download(anna, answer.pending_version!.url)).toEqual({ status: 200, body: 'proposed two' });
    expect(await download(anna, file.url)).toEqual({ status: 200, body: 'approved one' });

    // The network admin reviews: their version is current at once.
    expect((await w.call<FileEntry>(admin, 'GET', `/api/storage/files/${file.id}`)).can.review).toBe(true);
    const reviewed = await w.upload(admin, 'reviewed two');
    expect((await addVersion(admin, file.id, { upload_id: reviewed.id })).file.version).toBe(2);
  });
});
