import {
  FILE_LIMITS,
  type FileEntry,
  type FileWithPendingVersions,
  type ReviewStatusEntry,
  type reviewStatusQuerySchema,
  type reviewStatusSchema,
} from '@agora/contracts';
import type { z } from 'zod';
import { forbidden, notFound } from '../../platform/errors.ts';
import type { Actor } from '../../platform/policy/index.ts';
import type { StoredObjectRow } from '../../platform/storage/index.ts';
import { memberName, type MembershipRow } from '../members/index.ts';
import { fileCan, frozenReason, reviews, type FilesAccess } from './access.ts';
import type { ApprovalDeps } from './approval-deps.ts';
import { FILE_EVENTS } from './events.ts';
import { presentPendingVersion, type VersionWriter } from './pending-versions.ts';
import { fileEventContext } from './remove.ts';
import { loadContextRoot } from './reviewers.ts';
import type { FilePendingVersionRow, FileRow, FolderRow } from './tables.ts';

/** A member acting as another (the author of a pending version whose bytes become a version). */
export const actorOf = (m: MembershipRow): Actor => ({
  userId: m.userId,
  membershipId: m.id,
  networkId: m.networkId,
  isNetworkAdmin: m.networkAdmin,
  isExternal: m.isExternal,
  locale: null,
  sessionId: '',
});

export type Page<T> = { items: T[]; total: number; page: number; perPage: number };

/**
 * Approval of pending versions (approving makes one the current version, declining removes it)
 * and the review status the office editor reports, both for the reviewers of a folder tree.
 */
