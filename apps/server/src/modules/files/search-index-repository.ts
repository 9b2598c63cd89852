import { and, asc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { FolderType } from '@agora/contracts';
import type { Db } from '../../platform/db/client.ts';
import { rowsOf } from './repository.ts';
import { files, folders, type FileRow, type FolderRow } from './tables.ts';

/** A folder above another, as a path shows it. */
export type AncestorFolder = { id: string; name: string; type: FolderType };

/** Ordinary folders only: roots and stream folders are the system's, named by their tree (see folder-search-source.ts). */
const ordinary = sql`${folders.type} = 'folder'`;

/** The queries of global search's file and folder documents (a reindex goes through them in id order). */
export function createSearchIndexRepository(db: Db) {
  const after = (column: typeof files.id | typeof folders.id, afterId: string | null): SQL[] =>
    afterId === null ? [] : [gt(column, afterId)];

  return {
    filePage(networkId: string, afterId: string | null, limit: number): Promise<FileRow[]> {
      return db
        .select()
        .from(files)
        .where(and(eq(files.networkId, networkId), ...after(files.id, afterId)))
        .orderBy(asc(files.id))
        .limit(limit);
    },

    folderPage(networkId: string, afterId: string | null, limit: number): Promise<FolderRow[]> {
      return db
        .select()
        .from(folders)
        .where(and(eq(folders.networkId, networkId), ordinary, ...after(folders.id, afterId)))
        .orderBy(asc(folders.id))
        .limit(limit);
    },

    ordinaryFolders(networkId: string, ids: string[]): Promise<FolderRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .select()
        .from(folders)
        .where(and(eq(folders.networkId, networkId), ordinary, inArray(folders.id, [...new Set(ids)])));
    },

    /** The folders above each of some folders, root first, in one query. */
    async ancestors(networkId: string, folderIds: string[]): Promise<Map<string, AncestorFolder[]>> {
      const result = new Map<string, AncestorFolder[]>(folderIds.map((id) => [id, []]));
      if (folderIds.length === 0) return result;
      const rows = await db.execute(sql`
        with recursive up(start_id, id, name, type, parent_folder_id, depth) as (
          select id, id, name, type, parent_folder_id, 0 from folders
          where network_id = ${networkId} and id in (${sql.join(
            [...new Set(folderIds)].map((id) => sql`${id}`),
            sql`, `,
          )})
          union all
          select up.start_id, f.id, f.name, f.type, f.parent_folder_id, up.depth + 1
          from folders f join up on f.id = up.parent_folder_id
          where f.network_id = ${networkId} and up.depth < 200
        )
        select start_id, id, name, type from up where depth > 0 order by start_id, depth desc`);
      for (const row of rowsOf<AncestorFolder & { start_id: string }>(rows)) {
        result.get(row.start_id)?.push({ id: row.id, name: row.name, type: row.type });
      }
      return result;
    },
  };
}

export type SearchIndexRepository = ReturnType<typeof createSearchIndexRepository>;
