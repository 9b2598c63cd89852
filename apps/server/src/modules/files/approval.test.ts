import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type {
  FileEntry,
  FileReviewersAnswer,
  FileVersion,
  FileWithPendingVersions,
  Folder,
  NewFilesAnswer,
  NewVersionAnswer,
  NotificationPage,
  ReviewStatusEntry,
} from '@agora/contracts';
import { filesTestWorld } from './test-support.ts';

let world: Awaited<ReturnType<typeof filesTestWorld>>;
type Person = Awaited<ReturnType<typeof world.person>>;
let anna: Person; // the group's admin
let max: Person; // a member of the group
let outsider: Person; // a member of the network, not of the group
let groupId: string;
let folderId: string;

beforeAll(async () => {
  world = await filesTestWorld();
  anna = await world.person({ firstName: 'Anna', lastName: 'Admin' });
  max = await world.person({ firstName: 'Max', lastName: 'Member' });
  outsider = await world.person();
  groupId = (await world.groupOf([max], [anna])).id;
  const roots = await world.call<{ groups: Array<{ id: string; group: { id: string } | null }> }>(
    anna,
    'GET',
    '/api/storage/folders/roots',
  );
  const root = roots.groups.find((g) => g.group?.id === groupId)!;
  const folder = await world.call<Folder>(
    anna,
    'POST',
    '/api/storage/folders',
    { folder: { name: 'Contracts', parent_folder_id: root.id, requires_approval: true } },
    201,
  );
  folderId = folder.id;
});
afterAll(() => world.t.close());

async function addFile(who: Person, content: string, name = 'plan.txt'): Promise<FileEntry> {
  const upload = await world.upload(who, content, name);
  const answer = await world.call<NewFilesAnswer>(
    who,
    'POST',
    '/api/v1/files',
    { files: [upload.id], folder_ids: [folderId] },
    201,
  );
  return answer.files[0]!;
}

async function newVersion(who: Person, fileId: string, content: string): Promise<NewVersionAnswer> {
  const upload = await world.upload(who, content, 'plan.txt');
  return world.call<NewVersionAnswer>(who, 'POST', `/api/storage/files/${fileId}/versions`, {
    upload_id: upload.id,
    description: 'Second draft',
  });
}

const download = async (who: Person, url: string) => (await world.inject(who, 'GET', url)).body;

describe('approving pending versions', () => {
  it("lists a member's new version for the folder's reviewers only, and approving makes it the current version", async () => {
    const file = await addFile(max, 'first draft');
    const answer = await newVersion(max, file.id, 'second draft');
    expect(answer.pending_version).toMatchObject({ author_name: 'Max Member', description: 'Second draft' });
    expect(answer.file.version).toBe(1);

    expect((await world.inject(max, 'GET', `/api/storage/folders/${folderId}/files/approval`)).statusCode).toBe(403);
    expect((await world.inject(outsider, 'GET', `/api/storage/folders/${folderId}/files/approval`)).statusCode).toBe(
      404,
    );
    const listed = await world.call<{ files: FileWithPendingVersions[] }>(
      anna,
      'GET',
      `/api/storage/folders/${folderId}/files/approval`,
    );
    const entry = listed.files.find((f) => f.id === file.id)!;
    expect(entry.pending_versions).toHaveLength(1);
    const pending = entry.pending_versions[0]!;
    expect(pending).toMatchObject({ id: answer.pending_version!.id, author_name: 'Max Member', size: 12 });
    expect(await download(anna, pending.url)).toBe('second draft');

    const approvePath = `/api/storage/files/${file.id}/pending_versions/${pending.id}/approve`;
    expect((await world.inject(max, 'POST', approvePath)).statusCode).toBe(403);
    expect((await world.inject(outsider, 'POST', approvePath)).statusCode).toBe(404);
    const approved = await world.call<FileEntry>(anna, 'POST', approvePath);
    expect(approved).toMatchObject({ id: file.id, version: 2, pending_versions_count: 0 });
    expect(await download(max, approved.url)).toBe('second draft');
    const versions = await world.call<FileVersion[]>(max, 'GET', `/api/storage/files/${file.id}/versions`);
    expect(versions.map((v) => [v.version, v.author.displayName])).toEqual([
      [2, 'Max Member'],
      [1, 'Max Member'],
    ]);
    expect(await download(max, versions[1]!.url)).toBe('first draft');
    // Taken: a second approval finds nothing.
    expect((await world.inject(anna, 'POST', approvePath)).statusCode).toBe(404);
    expect((await world.inject(anna, 'GET', pending.url)).statusCode).toBe(404);

    await world.t.services.events.settled();
    const notifications = await world.call<NotificationPage>(max, 'GET', '/api/v1/notifications');
    expect(notifications.notifications[0]?.text ?? JSON.stringify(notifications)).toContain(
      'Anna Admin approved your new version of plan.txt',
    );
    await vi.waitFor(
      async () =>
        expect((await world.t.services.mailer.outbox(max.user.email)).map((m) => m.subject).join()).toMatch(
          /(Ihre neue Version von|Your new version of) plan\.txt/,
        ),
      { timeout: 10_000, interval: 100 },
    );
  });

  it('declining removes the pending version and its bytes, and tells the author', async () => {
    const file = await addFile(max, 'v1', 'budget.txt');
    const { pending_version: pending } = await newVersion(max, file.id, 'v2 by max');
    const path = `/api/storage/files/${file.id}/pending_versions/${pending!.id}`;
    expect((await world.inject(max, 'DELETE', path)).statusCode).toBe(403);
    expect((await world.inject(anna, 'DELETE', path)).statusCode).toBe(204);
    expect((await world.inject(anna, 'DELETE', path)).statusCode).toBe(404);
    expect((await world.inject(anna, 'GET', pending!.url)).statusCode).toBe(404);
    const after = await world.call<FileEntry>(max, 'GET', `/api/storage/files/${file.id}`);
    expect(after).toMatchObject({ version: 1, pending_versions_count: 0 });
    await world.t.services.events.settled();
    const notifications = await world.call<NotificationPage>(max, 'GET', '/api/v1/notifications');
    expect(JSON.stringify(notifications)).toContain('file_pending_version_declined');
  });
});

