import type { FileSearchHit, MemberRef } from '@agora/contracts';
import type { Db } from '../../platform/db/client.ts';
import type { StoredEvent } from '../../platform/events/index.ts';
import type { Actor } from '../../platform/policy/index.ts';
import type { SearchDocument, SearchSource } from '../../platform/search/index.ts';
import type { TextExtraction } from '../../platform/search/extraction/index.ts';
import type { Storage } from '../../platform/storage/index.ts';
import { memberName, type MembershipRow } from '../members/index.ts';
import { readsFolder } from './access.ts';
import type { FilesDeps } from './deps.ts';
import { FILE_EVENTS } from './events.ts';
import { createSearchIndexRepository } from './search-index-repository.ts';
import { fileTextKey, requestMissingTexts } from './search-text-extraction.ts';
import { folderAccessKeys, folderDisplayName, groupOf, profileProperties, profileText } from './search-parts.ts';
import type { FilesService } from './service.ts';
import type { FileRow } from './tables.ts';

export const fileAccessKey = folderAccessKeys('files');

/**
 * The name a file is found by: without its extension, which the hit carries apart. The text
 * parser reads `plan-2024.pdf` as one host name, so that neither `plan` nor `2024` would find it;
 * `plan-2024` is read as the words it is made of.
 */
export function searchableName(file: Pick<FileRow, 'name' | 'extension'>): string {
  const suffix = file.extension ? `.${file.extension}` : '';
  const bare =
    suffix && file.name.toLowerCase().endsWith(suffix.toLowerCase()) ? file.name.slice(0, -suffix.length) : file.name;
  return bare || file.name;
}

export type FilesSearchDeps = Pick<FilesDeps, 'groups' | 'members' | 'networks'> & {
  db: Db;
  textExtraction: Pick<TextExtraction, 'texts' | 'requestMany' | 'missing'>;
  storage: Pick<Storage, 'live'>;
};

const presentMemberRef = (m: MembershipRow | undefined): MemberRef | null =>
  m ? { id: m.id, name: memberName(m), path: `/members/${m.id}` } : null;

/**
 * Files in global search: one document per file, found by its name, its description, the text
 * of its current version (pending versions are the reviewers' business, never found) and its
 * profile values; whoever reads one of its folders finds it.
 */
export function fileSearchSource(
  deps: FilesSearchDeps,
  files: Pick<FilesService, 'repository' | 'access'>,
): SearchSource<'files'> {
  const search = createSearchIndexRepository(deps.db);

  async function documents(networkId: string, rows: FileRow[]): Promise<SearchDocument[]> {
    if (rows.length === 0) return [];
    const [foldersOf, texts, properties] = await Promise.all([
      files.repository.foldersOfFiles(rows.map((r) => r.id)),
      deps.textExtraction.texts(rows.map(fileTextKey)),
      profileProperties(deps, networkId, 'file_profiles'),
    ]);
    return rows.flatMap((row) => {
      const folders = foldersOf.get(row.id) ?? [];
      // In no folder, nobody reads it.
      if (folders.length === 0) return [];
      return [
        {
          module: 'files' as const,
          id: row.id,
          networkId,
          groupId: groupOf(folders[0]),
          access: fileAccessKey.of(folders),
          title: searchableName(row),
          content: row.description,
          attachmentContent: texts.get(fileTextKey(row)) ?? '',
          valuesContent: profileText(row.fileProfile, properties),
          language: 'network' as const,
          sortAt: row.updatedAt,
        },
      ];
    });
  }

  const subject = (event: StoredEvent) => [event.subject.id];
  const listed =
    (...names: string[]) =>
    (event: StoredEvent) =>
      names.flatMap((name) => (Array.isArray(event.changes[name]) ? (event.changes[name] as string[]) : []));

  return {
    module: 'files',
    changedBy: {
      [FILE_EVENTS.published]: subject,
      [FILE_EVENTS.updated]: subject,
      [FILE_EVENTS.versionAdded]: subject,
      [FILE_EVENTS.moved]: subject,
      [FILE_EVENTS.destroyed]: subject,
      [FILE_EVENTS.textExtracted]: subject,
      // A folder moved to another tree takes its files along: who may find them changes.
      [FILE_EVENTS.folderMoved]: async (event) => {
        const subtree = await files.repository.subtreeIds(event.networkId, event.subject.id);
        return (await files.repository.filesOfFolders(subtree)).map((l) => l.fileId);
      },
      [FILE_EVENTS.folderDestroyed]: listed('file_ids', 'unlinked_file_ids'),
    },

    async load(networkId, ids) {
      return documents(networkId, await files.repository.filesByIds(networkId, ids));
    },

    async scan(networkId, afterId, limit) {
      return documents(networkId, await search.filePage(networkId, afterId, limit));
    },

    async reindexed(networkId) {
      await requestMissingTexts(deps, (afterId, limit) => search.filePage(networkId, afterId, limit), networkId);
    },

    accessKeys: (actor: Actor) => fileAccessKey.held(deps, actor),

    async present(actor: Actor, ids: string[]): Promise<FileSearchHit[]> {
      if (ids.length === 0) return [];
      const [filesAccess, rows, foldersOf, network] = await Promise.all([
        files.access.load(actor),
        files.repository.filesByIds(actor.networkId, ids),
        files.repository.foldersOfFiles(ids),
        deps.networks.get(actor.networkId),
      ]);
      const authorIds = [...new Set(rows.flatMap((r) => (r.authorId ? [r.authorId] : [])))];
      const authors = new Map((await deps.members.findMany(actor.networkId, authorIds)).map((m) => [m.id, m]));
      const trees = { network: network?.name ?? '', groups: filesAccess.groups };
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.flatMap((id) => {
        const row = byId.get(id);
        const folder = (foldersOf.get(id) ?? []).find((f) => readsFolder(filesAccess, f));
        if (!row || !folder) return [];
        return [
          {
            id: row.id,
            name: row.name,
            extension: row.extension,
            description: row.description,
            author: presentMemberRef(row.authorId ? authors.get(row.authorId) : undefined),
            folder: { id: folder.id, name: folderDisplayName(folder, trees) },
            updated_at: row.updatedAt.toISOString(),
            html_url: `/files/${row.id}`,
          },
        ];
      });
    },
  };
}