export function createApproval(deps: ApprovalDeps, writer: VersionWriter) {
  const { access, approvals, repository } = deps;

  const lockOf = (object: StoredObjectRow | undefined) =>
    object ? { lockedUntil: object.lockedUntil, lockedById: object.lockedById } : null;

  /** A pending version of a file the member reviews and may change now. */
  async function loadPending(actor: Actor, fileId: string, id: string) {
    const filesAccess = await access.load(actor);
    const { file, folders } = await access.loadFile(filesAccess, fileId);
    const pending = await approvals.pendingVersion(actor.networkId, file.id, id);
    if (!pending) throw notFound();
    const objects = new Map(
      (await deps.storage.live(actor.networkId, [file.id, pending.objectId])).map((o) => [o.id, o]),
    );
    const lock = lockOf(objects.get(file.id));
    const now = new Date();
    if (!fileCan(filesAccess, file, folders, lock, now).review) throw forbidden();
    const reason = frozenReason(filesAccess, file, lock, now);
    if (reason) throw forbidden(reason);
    return { filesAccess, file, folders, pending, object: objects.get(pending.objectId) };
  }

  function recordDecision(
    tx: Parameters<ApprovalDeps['events']['record']>[0],
    actor: Actor,
    type: string,
    file: FileRow,
    folders: FolderRow[],
    pending: FilePendingVersionRow,
    version?: number,
  ) {
    return deps.events.record(tx, {
      networkId: actor.networkId,
      type,
      actorId: actor.membershipId,
      subject: { type: 'file', id: file.id },
      context: fileEventContext(folders),
      changes: {
        name: file.name,
        pending_version_id: pending.id,
        author_id: pending.authorId,
        ...(version !== undefined ? { version } : {}),
      },
    });
  }

  async function present(filesAccess: FilesAccess, fileId: string): Promise<FileEntry> {
    const { file } = await access.loadFile(filesAccess, fileId);
    return (await deps.presentFiles(filesAccess, [file]))[0]!;
  }

  return {
    /** `GET /api/storage/folders/{id}/files/approval`: the subtree's files with pending versions. */
    async list(actor: Actor, folderId: string): Promise<{ files: FileWithPendingVersions[] }> {
      const filesAccess = await access.load(actor);
      const folder = await access.loadFolder(filesAccess, folderId);
      if (!reviews(filesAccess, folder)) throw forbidden();
      const folderIds = await repository.subtreeIds(actor.networkId, folder.id);
      const pending = await approvals.pendingInFolders(actor.networkId, folderIds);
      if (pending.length === 0) return { files: [] };
      const fileRows = await repository.filesByIds(
        actor.networkId,
        pending.map((p) => p.fileId),
      );
      const [entries, objects, authors] = await Promise.all([
        deps.presentFiles(filesAccess, fileRows),
        deps.storage.live(
          actor.networkId,
          pending.map((p) => p.objectId),
        ),
        deps.members.findMany(actor.networkId, [...new Set(pending.flatMap((p) => (p.authorId ? [p.authorId] : [])))]),
      ]);
      const objectById = new Map(objects.map((o) => [o.id, o]));
      const authorById = new Map(authors.map((m) => [m.id, m]));
      const newest = (id: string) =>
        Math.max(...pending.filter((p) => p.fileId === id).map((p) => p.createdAt.getTime()));
      return {
        files: entries
          .filter((entry) => entry.can.review)
          .sort((a, b) => newest(b.id) - newest(a.id))
          .map((entry) => ({
            ...entry,
            pending_versions: pending
              .filter((p) => p.fileId === entry.id)
              .map((p) =>
                presentPendingVersion(
                  p,
                  objectById.get(p.objectId),
                  p.authorId ? authorById.get(p.authorId) : undefined,
                ),
              ),
          })),
      };
    },

    /**
     * `POST .../pending_versions/{id}/approve`: the pending bytes become the next version, by
     * their author. They are copied into an upload of the author's first, so that they take the
     * path every new version takes (the old bytes kept as a version).
     */
    async approve(actor: Actor, fileId: string, id: string): Promise<FileEntry> {
      const { filesAccess, file, folders, pending, object } = await loadPending(actor, fileId, id);
      if (!object) throw notFound();
      const [author] = pending.authorId ? await deps.members.findMany(actor.networkId, [pending.authorId]) : [];
      const uploader = author ? actorOf(author) : actor;
      const copy = await deps.storage.store({
        networkId: actor.networkId,
        uploaderId: uploader.membershipId,
        directory: 'files',
        fileName: object.name,
        body: await deps.storage.driver.get(object.key),
      });
      let removed: StoredObjectRow[];
      try {
        removed = await deps.events.transaction(async (tx) => {
          if (!(await approvals.deletePendingVersion(tx, pending.id))) throw notFound();
          const updated = await writer.makeCurrent(tx, actor, {
            file,
            folders,
            uploadId: copy.id,
            uploader,
            changes: { pending_version_id: pending.id },
          });
          await recordDecision(
            tx,
            actor,
            FILE_EVENTS.pendingVersionApproved,
            updated,
            folders,
            pending,
            updated.version,
          );
          return deps.storage.removeOwned(
            actor.networkId,
            { objectIds: [pending.objectId] },
            { db: tx, actorId: actor.membershipId },
          );
        });
      } catch (error) {
        await deps.storage.removeOwned(actor.networkId, { objectIds: [copy.id] }).catch(() => {});
        throw error;
      }
      await deps.storage.purge(removed);
      return present(filesAccess, file.id);
    },

    /** `DELETE .../pending_versions/{id}`: the pending version goes, its bytes after the commit. */
    async decline(actor: Actor, fileId: string, id: string): Promise<void> {
      const { file, folders, pending } = await loadPending(actor, fileId, id);
      const removed = await deps.events.transaction(async (tx) => {
        if (!(await approvals.deletePendingVersion(tx, pending.id))) throw notFound();
        await recordDecision(tx, actor, FILE_EVENTS.pendingVersionDeclined, file, folders, pending);
        return deps.storage.removeOwned(
          actor.networkId,
          { objectIds: [pending.objectId] },
          { db: tx, actorId: actor.membershipId },
        );
      });
      await deps.storage.purge(removed);
    },

    /** `GET /api/storage/v2/files?query=reviewed`: the context's files with a review status, newest first. */
    async reviewStatuses(
      actor: Actor,
      query: z.output<typeof reviewStatusQuerySchema>,
    ): Promise<Page<ReviewStatusEntry>> {
      const { filesAccess, root } = await loadContextRoot(deps, actor, query.context_type, query.context_id);
      if (!reviews(filesAccess, root)) throw forbidden();
      const perPage = FILE_LIMITS.reviewPageSize;
      const { rows, total } = await approvals.reviewedPage(
        actor.networkId,
        query.context_type,
        query.context_id,
        query.page,
        perPage,
      );
      const objects = await deps.storage.live(
        actor.networkId,
        rows.map((r) => r.id),
      );
      const uploaderOf = new Map(objects.map((o) => [o.id, o.uploaderId]));
      const authorIds = rows.flatMap((r) => {
        const id = uploaderOf.get(r.id) ?? r.authorId;
        return id ? [id] : [];
      });
      const authors = new Map(
        (await deps.members.findMany(actor.networkId, [...new Set(authorIds)])).map((m) => [m.id, m]),
      );
      const items = rows.map((row): ReviewStatusEntry => {
        const author = authors.get(uploaderOf.get(row.id) ?? row.authorId ?? '');
        return {
          id: row.id,
          original_filename: row.originalFilename,
          updated_at: (row.reviewUpdatedAt ?? row.updatedAt).toISOString(),
          current_version_authors: author ? [memberName(author)] : [],
          review_status: row.reviewStatus!,
        };
      });
      return { items, total, page: query.page, perPage };
    },

    /** `PUT /api/storage/files/{id}/review_status`: what the office editor counted in the current version. */
    async setReviewStatus(actor: Actor, fileId: string, status: z.output<typeof reviewStatusSchema>): Promise<void> {
      const filesAccess = await access.load(actor);
      const { file, folders } = await access.loadFile(filesAccess, fileId);
      const [object] = await deps.storage.live(actor.networkId, [file.id]);
      const can = fileCan(filesAccess, file, folders, lockOf(object), new Date());
      if (!can.update && !can.review) throw forbidden();
      await deps.events.transaction(async (tx) => {
        await approvals.setReviewStatus(tx, file.id, status, new Date());
        await deps.events.record(tx, {
          networkId: actor.networkId,
          type: FILE_EVENTS.reviewStatusUpdated,
          actorId: actor.membershipId,
          subject: { type: 'file', id: file.id },
          context: fileEventContext(folders),
          changes: { name: file.name, ...status },
        });
      });
    },
  };
}

export type Approval = ReturnType<typeof createApproval>;
