import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { FolderContextType } from '@agora/contracts';
import type { Db } from '../../platform/db/client.ts';
import {
  fileFolders,
  filePendingVersions,
  fileReviewers,
  files,
  folders,
  type FilePendingVersionRow,
} from './tables.ts';

type ReviewStatus = NonNullable<(typeof files.$inferSelect)['reviewStatus']>;

/** The queries of approval: pending versions, the contexts' reviewers and the files' review status. */
export function createApprovalRepository(db: Db) {
  return {
    /** Pending versions of the files linked to some folders, oldest first. */
    async pendingInFolders(networkId: string, folderIds: string[]): Promise<FilePendingVersionRow[]> {
      if (folderIds.length === 0) return [];
      return db
        .select()
        .from(filePendingVersions)
        .where(
          and(
            eq(filePendingVersions.networkId, networkId),
            inArray(
              filePendingVersions.fileId,
              db.select({ id: fileFolders.fileId }).from(fileFolders).where(inArray(fileFolders.folderId, folderIds)),
            ),
          ),
        )
        .orderBy(asc(filePendingVersions.createdAt), asc(filePendingVersions.id));
    },

    async pendingVersion(networkId: string, fileId: string, id: string, tx: Db = db) {
      const [row] = await tx
        .select()
        .from(filePendingVersions)
        .where(
          and(
            eq(filePendingVersions.networkId, networkId),
            eq(filePendingVersions.fileId, fileId),
            eq(filePendingVersions.id, id),
          ),
        );
      return row;
    },

    /** Deletes a pending version; false when another request took it first. */
    async deletePendingVersion(tx: Db, id: string): Promise<boolean> {
      const deleted = await tx
        .delete(filePendingVersions)
        .where(eq(filePendingVersions.id, id))
        .returning({ id: filePendingVersions.id });
      return deleted.length > 0;
    },

    async reviewerIds(networkId: string, contextType: FolderContextType, contextId: string): Promise<string[]> {
      const rows = await db
        .select({ id: fileReviewers.membershipId })
        .from(fileReviewers)
        .where(
          and(
            eq(fileReviewers.networkId, networkId),
            eq(fileReviewers.contextType, contextType),
            eq(fileReviewers.contextId, contextId),
          ),
        )
        .orderBy(asc(fileReviewers.createdAt), asc(fileReviewers.membershipId));
      return rows.map((r) => r.id);
    },

    /** Names exactly these members as the context's reviewers; answers who was added and who removed. */
    async replaceReviewers(
      tx: Db,
      networkId: string,
      contextType: FolderContextType,
      contextId: string,
      membershipIds: string[],
    ): Promise<{ added: string[]; removed: string[] }> {
      const where = and(
        eq(fileReviewers.networkId, networkId),
        eq(fileReviewers.contextType, contextType),
        eq(fileReviewers.contextId, contextId),
      );
      const before = new Set(
        (await tx.select({ id: fileReviewers.membershipId }).from(fileReviewers).where(where).for('update')).map(
          (r) => r.id,
        ),
      );
      const wanted = new Set(membershipIds);
      const added = [...wanted].filter((id) => !before.has(id));
      const removed = [...before].filter((id) => !wanted.has(id));
      if (removed.length > 0)
        await tx.delete(fileReviewers).where(and(where, inArray(fileReviewers.membershipId, removed)));
      if (added.length > 0) {
        await tx
          .insert(fileReviewers)
          .values(added.map((membershipId) => ({ networkId, contextType, contextId, membershipId })))
          .onConflictDoNothing();
      }
      return { added, removed };
    },

    /** A page of the context's files with a review status, newest report first, and how many there are. */
    async reviewedPage(
      networkId: string,
      contextType: FolderContextType,
      contextId: string,
      page: number,
      perPage: number,
    ) {
      const inContext = inArray(
        files.id,
        db
          .select({ id: fileFolders.fileId })
          .from(fileFolders)
          .innerJoin(folders, eq(folders.id, fileFolders.folderId))
          .where(
            and(
              eq(folders.networkId, networkId),
              eq(folders.contextType, contextType),
              eq(folders.contextId, contextId),
            ),
          ),
      );
      const where = and(eq(files.networkId, networkId), isNotNull(files.reviewStatus), inContext);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(files)
          .where(where)
          .orderBy(desc(files.reviewUpdatedAt), desc(files.id))
          .limit(perPage)
          .offset((page - 1) * perPage),
        db
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(files)
          .where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async setReviewStatus(tx: Db, fileId: string, status: ReviewStatus, at: Date) {
      await tx
        .update(files)
        .set({ reviewStatus: status, reviewUpdatedAt: at, updatedAt: sql`${files.updatedAt}` })
        .where(eq(files.id, fileId));
    },
  };
}

export type ApprovalRepository = ReturnType<typeof createApprovalRepository>;
