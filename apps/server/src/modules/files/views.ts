import type { FileEntry } from '@agora/contracts';
import { fileCan, type FilesAccess } from './access.ts';
import type { FilesDeps } from './deps.ts';
import { presentFile } from './present.ts';
import type { FilesRepository, LinkedFolder } from './repository.ts';
import type { FileRow } from './tables.ts';

/**
 * Files as the member sees them, in a few queries for any number: their folders, authors,
 * locks and tokens (their stored objects) and pending versions.
 */
export function createFileViews(deps: FilesDeps, repository: FilesRepository) {
  return async function presentFiles(
    access: FilesAccess,
    rows: Array<FileRow & { linkId?: string }>,
    known?: Map<string, LinkedFolder[]>,
  ): Promise<FileEntry[]> {
    if (rows.length === 0) return [];
    const { actor } = access;
    const ids = rows.map((r) => r.id);
    const authorIds = [...new Set(rows.flatMap((r) => (r.authorId ? [r.authorId] : [])))];
    const [folders, authors, objects, allPending, ownPending] = await Promise.all([
      known ?? repository.foldersOfFiles(ids),
      deps.members.findMany(actor.networkId, authorIds),
      deps.storage.live(actor.networkId, ids),
      repository.pendingCounts(ids),
      repository.pendingCounts(ids, actor.membershipId),
    ]);
    const authorById = new Map(authors.map((m) => [m.id, m]));
    const objectById = new Map(objects.map((o) => [o.id, o]));
    const now = new Date();
    return rows.map((file) => {
      const of = folders.get(file.id) ?? [];
      const object = objectById.get(file.id);
      const lock = object ? { lockedUntil: object.lockedUntil, lockedById: object.lockedById } : null;
      const review = fileCan(access, file, of, lock, now).review;
      return presentFile(access, file, of, {
        author: file.authorId ? authorById.get(file.authorId) : undefined,
        lock,
        token: object ? deps.storage.fileToken(object) : null,
        pendingVersionsCount: (review ? allPending : ownPending).get(file.id) ?? 0,
        ...(file.linkId ? { linkId: file.linkId } : {}),
        now,
      });
    });
  };
}

export type PresentFiles = ReturnType<typeof createFileViews>;
