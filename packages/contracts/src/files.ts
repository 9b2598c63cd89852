import { z } from './zod.ts';
import { idSchema } from './ids.ts';
import { TEXT_LIMITS } from './text.ts';

/** Constants of the files module (communication spec, sections 8 and 9). */
export const FILE_LIMITS = {
  /** `GET /api/storage/folders/{id}?limit=1000`: a folder lists up to this many subfolders and files. */
  folderListLimit: 1000,
  /** The folder search waits this long after the last key (ms). */
  searchDelayMs: 300,
  folderNameMaxLength: 255,
  fileNameMaxLength: 255,
  descriptionMaxLength: 10_000,
  /** Items one batch call (delete, move, archive) may name. */
  batchMax: 1000,
  /** Files one new-files form may add. */
  newFilesMax: 100,
  /** Folders one file may live in. */
  foldersPerFileMax: 20,
  /** Review status entries per page (`GET /api/storage/v2/files?query=reviewed`). */
  reviewPageSize: 20,
  /** The office server's discovery is kept this long (ms). */
  discoveryCacheMs: 60 * 60 * 1000,
  /** A WOPI access token is valid this long (ms). */
  wopiTokenTtlMs: 10 * 60 * 60 * 1000,
  /** A WOPI lock expires this long after it was set or refreshed (ms), as the WOPI protocol says. */
  wopiLockMs: 30 * 60 * 1000,
  /** Profile properties a network may define for folders, and for files. */
  profilePropertiesMax: 30,
  /** Members one context may name as reviewers. */
  reviewersMax: 200,
  /** Folders, and files, one folder search answers at most. */
  searchResultsMax: 200,
} as const;

/** `folder.type`: the root of the network or of a group, the folder of files posted to a stream, any other. */
export const FOLDER_TYPES = ['root_folder', 'activitystream_folder', 'folder'] as const;
export type FolderType = (typeof FOLDER_TYPES)[number];

/** `folder.i18n_type`: the key the web app names a special folder by (a plain folder shows its name). */
export const FOLDER_I18N_TYPES = [
  'root_folder.network',
  'root_folder.group',
  'activitystream_folder',
  'folder',
] as const;
export type FolderI18nType = (typeof FOLDER_I18N_TYPES)[number];

/** Whose folder tree a folder belongs to: the network's, or one group's (`context_id` is the network's or group's id). */
export const FOLDER_CONTEXT_TYPES = ['network', 'group'] as const;
export type FolderContextType = (typeof FOLDER_CONTEXT_TYPES)[number];

/** Profile property types (spec, Profile property); date, text and selection are sortable. */
export const PROFILE_PROPERTY_TYPES = ['date', 'text', 'selection', 'tag'] as const;
export type ProfilePropertyType = (typeof PROFILE_PROPERTY_TYPES)[number];

export const profilePropertySchema = z.object({
  /** The key of the value in `file_profile` / `folder_profile` and of the filter `profile.{name}`. */
  name: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9_]{0,39}$/),
  label: z.string().trim().min(1).max(TEXT_LIMITS.line),
  type: z.enum(PROFILE_PROPERTY_TYPES),
  sortable: z.boolean().default(false),
  /** For selection: the choices. */
  options: z
    .array(
      z.object({ value: z.string().trim().min(1).max(100), label: z.string().trim().min(1).max(TEXT_LIMITS.line) }),
    )
    .max(100)
    .default([]),
  /** For tag: the parent tags whose children may be chosen (as `GET /tags/find?tag_parents=`). */
  tag_parents: z.array(z.string().max(100)).max(20).default([]),
});
export type ProfileProperty = z.infer<typeof profilePropertySchema>;

/**
 * Values of a folder's or file's profile, by property name: date `YYYY-MM-DD`, text, a selection's
 * value, tags' names (a new tag as `new_{name}`). Unknown names are dropped by the server.
 */
export const profileValuesSchema = z
  .record(
    z.string().max(40),
    z.union([z.string().max(TEXT_LIMITS.line), z.array(z.string().max(100)).max(30), z.null()]),
  )
  .default({});
export type ProfileValues = Record<string, string | string[] | null>;

