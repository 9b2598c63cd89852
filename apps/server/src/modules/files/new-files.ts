import { FILE_ERROR_KEYS, type NewFilesAnswer, type newFilesSchema } from '@agora/contracts';
import type { z } from 'zod';
import { unprocessable } from '../../platform/errors.ts';
import type { Actor } from '../../platform/policy/index.ts';
import type { StoredObjectRow } from '../../platform/storage/index.ts';
import { folderCan, type FilesAccess, type FilesAccessService } from './access.ts';
import type { FilesDeps } from './deps.ts';
import { FILE_EVENTS, FILE_OWNER } from './events.ts';
import type { createProfileFilter } from './profile-values.ts';
import type { FilesRepository } from './repository.ts';
import type { FolderRow } from './tables.ts';
import type { PresentFiles } from './views.ts';

type NewFiles = z.output<typeof newFilesSchema>;

/** What `file.published` carries for the post to a stream (on the first file of a form only). */
export type StreamPostChanges = { file_ids: string[]; stream_ids: string[] | null; group_id: string | null };

/** The folders files go to: each readable, open to the member's files, none twice; 422 on `field` otherwise. */
export async function checkTargetFolders(
  access: FilesAccessService,
  filesAccess: FilesAccess,
  ids: string[],
  field = 'folder_ids',
): Promise<FolderRow[]> {
  if (new Set(ids).size !== ids.length) throw unprocessable({ [field]: [FILE_ERROR_KEYS.folderNotAllowed] });
  const folders = await Promise.all(ids.map((id) => access.loadFolder(filesAccess, id).catch(() => null)));
  if (folders.some((f) => !f || !folderCan(filesAccess, f).add_files))
    throw unprocessable({ [field]: [FILE_ERROR_KEYS.folderNotAllowed] });
  return folders as FolderRow[];
}

/** A volatile upload of the member's in the files directory, not given to anything yet. */
export const isOwnVolatileUpload = (actor: Actor, row: StoredObjectRow | undefined) =>
  !!row &&
  row.directory === 'files' &&
  row.state === 'volatile' &&
  row.ownerType === null &&
  row.uploaderId === actor.membershipId;

/** `POST /api/v1/files`: the new-files form. Each upload becomes a file (its id the upload's) in the folders given. */
export function createNewFiles(
  deps: FilesDeps,
  repository: FilesRepository,
  parts: {
    access: FilesAccessService;
    presentFiles: PresentFiles;
    keepProfile: ReturnType<typeof createProfileFilter>;
  },
) {
  return async function addFiles(actor: Actor, input: NewFiles): Promise<NewFilesAnswer> {
    const filesAccess = await parts.access.load(actor);
    const folders = await checkTargetFolders(parts.access, filesAccess, input.folder_ids);
    const uploadIds = [...new Set(input.files)];
    const uploads = new Map((await deps.storage.live(actor.networkId, uploadIds)).map((r) => [r.id, r]));
    if (!uploadIds.every((id) => isOwnVolatileUpload(actor, uploads.get(id))))
      throw unprocessable({ files: [FILE_ERROR_KEYS.notUploaded] });
    const profile = await parts.keepProfile(actor.networkId, 'file_profiles', input.file_profile);
    const home = folders[0]!;
    // The stream of the first folder's group, or (absent) the network's default stream.
    const groupId = home.contextType === 'group' ? home.contextId : null;
    const streamIds = input.activitystream_ids?.filter((id) => {
      const group = filesAccess.groups.get(id);
      return group ? group.role !== null && !group.archived : !actor.isExternal;
    });
    const rows = await deps.events.transaction(async (tx) => {
      const made = [];
      for (const id of uploadIds) {
        const upload = uploads.get(id)!;
        const file = await repository.insertFile(tx, {
          id,
          networkId: actor.networkId,
          name: upload.name,
          originalFilename: upload.name,
          extension: upload.extension,
          size: upload.size,
          contentType: upload.contentType,
          description: input.description,
          fileProfile: profile,
          authorId: actor.membershipId,
        });
        await repository.link(tx, actor.networkId, id, input.folder_ids);
        await deps.storage.attach(
          actor,
          [id],
          { type: FILE_OWNER, id },
          { db: tx, field: 'files', directory: 'files' },
        );
        const post: StreamPostChanges | undefined =
          input.post_to_stream && made.length === 0
            ? { file_ids: uploadIds, stream_ids: streamIds?.length ? streamIds : null, group_id: groupId }
            : undefined;
        await deps.events.record(tx, {
          networkId: actor.networkId,
          type: FILE_EVENTS.published,
          actorId: actor.membershipId,
          subject: { type: 'file', id },
          context: { type: home.contextType, id: home.contextId },
          changes: { name: file.name, folder_ids: input.folder_ids, ...(post ? { post } : {}) },
        });
        made.push(file);
      }
      return made;
    });
    return { files: await parts.presentFiles(filesAccess, rows) };
  };
}
