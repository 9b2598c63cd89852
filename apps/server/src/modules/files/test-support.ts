import { Readable } from 'node:stream';
import { expect } from 'vitest';
import type { FileEntry, Folder, NewFilesAnswer } from '@agora/contracts';
import { createNetwork, createTestApp, signedInMember, type Session, type TestApp } from '../../testing/index.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * A network with a group category, and helpers to add people, groups, folders, uploads and files
 * over HTTP; `env` overrides the test app's configuration.
 */
export async function filesTestWorld(env: Record<string, string> = {}) {
  const t: TestApp = await createTestApp(env);
  const networkId = (await createNetwork(t.services)).id;
  const [category] = await t.services.groups.createCategories(networkId, [
    { slug: 'teams', name: 'Team', pluralName: 'Teams' },
  ]);
  let n = 0;

  const person = (options: Parameters<typeof signedInMember>[3] = {}) =>
    signedInMember(t.app, t.services, networkId, options);
  type Person = Awaited<ReturnType<typeof person>>;

  const inject = (who: Person | Session | null, method: Method, url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: (who && 'session' in who ? who.session : who)?.headers ?? {},
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });

  /** The call's JSON answer, after checking its status. */
  async function call<T>(who: Person | null, method: Method, url: string, payload?: unknown, status = 200) {
    const response = await inject(who, method, url, payload);
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(status);
    return (response.body ? response.json() : undefined) as T;
  }

  async function groupOf(
    members: Person[],
    admins: Person[] = [],
    options: { access?: 'open' | 'closed' | 'hidden'; archived?: boolean } = {},
  ) {
    const [group] = await t.services.groups.createGroups(networkId, [
      {
        groupCategoryId: category!.id,
        slug: `files-group-${++n}`,
        name: `Files group ${n}`,
        access: options.access ?? 'closed',
        ...(options.archived ? { archived: true } : {}),
      },
    ]);
    await t.services.groups.addMembers(networkId, [
      ...admins.map((m) => ({ groupId: group!.id, membershipId: m.membership.id, role: 'admin' as const })),
      ...members.map((m) => ({ groupId: group!.id, membershipId: m.membership.id })),
    ]);
    return group!;
  }

  /** A volatile upload of the member's in the files directory. */
  const upload = (who: Person, content: string | Buffer, fileName = 'notes.txt') =>
    t.services.storage.store({
      networkId,
      uploaderId: who.membership.id,
      directory: 'files',
      fileName,
      body: Readable.from([Buffer.from(content)]),
    });

  /** A folder made by the member (`POST /api/storage/folders`), with more of its fields when given. */
  const newFolder = (who: Person, parentId: string, name = 'Folder', fields: object = {}) =>
    call<Folder>(who, 'POST', '/api/storage/folders', { folder: { name, parent_folder_id: parentId, ...fields } }, 201);

  /** A file made of a new upload in these folders (`POST /api/v1/files`), with more of the call's fields when given. */
  async function addFile(
    who: Person,
    folderIds: string[],
    options: { content?: string | Buffer; name?: string; fields?: Record<string, unknown> } = {},
  ): Promise<FileEntry> {
    const { content = 'first', name = 'plan.txt', fields = {} } = options;
    const uploaded = await upload(who, content, name);
    const answer = await call<NewFilesAnswer>(
      who,
      'POST',
      '/api/v1/files',
      { files: [uploaded.id], folder_ids: folderIds, ...fields },
      201,
    );
    return answer.files[0]!;
  }

  return { t, networkId, person, inject, call, groupOf, upload, newFolder, addFile };
}