/** The network's profile settings (`network.settings.folder_profiles` / `file_profiles`). */
export const folderProfilesSettingsSchema = z
  .object({
    enabled: z.boolean().default(false),
    properties: z.array(profilePropertySchema).max(FILE_LIMITS.profilePropertiesMax).default([]),
  })
  .prefault({});
export const fileProfilesSettingsSchema = z
  .object({
    enabled: z.boolean().default(false),
    properties: z.array(profilePropertySchema).max(FILE_LIMITS.profilePropertiesMax).default([]),
    /** Property names shown as columns of the files table. */
    column_fields: z.array(z.string().max(40)).max(10).default([]),
  })
  .prefault({});

export type FileAuthor = { id: string | null; displayName: string; name: string; deleted: boolean };
export type FolderRef = { id: string; name: string };

/** The spec's File; `can` adds update (edit, new version) and review to the spec's destroy and lock. */
export type FileEntry = {
  id: string;
  name: string;
  original_filename: string;
  extension: string;
  size: number;
  content_type: string;
  /** The major version; `GET /api/storage/files/{id}/get/{name}?_=v{major}` fetches that version. */
  version: number;
  finalizedAt: string | null;
  lockedUntil: string | null;
  lockedById: string | null;
  author: FileAuthor;
  created_at: string;
  updated_at: string;
  description: string;
  file_profile: ProfileValues;
  folder_ids: string[];
  /** The link of the file to the folder it is listed in (in a folder listing), else to its first folder. */
  folder_link_id: string | null;
  view_count: number;
  /** Versions waiting for approval (counted for reviewers and the uploader's own). */
  pending_versions_count: number;
  /** A short-lived token for download links (`?token=`). */
  token: string | null;
  /** `GET /api/storage/files/{id}/get/{name}` of the current version. */
  url: string;
  /** The file's page in the web app (`/files/{id}` or `/groups/{slug}/files/{id}`). */
  html_url: string;
  can: { destroy: boolean; lock: boolean; update: boolean; review: boolean };
};

/** A kept version of a file (`GET /api/storage/files/{id}/versions`, newest first, the current one included). */
export type FileVersion = {
  version: number;
  original_filename: string;
  extension: string;
  size: number;
  author: FileAuthor;
  created_at: string;
  url: string;
};

/** The spec's Pending version. */
export type PendingVersion = {
  id: string;
  original_filename: string;
  extension: string;
  size: number;
  created_at: string;
  author_name: string;
  description: string;
  url: string;
};

export type FileWithPendingVersions = FileEntry & { pending_versions: PendingVersion[] };

/** The spec's Review status entry (what the office editor reported of the current version). */
export type ReviewStatusEntry = {
  id: string;
  original_filename: string;
  updated_at: string;
  current_version_authors: string[];
  review_status: { insertions: number; deletions: number; changes: number; comments: number };
};

/** A folder as a listing's row (in `subfolders` and `folder_path`-less contexts). */
export type FolderSummary = {
  id: string;
  parent_folder_id: string | null;
  name: string;
  description: string;
  folder_profile: ProfileValues;
  i18n_type: FolderI18nType;
  type: FolderType;
  /** `network` or `group`: whose tree the folder is in. */
  namespace: FolderContextType;
  group: { id: string; slug: string; name: string } | null;
  /** New versions by non-reviewers wait for approval in this folder. */
  requires_approval: boolean;
  total_files_count: number;
  total_subfolders_count: number;
  created_at: string;
  updated_at: string;
  html_url: string;
  can: { add_files: boolean; create_subfolders: boolean; update: boolean; destroy: boolean; review: boolean };
};

/** `GET /api/storage/folders/{id}?limit=1000`: the folder with its path from the root, subfolders and files. */
export type Folder = FolderSummary & {
  /** From the root down to the folder itself. */
  folder_path: FolderRef[];
  subfolders: FolderSummary[];
  files: FileEntry[];
};

const folderName = z.string().trim().min(1).max(FILE_LIMITS.folderNameMaxLength);
const description = z.string().max(FILE_LIMITS.descriptionMaxLength);

