import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  FileSearchHit,
  FolderSearchHit,
  FolderSummary,
  NewFilesAnswer,
  NewVersionAnswer,
  SearchResponse,
  SearchResult,
} from '@agora/contracts';
import { like, sql } from 'drizzle-orm';
import { TEXT_EXTRACTION_QUEUE } from '../../platform/search/extraction/index.ts';
import { openDocument, pdfWithText, pptxWithSlides } from '../../platform/search/extraction/test-documents.ts';
import { searchExtractedTexts } from '../../platform/search/tables.ts';
import { filesTestWorld } from './test-support.ts';

const w = await filesTestWorld();
afterAll(() => w.t.close());

type Person = Awaited<ReturnType<typeof w.person>>;
type Roots = { network: FolderSummary | null; groups: FolderSummary[] };

let anna: Person;
let outsider: Person;
let guest: Person;
let hidden: { id: string; name: string; slug: string };
let networkRoot: string;
let hiddenRoot: string;

beforeAll(async () => {
  [anna, outsider, guest] = [await w.person(), await w.person(), await w.person({ external: true })];
  hidden = await w.groupOf([anna], [], { access: 'hidden' });
  const roots = await w.call<Roots>(anna, 'GET', '/api/storage/folders/roots');
  networkRoot = roots.network!.id;
  hiddenRoot = roots.groups.find((g) => g.group!.id === hidden.id)!.id;
});

const addFile = (who: Person, folderId: string, name: string, content: string | Buffer = 'text') =>
  w.addFile(who, [folderId], { name, content });

const newFolder = async (who: Person, parentId: string, name: string) => (await w.newFolder(who, parentId, name)).id;

/**
 * Waits until the index has caught up: the events' processors (which ask for extractions), the
 * extraction jobs (which record `file.text_extracted`), and the processors of those events.
 */
async function caughtUp() {
  await w.t.services.events.settled();
  await w.t.services.jobs.settled(60_000);
  await w.t.services.events.settled();
}

async function find<M extends 'files' | 'folders'>(who: Person, module: M, q: string) {
  const answer = await w.call<SearchResponse>(who, 'GET', `/search.json?module=${module}&q=${encodeURIComponent(q)}`);
  const result = answer[`${module}_query`] as SearchResult<M>;
  return { ids: result.hits.map((h) => h.id), total: result.total, hits: result.hits, meta: result.meta };
}

describe('files in global search', () => {
  it('finds a file by its name where the member reads its folder, never in a hidden group’s folder for outsiders', async () => {
    const secret = await addFile(anna, hiddenRoot, 'walrus-budget.txt');
    const open = await addFile(anna, networkRoot, 'walrus-roadmap.txt');
    await caughtUp();

    const mine = await find(anna, 'files', 'walrus');
    expect(mine.ids.sort()).toEqual([secret.id, open.id].sort());
    expect(mine.total).toBe(2);
    const hit = mine.hits.find((h) => h.id === secret.id) as FileSearchHit;
    expect(hit).toEqual({
      id: secret.id,
      name: 'walrus-budget.txt',
      extension: 'txt',
      description: '',
      author: { id: anna.membership.id, name: expect.any(String), path: `/members/${anna.membership.id}` },
      // The group's root is named by its group.
      folder: { id: hiddenRoot, name: hidden.name },
      updated_at: expect.any(String),
      html_url: `/files/${secret.id}`,
    });

    expect(await find(outsider, 'files', 'walrus')).toMatchObject({ ids: [open.id], total: 1 });
    // Guests read no network folder.
    expect(await find(guest, 'files', 'walrus')).toMatchObject({ ids: [], total: 0 });
    // Nor does the group's search of a hidden group open to an outsider.
    const inGroup = await w.inject(outsider, 'GET', `/groups/${hidden.slug}/search.json?module=files&q=walrus`);
    expect(inGroup.statusCode).toBe(404);
  });

  it('finds a PDF by its text once extracted, and a broken one by its name', async () => {
    const pdf = await addFile(anna, networkRoot, 'minutes.pdf', pdfWithText('Spectacular aubergine minutes'));
    const broken = await addFile(anna, networkRoot, 'broken-quokka.pdf', '%PDF-1.4 nothing follows');
    await caughtUp();

    const found = await find(outsider, 'files', 'aubergine');
    expect(found).toMatchObject({ ids: [pdf.id], total: 1 });
    expect(found.meta.highlight[pdf.id]?.['attachment.content']?.join(' ')).toContain('<mark>');
    expect(await find(outsider, 'files', 'quokka')).toMatchObject({ ids: [broken.id], total: 1 });
  });

  it('finds a renamed file by its new name and a deleted one no more', async () => {
    const file = await addFile(anna, networkRoot, 'narwhal.txt');
    await caughtUp();
    expect((await find(anna, 'files', 'narwhal')).ids).toEqual([file.id]);

    await w.call(anna, 'PUT', `/api/storage/files/${file.id}`, { file: { name: 'pelican.txt' } });
    await caughtUp();
    expect((await find(anna, 'files', 'pelican')).ids).toEqual([file.id]);
    expect((await find(anna, 'files', 'narwhal')).total).toBe(0);

    await w.call(anna, 'DELETE', '/api/storage/files', { file_ids: [file.id], folder_ids: [] });
    await caughtUp();
    expect(await find(anna, 'files', 'pelican')).toMatchObject({ ids: [], total: 0 });
  });

  it('follows a folder moved into a hidden group: its files are no longer the outsider’s to find', async () => {
    const folder = await newFolder(anna, networkRoot, 'Moving box');
    const file = await addFile(anna, folder, 'flamingo.txt');
    await caughtUp();
    expect((await find(outsider, 'files', 'flamingo')).ids).toEqual([file.id]);

    await w.call(anna, 'POST', '/api/storage/folders/move', { folder_ids: [folder], target_folder_id: hiddenRoot });
    await caughtUp();
    expect(await find(outsider, 'files', 'flamingo')).toMatchObject({ ids: [], total: 0 });
    expect((await find(anna, 'files', 'flamingo')).ids).toEqual([file.id]);
  });
});

