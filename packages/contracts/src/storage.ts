/** Directories of the storage API (`/api/storage/{directory}`); later modules add theirs here. */
export const STORAGE_DIRECTORIES = ['images', 'files', 'assets'] as const;
export type StorageDirectory = (typeof STORAGE_DIRECTORIES)[number];

/** The states of an upload (communication spec, section 4, Uploads). */
export const UPLOAD_STATES = ['uploading', 'volatile', 'published', 'failed', 'removed', 'quarantine'] as const;
export type UploadState = (typeof UPLOAD_STATES)[number];

/** What the server answers for a stored upload (communication spec, section 3, Uploaded item). */
export type StoredItem = {
  id: string;
  name: string;
  /** The sniffed content type. */
  type: string;
  size: number;
  extension: string;
  external_id: string | null;
  state: Exclude<UploadState, 'uploading' | 'failed' | 'removed'>;
  /** Set for files: a short-lived token for download links. */
  token: string | null;
  created_at: string;
};

/** The body of `POST /api/storage/{directory}/publish`: volatile items keyed by directory. */
export type PublishBody = Partial<Record<StorageDirectory, Array<{ id: string }>>>;
export type PublishAnswer = Partial<Record<StorageDirectory, StoredItem[]>>;

/** Sizes `GET /api/storage/images/{id}/get/{size}` makes: WxH is cropped to fill, a single number fits the longer side. */
export const IMAGE_SIZES = [
  '435x435',
  '1920x1200',
  '200x200',
  '80x80',
  '50x50',
  '457x457',
  '300',
  '128',
  '100',
  '80',
  '50',
  '25',
] as const;
export type ImageSize = (typeof IMAGE_SIZES)[number];

/** The address of a stored image in one of the sizes the server makes. */
export function imageUrl(id: string, size: ImageSize): string {
  return `/api/storage/images/${encodeURIComponent(id)}/get/${size}`;
}

/** `DELETE /api/storage/{directory}/{id}` answer. */
export type RemovedItem = { id: string; state: 'removed' };

/**
 * Message keys of upload errors (communication spec, section 8). A 422 for an allow list also
 * carries `allowed_extensions: string[]`; a 413 carries `max_bytes`; a 503 `virus_scan_failed`
 * means the scanner could not be reached and nothing was kept.
 */
export const UPLOAD_ERROR_KEYS = {
  typeNotAccepted: 'file_type_not_accepted',
  typeNotAcceptedAllowList: 'file_type_not_accepted_allow_list',
  tooLarge: 'file_too_large',
  quarantine: 'error_quarantine',
} as const;

/**
 * `PUT /api/storage/{directory}/{id}/lock` body: a time with offset, `'default'` for now plus the
 * network's `default_lock_period_days`, or null to unlock.
 */
export type LockBody = { locked_until: string | null | 'default' };
export type LockAnswer = { locked_until: string | null; locked_by_id: string | null };

/** `POST /api/v1/file_token` body; the answer's token is posted as a form to `/api/storage/v2/archive`. */
export type FileTokenBody = { file_ids: string[]; folder_ids?: string[]; current_folder_id?: string | null };
export type FileTokenAnswer = { token: string };