/** `POST /api/storage/folders` body `{folder}`. */
export const folderCreateSchema = z.object({
  name: folderName,
  description: description.default(''),
  parent_folder_id: idSchema,
  folder_profile: profileValuesSchema,
  /** Absent: as the parent folder. */
  requires_approval: z.boolean().optional(),
});
export type FolderCreateInput = z.input<typeof folderCreateSchema>;

/** `PUT /api/storage/folders/{id}` body `{folder}`; a new parent moves it (never into its own subtree). */
export const folderUpdateSchema = z.object({
  name: folderName.optional(),
  description: description.optional(),
  parent_folder_id: idSchema.optional(),
  folder_profile: profileValuesSchema.optional(),
  requires_approval: z.boolean().optional(),
});
export type FolderUpdateInput = z.input<typeof folderUpdateSchema>;

/** `POST /api/v1/files`: the new-files form (volatile upload ids); answers `{files: FileEntry[]}`. */
export const newFilesSchema = z.object({
  files: z.array(idSchema).min(1).max(FILE_LIMITS.newFilesMax),
  folder_ids: z.array(idSchema).min(1).max(FILE_LIMITS.foldersPerFileMax),
  description: description.default(''),
  file_profile: profileValuesSchema,
  post_to_stream: z.boolean().default(false),
  /** Where the post goes when `post_to_stream`; absent: the stream of the first folder's group, or the network's default. */
  activitystream_ids: z.array(idSchema).max(20).optional(),
});
export type NewFilesInput = z.input<typeof newFilesSchema>;
export type NewFilesAnswer = { files: FileEntry[] };

/** `PUT /api/storage/files/{id}` body `{file}`; `finalized: true` freezes the file for good. */
export const fileUpdateSchema = z.object({
  name: z.string().trim().min(1).max(FILE_LIMITS.fileNameMaxLength).optional(),
  description: description.optional(),
  file_profile: profileValuesSchema.optional(),
  folder_ids: z.array(idSchema).min(1).max(FILE_LIMITS.foldersPerFileMax).optional(),
  finalized: z.literal(true).optional(),
});
export type FileUpdateInput = z.input<typeof fileUpdateSchema>;

/**
 * `POST /api/storage/files/{id}/versions`: a volatile upload becomes the next version, or a
 * pending version where the folder requires approval and the member does not review it.
 */
export const newVersionSchema = z.object({ upload_id: idSchema, description: description.default('') });
export type NewVersionInput = z.input<typeof newVersionSchema>;
export type NewVersionAnswer = { file: FileEntry; pending_version: PendingVersion | null };

/** Batch bodies: `DELETE /api/storage/{type}` and `POST /api/storage/{type}/move` (type: files). */
export const batchSchema = z.object({
  file_ids: z.array(idSchema).max(FILE_LIMITS.batchMax).default([]),
  folder_ids: z.array(idSchema).max(FILE_LIMITS.batchMax).default([]),
  /** The folder the items are listed in: a file leaves this folder (its other folders keep it). */
  source_folder_id: idSchema.nullish(),
  target_folder_id: idSchema.nullish(),
});
export type BatchInput = z.input<typeof batchSchema>;

/** Why an item of a batch was not done; the others of the batch still were. */
export const BATCH_REFUSALS = [
  'locked',
  'finalized',
  'forbidden',
  'not_found',
  'into_own_subtree',
  'root_folder',
] as const;
export type BatchRefusal = (typeof BATCH_REFUSALS)[number];
export type BatchAnswer = {
  done: { file_ids: string[]; folder_ids: string[] };
  refused: Array<{ id: string; type: 'file' | 'folder'; reason: BatchRefusal }>;
};

/** The spec's Export of a folder (a job): `POST` starts one, `GET` the latest, at `/api/storage/folders/{id}/export`. */
export const EXPORT_STATUSES = ['initialized', 'in_progress', 'finished', 'failed'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];
export type FolderExport = {
  id: string;
  status: ExportStatus;
  /** 0-100 while in progress. */
  progress: number;
  createdAt: string;
  /** The failure text's key when failed. */
  error: string | null;
  files: Array<{ id: string; extension: string; fileUrl: string; downloadUrl: string }>;
};