describe('the files search source', () => {
  it('gives a file in several trees the keys of each, and its first folder’s group', async () => {
    const upload = await w.upload(anna, 'both', 'both.txt');
    const answer = await w.call<NewFilesAnswer>(
      anna,
      'POST',
      '/api/v1/files',
      { files: [upload.id], folder_ids: [hiddenRoot, networkRoot], description: 'Kept twice' },
      201,
    );
    const [doc] = await w.t.services.search.source('files')!.load(w.networkId, [answer.files[0]!.id]);
    expect(doc).toMatchObject({
      groupId: hidden.id,
      access: [`files:group:${hidden.id}`, `files:network:${w.networkId}`].sort(),
      title: 'both',
      content: 'Kept twice',
      language: 'network',
    });
  });

  it('finds the current version’s text only: a pending version’s once it is approved', async () => {
    const admin = await w.person({ admin: true });
    const folder = await w.call<FolderSummary>(
      admin,
      'POST',
      '/api/storage/folders',
      { folder: { name: 'Reviewed', parent_folder_id: networkRoot, requires_approval: true } },
      201,
    );
    const file = await addFile(anna, folder.id, 'ledger.txt', 'first draft');
    const upload = await w.upload(anna, 'the pangolin clause', 'ledger.txt');
    const answer = await w.call<NewVersionAnswer>(anna, 'POST', `/api/storage/files/${file.id}/versions`, {
      upload_id: upload.id,
    });
    await caughtUp();
    expect((await find(admin, 'files', 'pangolin')).total).toBe(0);
    expect((await find(anna, 'files', 'pangolin')).total).toBe(0);

    await w.call(admin, 'POST', `/api/storage/files/${file.id}/pending_versions/${answer.pending_version!.id}/approve`);
    await caughtUp();
    expect((await find(anna, 'files', 'pangolin')).ids).toEqual([file.id]);
  });
});

describe('text extraction for the index', () => {
  it('finds presentations and OpenDocument files by their text', async () => {
    const slides = await addFile(anna, networkRoot, 'deck.pptx', await pptxWithSlides(['Ocelot roadmap']));
    const letter = await addFile(
      anna,
      networkRoot,
      'letter.odt',
      await openDocument('text', '<text:p>Tapir correspondence</text:p>'),
    );
    await caughtUp();
    expect((await find(outsider, 'files', 'ocelot')).ids).toEqual([slides.id]);
    expect((await find(outsider, 'files', 'tapir')).ids).toEqual([letter.id]);
  });

  it('asks on a reindex for the texts of current versions never extracted, once', async () => {
    const file = await addFile(anna, networkRoot, 'census.pdf', pdfWithText('Gregarious manatee census'));
    await caughtUp();
    // As a file stored before extraction existed: no outcome for its version.
    await w.t.database.db.delete(searchExtractedTexts).where(like(searchExtractedTexts.key, `file:${file.id}:%`));
    await w.t.services.search.refresh(w.networkId, 'files', [file.id]);
    expect((await find(anna, 'files', 'manatee')).total).toBe(0);

    await w.t.services.search.reindex(w.networkId);
    await caughtUp();
    expect((await find(anna, 'files', 'manatee')).ids).toEqual([file.id]);

    // Known outcomes (done, failed, skipped) are not asked for again.
    const queued = async () => {
      const result = await w.t.database.db.execute(
        sql`select count(*)::int as n from pgboss.job where name = ${TEXT_EXTRACTION_QUEUE}`,
      );
      return (result as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
    };
    const before = await queued();
    await w.t.services.search.reindex(w.networkId);
    expect(await queued()).toBe(before);
  });
});

describe('folders in global search', () => {
  it('finds a folder by its name with its path, where the member reads its tree', async () => {
    const parent = await newFolder(anna, hiddenRoot, 'Projects');
    const folder = await newFolder(anna, parent, 'Zeppelin plans');
    await caughtUp();

    const found = await find(anna, 'folders', 'zeppelin');
    expect(found.total).toBe(1);
    expect(found.hits[0] as FolderSearchHit).toEqual({
      id: folder,
      name: 'Zeppelin plans',
      description: '',
      folder_path: [hidden.name, 'Projects'],
      updated_at: expect.any(String),
      html_url: `/groups/${hidden.slug}/files/folders/${folder}`,
    });
    expect(await find(outsider, 'folders', 'zeppelin')).toMatchObject({ ids: [], total: 0 });

    // Roots are not found as folders: a tree is found by its group.
    expect((await find(anna, 'folders', 'root_folder')).total).toBe(0);

    await w.call(anna, 'DELETE', `/api/storage/folders/${parent}`);
    await caughtUp();
    expect((await find(anna, 'folders', 'zeppelin')).total).toBe(0);
  });
});
