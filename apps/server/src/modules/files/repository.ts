import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FolderContextType, FolderType } from '@agora/contracts';
import type { Db } from '../../platform/db/client.ts';
import {
  fileFolders,
  filePendingVersions,
  fileReviewers,
  files,
  fileVersions,
  folderReads,
  folders,
  type FileRow,
  type FolderRow,
} from './tables.ts';

/** A folder as seen through one file's link to it. */
export type LinkedFolder = FolderRow & { linkId: string };
export type ListedFile = FileRow & { linkId: string };

const byName = (column: typeof folders.name | typeof files.name) => [asc(sql`lower(${column})`), asc(column)];

export function createFilesRepository(db: Db) {
  const repository = {
    reviewerContexts(networkId: string, membershipId: string) {
      return db
        .select({ contextType: fileReviewers.contextType, contextId: fileReviewers.contextId })
        .from(fileReviewers)
        .where(and(eq(fileReviewers.networkId, networkId), eq(fileReviewers.membershipId, membershipId)));
    },

    async folder(networkId: string, id: string, tx: Db = db): Promise<FolderRow | undefined> {
      return (await repository.folders(networkId, [id], tx))[0];
    },

    folders(networkId: string, ids: string[], tx: Db = db): Promise<FolderRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return tx
        .select()
        .from(folders)
        .where(and(eq(folders.networkId, networkId), inArray(folders.id, [...new Set(ids)])));
    },

    /** The context's root or stream folder. */
    async special(networkId: string, contextType: FolderContextType, contextId: string, type: FolderType) {
      return (await repository.specials(networkId, contextType, [contextId], type))[0];
    },

    /** The context's root or stream folder; made when missing (a second maker finds the first's). */
    async ensureSpecial(
      networkId: string,
      contextType: FolderContextType,
      contextId: string,
      type: Exclude<FolderType, 'folder'>,
      parentFolderId: string | null,
      tx: Db = db,
    ): Promise<FolderRow> {
      const found = await repository.special(networkId, contextType, contextId, type);
      if (found) return found;
      await tx
        .insert(folders)
        .values({ networkId, contextType, contextId, type, parentFolderId, name: type })
        .onConflictDoNothing();
      return (await repository.special(networkId, contextType, contextId, type))!;
    },

    /** Roots of some contexts (existing ones only). */
    roots(networkId: string, contextType: FolderContextType, contextIds: string[]) {
      return repository.specials(networkId, contextType, contextIds, 'root_folder');
    },

    /** The folders of one special type (root, stream folder) of some contexts. */
    specials(
      networkId: string,
      contextType: FolderContextType,
      contextIds: string[],
      type: FolderType,
    ): Promise<FolderRow[]> {
      if (contextIds.length === 0) return Promise.resolve([]);
      return db
        .select()
        .from(folders)
        .where(
          and(
            eq(folders.networkId, networkId),
            eq(folders.contextType, contextType),
            inArray(folders.contextId, contextIds),
            eq(folders.type, type),
          ),
        );
    },

    children(networkId: string, parentId: string, limit: number) {
      return db
        .select()
        .from(folders)
        .where(and(eq(folders.networkId, networkId), eq(folders.parentFolderId, parentId)))
        .orderBy(...byName(folders.name))
        .limit(limit);
    },

    async filesIn(folderId: string, limit: number): Promise<ListedFile[]> {
      const rows = await db
        .select({ file: files, linkId: fileFolders.id })
        .from(fileFolders)
        .innerJoin(files, eq(files.id, fileFolders.fileId))
        .where(eq(fileFolders.folderId, folderId))
        .orderBy(...byName(files.name))
        .limit(limit);
      return rows.map((r) => ({ ...r.file, linkId: r.linkId }));
    },

    /** Subfolder and file counts of some folders, one query each. */
    async counts(folderIds: string[]): Promise<Map<string, { folders: number; files: number }>> {
      const result = new Map(folderIds.map((id) => [id, { folders: 0, files: 0 }]));
      if (folderIds.length === 0) return result;
      const [subfolders, linked] = await Promise.all([
        db
          .select({ id: folders.parentFolderId, n: sql<number>`count(*)`.mapWith(Number) })
          .from(folders)
          .where(inArray(folders.parentFolderId, folderIds))
          .groupBy(folders.parentFolderId),
        db
          .select({ id: fileFolders.folderId, n: sql<number>`count(*)`.mapWith(Number) })
          .from(fileFolders)
          .where(inArray(fileFolders.folderId, folderIds))
          .groupBy(fileFolders.folderId),
      ]);
      for (const row of subfolders) result.get(row.id!)!.folders = row.n;
      for (const row of linked) result.get(row.id)!.files = row.n;
      return result;
    },

    /** The folder and its ancestors, root first. */
    async path(networkId: string, folderId: string): Promise<Array<{ id: string; name: string; type: FolderType }>> {
      const rows = await db.execute<{ id: string; name: string; type: FolderType; depth: number }>(sql`
        with recursive up(id, name, type, parent_folder_id, depth) as (
          select id, name, type, parent_folder_id, 0 from folders where network_id = ${networkId} and id = ${folderId}
          union all
          select f.id, f.name, f.type, f.parent_folder_id, up.depth + 1
          from folders f join up on f.id = up.parent_folder_id
          where f.network_id = ${networkId} and up.depth < 200
        )
        select id, name, type, depth from up order by depth desc`);
      return rowsOf<{ id: string; name: string; type: FolderType }>(rows).map((r) => ({
        id: r.id,
        name: r.name,
        type: r.type,
      }));
    },

    /** The folder and every folder below it. */
    async subtreeIds(networkId: string, folderId: string, tx: Db = db): Promise<string[]> {
      const rows = await tx.execute<{ id: string }>(sql`
        with recursive down(id, depth) as (
          select id, 0 from folders where network_id = ${networkId} and id = ${folderId}
          union all
          select f.id, down.depth + 1 from folders f join down on f.parent_folder_id = down.id
          where f.network_id = ${networkId} and down.depth < 200
        )
        select id from down`);
      return rowsOf<{ id: string }>(rows).map((r) => r.id);
    },

    async file(networkId: string, id: string, tx: Db = db): Promise<FileRow | undefined> {
      return (await repository.filesByIds(networkId, [id], tx))[0];
    },

    filesByIds(networkId: string, ids: string[], tx: Db = db): Promise<FileRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return tx
        .select()
        .from(files)
        .where(and(eq(files.networkId, networkId), inArray(files.id, [...new Set(ids)])));
    },

    /** Every folder of some files (first linked first), by file id. */
    async foldersOfFiles(fileIds: string[], tx: Db = db): Promise<Map<string, LinkedFolder[]>> {
      const result = new Map<string, LinkedFolder[]>();
      if (fileIds.length === 0) return result;
      const rows = await tx
        .select({ folder: folders, fileId: fileFolders.fileId, linkId: fileFolders.id })
        .from(fileFolders)
        .innerJoin(folders, eq(folders.id, fileFolders.folderId))
        .where(inArray(fileFolders.fileId, [...new Set(fileIds)]))
        .orderBy(asc(fileFolders.createdAt), asc(fileFolders.id));
      for (const row of rows) {
        const list = result.get(row.fileId) ?? [];
        list.push({ ...row.folder, linkId: row.linkId });
        result.set(row.fileId, list);
      }
      return result;
    },

    /** The files linked to some folders, each with whether it is also linked elsewhere. */
    async filesOfFolders(folderIds: string[], tx: Db = db) {
      if (folderIds.length === 0) return [];
      return tx
        .select({
          fileId: fileFolders.fileId,
          // Spelled out: inside the subquery the outer table's column must carry its table's name.
          elsewhere: sql<boolean>`exists (select 1 from file_folders other where other.file_id = file_folders.file_id and other.folder_id not in (${sql.join(
            folderIds.map((id) => sql`${id}`),
            sql`, `,
          )}))`,
        })
        .from(fileFolders)
        .where(inArray(fileFolders.folderId, folderIds));
    },

    async insertFolder(tx: Db, values: typeof folders.$inferInsert): Promise<FolderRow> {
      const [row] = await tx.insert(folders).values(values).returning();
      return row!;
    },
    async updateFolder(tx: Db, id: string, values: Partial<typeof folders.$inferInsert>): Promise<FolderRow> {
      const [row] = await tx.update(folders).set(values).where(eq(folders.id, id)).returning();
      return row!;
    },
    async deleteFolders(tx: Db, ids: string[]) {
      if (ids.length === 0) return;
      await tx.delete(fileFolders).where(inArray(fileFolders.folderId, ids));
      await tx.delete(folderReads).where(inArray(folderReads.folderId, ids));
      await tx.delete(folders).where(inArray(folders.id, ids));
    },

    async insertFile(tx: Db, values: typeof files.$inferInsert): Promise<FileRow> {
      const [row] = await tx.insert(files).values(values).returning();
      return row!;
    },
    async updateFile(tx: Db, id: string, values: Partial<typeof files.$inferInsert>): Promise<FileRow> {
      const [row] = await tx.update(files).set(values).where(eq(files.id, id)).returning();
      return row!;
    },
    async link(tx: Db, networkId: string, fileId: string, folderIds: string[]) {
      if (folderIds.length === 0) return;
      await tx
        .insert(fileFolders)
        .values(folderIds.map((folderId) => ({ networkId, fileId, folderId })))
        .onConflictDoNothing();
    },
    async unlink(tx: Db, fileId: string, folderIds: string[]) {
      if (folderIds.length === 0) return;
      await tx.delete(fileFolders).where(and(eq(fileFolders.fileId, fileId), inArray(fileFolders.folderId, folderIds)));
    },
    /** Deletes files with their links, kept versions and pending versions; answers the kept versions' keys. */
    async deleteFiles(tx: Db, ids: string[]) {
      if (ids.length === 0) return { keys: [] as string[], pendingObjectIds: [] as string[] };
      const versions = await tx
        .delete(fileVersions)
        .where(inArray(fileVersions.fileId, ids))
        .returning({ key: fileVersions.key });
      const pending = await tx
        .delete(filePendingVersions)
        .where(inArray(filePendingVersions.fileId, ids))
        .returning({ objectId: filePendingVersions.objectId });
      await tx.delete(fileFolders).where(inArray(fileFolders.fileId, ids));
      await tx.delete(files).where(inArray(files.id, ids));
      return { keys: versions.map((v) => v.key), pendingObjectIds: pending.map((p) => p.objectId) };
    },

    versions(fileId: string) {
      return db.select().from(fileVersions).where(eq(fileVersions.fileId, fileId)).orderBy(desc(fileVersions.version));
    },
    async version(fileId: string, version: number) {
      const [row] = await db
        .select()
        .from(fileVersions)
        .where(and(eq(fileVersions.fileId, fileId), eq(fileVersions.version, version)));
      return row;
    },
    async insertVersion(tx: Db, values: typeof fileVersions.$inferInsert) {
      await tx.insert(fileVersions).values(values);
    },
    async insertPendingVersion(tx: Db, values: typeof filePendingVersions.$inferInsert) {
      const [row] = await tx.insert(filePendingVersions).values(values).returning();
      return row!;
    },
    pendingVersionsOf(networkId: string, ids: string[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .select()
        .from(filePendingVersions)
        .where(and(eq(filePendingVersions.networkId, networkId), inArray(filePendingVersions.id, ids)));
    },
    /** Pending versions per file: all of them, or only those of one author. */
    async pendingCounts(fileIds: string[], authorId?: string): Promise<Map<string, number>> {
      if (fileIds.length === 0) return new Map();
      const rows = await db
        .select({ fileId: filePendingVersions.fileId, n: sql<number>`count(*)`.mapWith(Number) })
        .from(filePendingVersions)
        .where(
          and(
            inArray(filePendingVersions.fileId, fileIds),
            authorId ? eq(filePendingVersions.authorId, authorId) : undefined,
          ),
        )
        .groupBy(filePendingVersions.fileId);
      return new Map(rows.map((r) => [r.fileId, r.n]));
    },

    async countView(fileId: string) {
      await db
        .update(files)
        .set({ viewCount: sql`${files.viewCount} + 1`, updatedAt: sql`${files.updatedAt}` })
        .where(eq(files.id, fileId));
    },

    async markRead(membershipId: string, folderId: string) {
      await db
        .insert(folderReads)
        .values({ membershipId, folderId })
        .onConflictDoUpdate({ target: [folderReads.membershipId, folderReads.folderId], set: { readAt: sql`now()` } });
    },

    /** Per folder the member opened before: files others linked there since. */
    async unreadPerFolder(networkId: string, membershipId: string) {
      return db
        .select({ folder: folders, count: sql<number>`count(*)`.mapWith(Number) })
        .from(folderReads)
        .innerJoin(folders, eq(folders.id, folderReads.folderId))
        .innerJoin(fileFolders, eq(fileFolders.folderId, folderReads.folderId))
        .innerJoin(files, eq(files.id, fileFolders.fileId))
        .where(
          and(
            eq(folderReads.membershipId, membershipId),
            eq(folders.networkId, networkId),
            sql`${fileFolders.createdAt} > ${folderReads.readAt}`,
            sql`${files.authorId} is distinct from ${membershipId}`,
          ),
        )
        .groupBy(folders.id);
    },
  };
  return repository;
}

/** Rows of `db.execute` (PGlite and node-postgres both answer `{rows}`). */
export function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? []);
}

export type FilesRepository = ReturnType<typeof createFilesRepository>;