/** `GET /files/{fileId}/{wopi|docs}/actions`: what the configured office server offers for the file. */
export const DOCUMENT_ACTION_TYPES = ['wopi', 'docs'] as const;
export type DocumentActionType = (typeof DOCUMENT_ACTION_TYPES)[number];
export type DocumentAction = { action: string; app: string; authorized: boolean };

/**
 * `GET /api/storage/files/{id}/{type}/host/{action}?show_review_changes`: what the editor host page
 * posts to the office server. `show_review_changes` (bare, `true` or `1`) asks the editor to open
 * showing the tracked changes; the answer says whether it was asked.
 */
export const documentHostQuerySchema = z.object({
  show_review_changes: z
    .enum(['', 'true', 'false', '1', '0'])
    .transform((value) => value !== 'false' && value !== '0')
    .default(false)
    .describe('Present (bare, `true` or `1`): the editor opens showing the tracked changes.'),
});
export type DocumentHost = {
  url: string;
  access_token: string;
  access_token_ttl: number;
  file_name: string;
  /** Whether the host page asks the editor to show the tracked changes once the document is loaded. */
  show_review_changes: boolean;
};

/** `GET /api/storage/v2/discover`. */
export type DiscoverAnswer = { ok: boolean };

/** `PUT /api/storage/files/{id}/review_status`: what the office editor reported of the current version. */
export const reviewStatusSchema = z.object({
  insertions: z.number().int().min(0).max(1_000_000),
  deletions: z.number().int().min(0).max(1_000_000),
  changes: z.number().int().min(0).max(1_000_000),
  comments: z.number().int().min(0).max(1_000_000),
});

/** `GET`/`PUT /api/storage/reviewers`: whose reviewers (the network's folders, or one group's). */
export const reviewersQuerySchema = z.object({
  context_type: z.enum(FOLDER_CONTEXT_TYPES),
  context_id: idSchema,
});
/** `PUT /api/storage/reviewers` body: the members named as reviewers besides the context's admins (all of them). */
export const reviewersUpdateSchema = z.object({
  membership_ids: z.array(idSchema).max(FILE_LIMITS.reviewersMax),
});
export type FileReviewer = { id: string; name: string; image_id: string | null };
export type FileReviewersAnswer = { reviewers: FileReviewer[] };

/** `GET /api/storage/v2/files?context_id&context_type&query=reviewed&page`: the review status tab, newest first. */
export const reviewStatusQuerySchema = z.object({
  context_type: z.enum(FOLDER_CONTEXT_TYPES),
  context_id: idSchema,
  query: z.literal('reviewed'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

/**
 * `GET /api/storage/folders/{id}/search` (the folder's subtree): `q` in names and descriptions,
 * `profile.{name}=value` filters (a tag property matches any of its tags), `sort`: `name` (the
 * default), `updated_at` or `profile.{name}` of a sortable property, `-` before it for descending.
 */
export const FOLDER_SEARCH_SORT_PATTERN = /^-?(name|updated_at|profile\.[a-z][a-z0-9_]{0,39})$/;
export type FolderSearchAnswer = { folders: FolderSummary[]; files: FileEntry[] };

/** Validation keys besides the common ones. */
export const FILE_ERROR_KEYS = {
  /** The new-files form without a file. */
  filesEmpty: 'files_empty',
  /** An upload is not a volatile upload of the member's in the files directory. */
  notUploaded: 'attachment_not_uploaded',
  /** The same folder twice, or a folder the member may not add files to. */
  folderNotAllowed: 'folder_not_allowed',
  /** A folder moved into itself or its own subtree. */
  intoOwnSubtree: 'into_own_subtree',
  /** A root or stream folder cannot be moved, renamed away or deleted. */
  specialFolder: 'special_folder',
  locked: 'locked',
  finalized: 'finalized',
  /** No office server is configured, or it does not offer this action for the extension. */
  noDocumentAction: 'no_document_action',
  /** `export_failed`: the failure text of an export. */
  exportFailed: 'export_failed',
} as const;
