import type { Readable } from 'node:stream';
import { FILE_LIMITS } from '@agora/contracts';
import type { Db } from '../../platform/db/client.ts';
import type { StoredObjectRow } from '../../platform/storage/index.ts';
import { memberName } from '../members/index.ts';
import { fileCan, readsFolder, type FilesAccess } from './access.ts';
import { actorOf } from './approval.ts';
import type { ApprovalDeps } from './approval-deps.ts';
import type { VersionWriter } from './pending-versions.ts';
import type { FileRow, FolderRow } from './tables.ts';
import type { WopiRepository } from './wopi-repository.ts';
import type { WopiTokenClaims, WopiTokens } from './wopi-token.ts';

/** WOPI's answers other than success: status, and the lock to report in `X-WOPI-Lock` on a conflict. */
export class WopiError extends Error {
  constructor(
    readonly status: 400 | 401 | 404 | 409 | 500,
    readonly lock?: string,
    readonly reason?: string,
  ) {
    super(reason ?? `WOPI ${status}`);
  }
}

/** WOPI lock ids are at most 1024 characters (the protocol's limit). */
const MAX_LOCK_LENGTH = 1024;

/** A file as the office server sees it through one access token. */
type Opened = {
  claims: WopiTokenClaims;
  filesAccess: FilesAccess;
  file: FileRow;
  folders: FolderRow[];
  object: StoredObjectRow;
  /** The member may save: their token is a writing one, and they may change the file (were it not frozen). */
  writes: boolean;
  /** Why the file cannot change whoever asks: finalized, or locked in storage by another member. */
  frozen: 'finalized' | 'locked' | null;
};

/**
 * The WOPI host: what an office server (Collabora Online, ONLYOFFICE, Microsoft 365) calls with
 * the access token the editor host page gave it. Every call checks the member's rights anew.
 */
