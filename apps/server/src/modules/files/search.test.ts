import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentAction, FileEntry, FolderSearchAnswer } from '@agora/contracts';
import { storeNetworkSettings } from '../../testing/index.ts';
import { filesTestWorld } from './test-support.ts';

let world: Awaited<ReturnType<typeof filesTestWorld>>;
type Person = Awaited<ReturnType<typeof world.person>>;
let member: Person;
let guest: Person;
let rootId: string;
let plan: FileEntry;

const property = (name: string, type: string, sortable = false) => ({ name, label: name, type, sortable });

beforeAll(async () => {
  world = await filesTestWorld();
  await storeNetworkSettings(world.t.database.db, world.networkId, {
    folder_profiles: { enabled: true, properties: [property('status', 'selection', true)] },
    file_profiles: {
      enabled: true,
      properties: [property('status', 'selection', true), property('tags', 'tag'), property('note', 'text')],
    },
  });
  member = await world.person();
  guest = await world.person({ external: true });
  rootId = (await world.call<{ network: { id: string } }>(member, 'GET', '/api/storage/folders/roots')).network.id;
  const folder = (name: string, parent: string, fields: object = {}) => world.newFolder(member, parent, name, fields);
  const projects = await folder('Projects', rootId, { folder_profile: { status: 'open' } });
  const budgets = await folder('Budgets', projects.id, { description: 'Quarterly figures, 100% checked' });
  const add = (name: string, folderId: string, profile: object) =>
    world.addFile(member, [folderId], { name, content: name, fields: { file_profile: profile } });
  await add('budget 2026.txt', budgets.id, { status: 'done', tags: ['finance'], note: 'Signed by the board' });
  plan = await add('plan.txt', projects.id, { status: 'open', tags: ['hr', 'finance'] });
});
afterAll(() => world.t.close());

const search = (who: Person, query: string) =>
  world.inject(who, 'GET', `/api/storage/folders/${rootId}/search?${query}`);
async function found(query: string) {
  const response = await search(member, query);
  expect(response.statusCode, response.body).toBe(200);
  const answer = response.json<FolderSearchAnswer>();
  return { folders: answer.folders.map((f) => f.name), files: answer.files.map((f) => f.name) };
}

describe('the folder search', () => {
  it('finds folders and files of the subtree by words in names and descriptions', async () => {
    expect(await found('q=budget')).toEqual({ folders: ['Budgets'], files: ['budget 2026.txt'] });
    expect(await found('q=quarterly')).toEqual({ folders: ['Budgets'], files: [] });
    // `%` and `_` are what they are.
    expect(await found('q=100%25')).toEqual({ folders: ['Budgets'], files: [] });
    expect(await found('q=_')).toEqual({ folders: [], files: [] });
    expect(await found('q=')).toEqual({ folders: ['Budgets', 'Projects'], files: ['budget 2026.txt', 'plan.txt'] });
  });

  it('filters by profile values and sorts by sortable properties', async () => {
    expect(await found('profile.status=open')).toEqual({ folders: ['Projects'], files: ['plan.txt'] });
    // Folders have no tags: a tag filter leaves them out.
    expect(await found('profile.tags=hr')).toEqual({ folders: [], files: ['plan.txt'] });
    expect(await found('profile.tags=finance&profile.status=done')).toEqual({
      folders: [],
      files: ['budget 2026.txt'],
    });
    expect(await found('profile.tags=hr&profile.tags=finance&sort=-name')).toEqual({
      folders: [],
      files: ['plan.txt', 'budget 2026.txt'],
    });
    expect(await found('profile.note=board')).toEqual({ folders: [], files: ['budget 2026.txt'] });
    expect(await found('sort=profile.status')).toEqual({
      folders: ['Projects', 'Budgets'],
      files: ['budget 2026.txt', 'plan.txt'],
    });
  });

  it('answers only readers, and refuses unknown parameters and sorts', async () => {
    expect((await search(guest, 'q=budget')).statusCode).toBe(404);
    const badSort = await search(member, 'sort=size');
    expect(badSort.statusCode).toBe(422);
    expect(badSort.json()).toMatchObject({ errors: { sort: ['invalid'] } });
    expect((await search(member, 'colour=red')).statusCode).toBe(422);
  });
});

describe('without an office server', () => {
  it('files offer no office actions, the WOPI host is absent and discovery answers for the store', async () => {
    expect(await world.call<DocumentAction[]>(member, 'GET', `/files/${plan.id}/wopi/actions`)).toEqual([]);
    expect((await world.inject(member, 'GET', `/api/storage/files/${plan.id}/wopi/host/edit`)).statusCode).toBe(422);
    expect((await world.inject(null, 'GET', `/wopi/files/${plan.id}?access_token=x`)).statusCode).toBe(404);
    expect(await world.call(member, 'GET', '/api/storage/v2/discover')).toEqual({ ok: true });
    expect(await world.call(member, 'GET', '/api/v1/network')).toMatchObject({
      config: { office_documents: { enabled: false } },
    });
  });
});