describe('reviewers', () => {
  it("are named by the tree's admins; a named member's versions are current at once", async () => {
    const query = `context_type=group&context_id=${groupId}`;
    expect((await world.inject(outsider, 'GET', `/api/storage/reviewers?${query}`)).statusCode).toBe(404);
    expect(
      (await world.inject(max, 'PUT', `/api/storage/reviewers?${query}`, { membership_ids: [max.membership.id] }))
        .statusCode,
    ).toBe(403);
    const invalid = await world.inject(anna, 'PUT', `/api/storage/reviewers?${query}`, {
      membership_ids: ['0123456789abcdef01234567'],
    });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json()).toMatchObject({ errors: { membership_ids: ['invalid'] } });
    const named = await world.call<FileReviewersAnswer>(anna, 'PUT', `/api/storage/reviewers?${query}`, {
      membership_ids: [max.membership.id],
    });
    expect(named.reviewers).toEqual([{ id: max.membership.id, name: 'Max Member', image_id: null }]);
    expect(
      (await world.call<FileReviewersAnswer>(max, 'GET', `/api/storage/reviewers?${query}`)).reviewers,
    ).toHaveLength(1);

    const file = await addFile(anna, 'by anna', 'rules.txt');
    const answer = await newVersion(max, file.id, 'by max, reviewer');
    expect(answer.pending_version).toBeNull();
    expect(answer.file.version).toBe(2);
    expect((await world.inject(max, 'GET', `/api/storage/folders/${folderId}/files/approval`)).statusCode).toBe(200);

    await world.call<FileReviewersAnswer>(anna, 'PUT', `/api/storage/reviewers?${query}`, { membership_ids: [] });
    expect((await world.inject(max, 'GET', `/api/storage/folders/${folderId}/files/approval`)).statusCode).toBe(403);
  });
});

describe('review status', () => {
  it('is reported for a file and listed, newest first and paged, for the reviewers of the tree', async () => {
    const file = await addFile(max, 'reviewed text', 'review.txt');
    const status = { insertions: 3, deletions: 1, changes: 4, comments: 2 };
    expect(
      (await world.inject(outsider, 'PUT', `/api/storage/files/${file.id}/review_status`, status)).statusCode,
    ).toBe(404);
    expect(
      (await world.inject(max, 'PUT', `/api/storage/files/${file.id}/review_status`, { ...status, comments: -1 }))
        .statusCode,
    ).toBe(422);
    expect((await world.inject(max, 'PUT', `/api/storage/files/${file.id}/review_status`, status)).statusCode).toBe(
      204,
    );

    const url = `/api/storage/v2/files?context_type=group&context_id=${groupId}&query=reviewed&page=1`;
    expect((await world.inject(max, 'GET', url)).statusCode).toBe(403);
    expect((await world.inject(outsider, 'GET', url)).statusCode).toBe(404);
    const response = await world.inject(anna, 'GET', url);
    expect(response.statusCode).toBe(200);
    expect(response.headers).toMatchObject({
      'x-total-count': '1',
      'x-page': '1',
      'x-per-page': '20',
      'x-total-pages': '1',
    });
    expect(response.json<ReviewStatusEntry[]>()).toEqual([
      {
        id: file.id,
        original_filename: 'review.txt',
        updated_at: expect.any(String),
        current_version_authors: ['Max Member'],
        review_status: status,
      },
    ]);
  });
});