export function createWopi(
  deps: ApprovalDeps,
  parts: { tokens: WopiTokens; repository: WopiRepository; writer: VersionWriter },
) {
  const { access } = deps;

  const currentLock = (file: FileRow, now: Date) =>
    file.wopiLock && file.wopiLockExpiresAt && file.wopiLockExpiresAt > now ? file.wopiLock : null;

  async function open(networkId: string, fileId: string, token: string | undefined): Promise<Opened> {
    const claims = token ? parts.tokens.verify(token) : null;
    if (!claims || claims.networkId !== networkId || claims.fileId !== fileId) throw new WopiError(401);
    const [member] = await deps.members.findMany(networkId, [claims.membershipId]);
    if (!member || member.kind !== 'member' || member.lockedAt || member.deletedAt) throw new WopiError(401);
    const filesAccess = await access.load(actorOf(member));
    const loaded = await access.loadFile(filesAccess, fileId).catch(() => null);
    if (!loaded) throw new WopiError(404);
    const [object] = await deps.storage.live(networkId, [fileId]);
    if (!object) throw new WopiError(404);
    const now = new Date();
    // Whether the member may change the file at all; a finalized or locked file is a conflict, not
    // a refusal, and the office editor's own lock holds back none of its members: they edit together.
    const thawed = { ...loaded.file, finalizedAt: null, wopiLock: null, wopiLockExpiresAt: null };
    const can = fileCan(filesAccess, thawed, loaded.folders, null, now);
    const lockedByOther =
      !!object.lockedUntil && object.lockedUntil > now && object.lockedById !== null && object.lockedById !== member.id;
    const frozen = loaded.file.finalizedAt ? 'finalized' : lockedByOther ? 'locked' : null;
    return { claims, filesAccess, ...loaded, object, writes: claims.write && can.update, frozen };
  }

  const baseName = (file: FileRow) =>
    file.extension && !file.name.toLowerCase().endsWith(`.${file.extension.toLowerCase()}`)
      ? `${file.name}.${file.extension}`
      : file.name;

  /** Runs a lock operation on the locked row; a conflict reports the lock there is now. */
  async function withLockedRow<T>(opened: Opened, fn: (tx: Db, file: FileRow, lock: string | null) => Promise<T>) {
    return parts.repository.transaction(async (tx) => {
      const file = await parts.repository.lockedFile(tx, opened.file.networkId, opened.file.id);
      if (!file) throw new WopiError(404);
      return fn(tx, file, currentLock(file, new Date()));
    });
  }

  function checkLockId(lock: string | undefined): string {
    if (!lock || lock.length > MAX_LOCK_LENGTH) throw new WopiError(400, undefined, 'invalid lock');
    return lock;
  }

  const expiry = () => new Date(Date.now() + FILE_LIMITS.wopiLockMs);

  return {
    /** CheckFileInfo. */
    async checkFileInfo(networkId: string, fileId: string, token: string | undefined, origin: string) {
      const opened = await open(networkId, fileId, token);
      const [member] = await deps.members.findMany(networkId, [opened.claims.membershipId]);
      const canWrite = opened.writes && opened.frozen === null;
      return {
        BaseFileName: baseName(opened.file),
        Size: opened.object.size,
        Version: String(opened.file.version),
        OwnerId: opened.file.authorId ?? '',
        UserId: opened.claims.membershipId,
        UserFriendlyName: member ? memberName(member) : '',
        LastModifiedTime: opened.file.updatedAt.toISOString(),
        UserCanWrite: canWrite,
        ReadOnly: !canWrite,
        UserCanNotWriteRelative: true,
        UserCanRename: false,
        SupportsLocks: true,
        SupportsGetLock: true,
        SupportsUpdate: true,
        SupportsRename: false,
        SupportsExtendedLockLength: true,
        PostMessageOrigin: origin,
      };
    },

    /** GetFile: the current bytes. */
    async getFile(networkId: string, fileId: string, token: string | undefined) {
      const opened = await open(networkId, fileId, token);
      return {
        object: opened.object,
        version: opened.file.version,
        body: await deps.storage.driver.get(opened.object.key),
      };
    },

    /** GetLock: the lock there is, or none (an empty `X-WOPI-Lock`). */
    async getLock(networkId: string, fileId: string, token: string | undefined): Promise<string> {
      const opened = await open(networkId, fileId, token);
      return currentLock(opened.file, new Date()) ?? '';
    },

    /**
     * Lock (and UnlockAndRelock with `oldLock`): taken when there is none, refreshed when it is the
     * same; a different one, a finalized file or a storage lock by another member is a conflict.
     */
    async lock(
      networkId: string,
      fileId: string,
      token: string | undefined,
      lockId: string | undefined,
      oldLock?: string,
    ) {
      const opened = await open(networkId, fileId, token);
      const wanted = checkLockId(lockId);
      if (!opened.writes) throw new WopiError(401);
      await withLockedRow(opened, async (tx, file, lock) => {
        if (opened.frozen) throw new WopiError(409, lock ?? '', opened.frozen);
        const fits = oldLock === undefined ? lock === null || lock === wanted : lock === oldLock;
        if (!fits) throw new WopiError(409, lock ?? '');
        await parts.repository.setLock(tx, file.id, wanted, expiry());
      });
    },

    /** RefreshLock: the same lock for another 30 minutes. */
    async refreshLock(networkId: string, fileId: string, token: string | undefined, lockId: string | undefined) {
      const opened = await open(networkId, fileId, token);
      const wanted = checkLockId(lockId);
      await withLockedRow(opened, async (tx, file, lock) => {
        if (lock !== wanted) throw new WopiError(409, lock ?? '');
        await parts.repository.setLock(tx, file.id, wanted, expiry());
      });
    },

    /** Unlock: only the lock there is. */
    async unlock(networkId: string, fileId: string, token: string | undefined, lockId: string | undefined) {
      const opened = await open(networkId, fileId, token);
      const wanted = checkLockId(lockId);
      await withLockedRow(opened, async (tx, file, lock) => {
        if (lock !== wanted) throw new WopiError(409, lock ?? '');
        await parts.repository.setLock(tx, file.id, null, null);
      });
    },

    /**
     * PutFile: the bytes become a new version, or a pending version where a folder of the file
     * requires approval and the member does not review it. The editor must hold the lock (an
     * unlocked file takes bytes only while empty, as WOPI says).
     */
    async putFile(
      networkId: string,
      fileId: string,
      token: string | undefined,
      lockId: string | undefined,
      body: Readable,
    ): Promise<{ version: number; pending: boolean }> {
      const opened = await open(networkId, fileId, token);
      if (!opened.writes) throw new WopiError(401);
      const checkLock = (file: FileRow) => {
        const lock = currentLock(file, new Date());
        if (opened.frozen) throw new WopiError(409, lock ?? '', opened.frozen);
        if (lock === null ? file.size !== 0 : lock !== lockId) throw new WopiError(409, lock ?? '');
      };
      checkLock(opened.file);
      const actor = opened.filesAccess.actor;
      const upload = await deps.storage.store({
        networkId,
        uploaderId: actor.membershipId,
        directory: 'files',
        fileName: opened.file.originalFilename,
        body,
      });
      try {
        if (upload.state !== 'volatile') throw new WopiError(500, undefined, `upload ${upload.state}`);
        const readable = opened.folders.filter((f) => readsFolder(opened.filesAccess, f));
        const reviews = fileCan(opened.filesAccess, opened.file, opened.folders, null, new Date()).review;
        const pending = readable.some((f) => f.requiresApproval) && !reviews;
        return await deps.events.transaction(async (tx) => {
          const file = await parts.repository.lockedFile(tx, networkId, fileId);
          if (!file) throw new WopiError(404);
          checkLock(file);
          if (pending) {
            await parts.writer.makePending(tx, actor, {
              file,
              folders: opened.folders,
              uploadId: upload.id,
              description: '',
            });
            return { version: file.version, pending: true };
          }
          const updated = await parts.writer.makeCurrent(tx, actor, {
            file,
            folders: opened.folders,
            uploadId: upload.id,
            uploader: actor,
            changes: { office: true },
          });
          return { version: updated.version, pending: false };
        });
      } catch (error) {
        await deps.storage.removeOwned(networkId, { objectIds: [upload.id] }).catch(() => {});
        throw error;
      }
    },
  };
}

export type Wopi = ReturnType<typeof createWopi>;
