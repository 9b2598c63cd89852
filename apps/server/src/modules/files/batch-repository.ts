import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { fileFolders, files, folders, type FileRow, type FolderRow } from './tables.ts';

type Rows<T> = { rows: T[] };

/**
 * The queries of batch moves, deletes and archives. Rows a move or delete changes are locked
 * `for update` in id order, so that batches running side by side wait for each other instead
 * of deadlocking.
 */
export function createBatchRepository(db: Db) {
  return {
    async lockFile(tx: Db, networkId: string, id: string): Promise<FileRow | null> {
      const [row] = await tx
        .select()
        .from(files)
        .where(and(eq(files.networkId, networkId), eq(files.id, id)))
        .for('update');
      return row ?? null;
    },

    /** The folders, locked in id order (missing ones left out). */
    async lockFolders(tx: Db, networkId: string, ids: string[]): Promise<FolderRow[]> {
      if (ids.length === 0) return [];
      return tx
        .select()
        .from(folders)
        .where(and(eq(folders.networkId, networkId), inArray(folders.id, [...new Set(ids)])))
        .orderBy(asc(folders.id))
        .for('update');
    },

    /** Folder moves of a network wait for each other, so that no two make a cycle together. */
    async serializeFolderMoves(tx: Db, networkId: string): Promise<void> {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`folder-moves:${networkId}`}))`);
    },

    /** The folder's ancestors from its parent up to the root. */
    async ancestorIds(tx: Db, folderId: string): Promise<string[]> {
      const result = (await tx.execute(sql`
        with recursive up(id, parent_folder_id, depth) as (
          select id, parent_folder_id, 0 from ${folders} where id = ${folderId}
          union all
          select f.id, f.parent_folder_id, up.depth + 1 from ${folders} f join up on f.id = up.parent_folder_id
          where up.depth < 1000
        )
        select id from up where depth > 0 order by depth`)) as unknown as Rows<{ id: string }>;
      return result.rows.map((r) => r.id);
    },

    /** The files listed in the folders, with the folder each is listed in. */
    async filesIn(folderIds: string[], tx: Db = db): Promise<Array<{ folderId: string; file: FileRow }>> {
      if (folderIds.length === 0) return [];
      const rows = await tx
        .select({ folderId: fileFolders.folderId, file: files })
        .from(fileFolders)
        .innerJoin(files, eq(files.id, fileFolders.fileId))
        .where(inArray(fileFolders.folderId, folderIds))
        .orderBy(asc(files.name), asc(files.id));
      return rows;
    },

    /**
     * The file leaves `from` for `to`: its link there becomes the link to `to` (dated now, so
     * the file counts as new in the target), or is dropped when the file is in `to` already.
     */
    async moveLink(tx: Db, fileId: string, from: string, to: string): Promise<void> {
      const [already] = await tx
        .select({ id: fileFolders.id })
        .from(fileFolders)
        .where(and(eq(fileFolders.fileId, fileId), eq(fileFolders.folderId, to)));
      const source = and(eq(fileFolders.fileId, fileId), eq(fileFolders.folderId, from));
      if (already) await tx.delete(fileFolders).where(source);
      else await tx.update(fileFolders).set({ folderId: to, createdAt: new Date() }).where(source);
    },

    /** A new parent; the subtree follows the folder into the parent's context. */
    async setParent(tx: Db, folder: FolderRow, parent: FolderRow, subtreeIds: string[]): Promise<void> {
      await tx
        .update(folders)
        .set({ parentFolderId: parent.id, updatedAt: new Date() })
        .where(eq(folders.id, folder.id));
      if (parent.contextType !== folder.contextType || parent.contextId !== folder.contextId) {
        await tx
          .update(folders)
          .set({ contextType: parent.contextType, contextId: parent.contextId })
          .where(inArray(folders.id, subtreeIds));
      }
    },
  };
}

export type BatchRepository = ReturnType<typeof createBatchRepository>;
