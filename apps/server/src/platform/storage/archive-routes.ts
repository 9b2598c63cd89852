import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ERROR_KEYS,
  idSchema,
  type ChatFileTokenBody,
  type FileTokenAnswer,
  type FileTokenBody,
} from '@agora/contracts';
import type { Actor } from '../policy/index.ts';
import { forbidden, notFound } from '../errors.ts';
import { streamZip, type ArchiveEntry } from './archive.ts';
import { createArchiveTokens } from './archive-token.ts';
import type { StoredObjectRow } from './tables.ts';
import type { FolderArchiveItem, StorageReader } from './types.ts';

/** Files and folders one archive may name. */
export const MAX_ARCHIVE_IDS = 500;

export type ArchiveRoutesDeps = {
  reader: StorageReader;
  /** Signs the file tokens; the session secret will do (a key for this purpose is derived from it). */
  secret: string;
  now?: () => number;
  /**
   * The ids of a chat message's files when the actor may read its chat, else null (the chat
   * module answers; platform code does not know chats).
   */
  chatMessageFiles?: (actor: Actor, messageId: string) => Promise<string[] | null>;
};

// Files and folders by id, or (chat) every file of one message.
const fileTokenBody = z
  .object({
    file_ids: z.array(idSchema).max(MAX_ARCHIVE_IDS).default([]),
    folder_ids: z.array(idSchema).max(MAX_ARCHIVE_IDS).default([]),
    current_folder_id: idSchema.nullish(),
    chat_message_id: idSchema.optional(),
  })
  .superRefine((body, ctx) => {
    const count = body.file_ids.length + body.folder_ids.length;
    if (count === 0 && !body.chat_message_id) {
      ctx.addIssue({ code: 'custom', path: ['file_ids'], message: ERROR_KEYS.required });
    }
    if (count > MAX_ARCHIVE_IDS) ctx.addIssue({ code: 'custom', path: ['file_ids'], message: ERROR_KEYS.tooLong });
  }) satisfies z.ZodType<unknown, Partial<FileTokenBody & ChatFileTokenBody>>;

const archiveBody = z.object({ token: z.string().min(1).max(100_000) });

/**
 * Download as archive: the web app asks for a token naming the files (their read rights are
 * checked then), and posts it as a form, so that the browser itself downloads the zip.
 */
export function archiveRoutes(deps: ArchiveRoutesDeps) {
  const tokens = createArchiveTokens(deps.secret, deps.now);
  // Null when a folder is unknown or unreadable, or no module keeps folders.
  const folderItems = (actor: Actor, folderIds: string[]): Promise<FolderArchiveItem[] | null> =>
    deps.reader.folderArchive?.(actor, folderIds) ?? Promise.resolve(null);

  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    // A browser form posts urlencoded; @fastify/formbody is not needed for one field. The
    // parser is scoped to this plugin.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });

    r.post(
      '/api/v1/file_token',
      { config: { auth: 'member' }, schema: { body: fileTokenBody, tags: ['storage'] } },
      async (request): Promise<FileTokenAnswer> => {
        const actor = request.actor!;
        const { chat_message_id: messageId } = request.body;
        const messageFiles = messageId ? ((await deps.chatMessageFiles?.(actor, messageId)) ?? null) : null;
        if (messageId && !messageFiles) throw notFound();
        const fileIds = [...new Set(messageFiles ?? request.body.file_ids)];
        const folderIds = messageFiles ? [] : [...new Set(request.body.folder_ids)];
        const readable = await deps.reader.readableMany(actor, fileIds);
        if (readable.length < fileIds.length) throw notFound();
        if (folderIds.length > 0 && !(await folderItems(actor, folderIds))) throw notFound();
        const token = tokens.sign({ networkId: actor.networkId, membershipId: actor.membershipId, fileIds, folderIds });
        return { token };
      },
    );

    r.post(
      '/api/storage/v2/archive',
      {
        // Public and without the CSRF header, because a browser form posts it; the signed token,
        // which only the member's own session could obtain, stands in for both.
        config: { auth: 'public', csrf: false },
        schema: {
          body: archiveBody,
          tags: ['storage'],
          consumes: ['application/x-www-form-urlencoded', 'application/json'],
        },
      },
      async (request, reply) => {
        const claims = tokens.verify(request.body.token);
        if (!claims || claims.networkId !== request.network.id) throw forbidden(ERROR_KEYS.invalidToken);
        // The member's session too: read rights are checked again, as they stand now.
        const actor = request.actor;
        if (!actor || actor.membershipId !== claims.membershipId) throw forbidden(ERROR_KEYS.invalidToken);
        const readable = new Map((await deps.reader.readableMany(actor, claims.fileIds)).map((row) => [row.id, row]));
        const rows = claims.fileIds.flatMap((id) => readable.get(id) ?? []);
        // A folder the member no longer reads is left out, as a file is.
        const items = claims.folderIds.length > 0 ? ((await folderItems(actor, claims.folderIds)) ?? []) : [];
        if (rows.length === 0 && items.length === 0) throw notFound();

        const entries: ArchiveEntry[] = [
          ...rows.map((row) => fileEntry(deps.reader, row, entryName(row))),
          ...items.map((item) =>
            item.object
              ? fileEntry(deps.reader, item.object, item.path)
              : { name: item.path, directory: true, open: () => Promise.reject(new Error('a folder has no bytes')) },
          ),
        ];
        const day = new Date(deps.now?.() ?? Date.now()).toISOString().slice(0, 10);
        return reply
          .type('application/zip')
          .header('content-disposition', `attachment; filename="archive-${day}.zip"`)
          .header('cache-control', 'no-store')
          .send(streamZip(entries));
      },
    );
  };
}

/** A stored object's entry, its bytes opened when its turn comes. */
export function fileEntry(reader: Pick<StorageReader, 'driver'>, row: StoredObjectRow, name: string): ArchiveEntry {
  return {
    name,
    open: () => reader.driver.get(row.key),
    date: row.updatedAt,
    store: isCompressed(row.contentType),
  };
}

/** The object's name with its extension, as an archive entry. */
export function entryName(row: Pick<StoredObjectRow, 'name' | 'extension'>): string {
  const suffix = row.extension ? `.${row.extension}` : '';
  return suffix && !row.name.toLowerCase().endsWith(suffix.toLowerCase()) ? row.name + suffix : row.name;
}

const COMPRESSED_TYPES =
  /^(video\/|audio\/|image\/(?!svg|bmp|tiff|x-icon)|application\/(zip|gzip|x-7z-compressed|vnd\.rar|x-rar-compressed|x-bzip2|x-xz|zstd|epub\+zip|pdf|vnd\.openxmlformats-|vnd\.oasis\.opendocument\.))/;

/** Formats already compressed gain nothing from deflate but its CPU time. */
export function isCompressed(contentType: string): boolean {
  return COMPRESSED_TYPES.test(contentType);
}
