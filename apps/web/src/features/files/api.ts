import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  BatchAnswer,
  BatchInput,
  DiscoverAnswer,
  DocumentAction,
  DocumentActionType,
  DocumentHost,
  FileEntry,
  FileTokenAnswer,
  FileTokenBody,
  FileUpdateInput,
  FileVersion,
  FileWithPendingVersions,
  Folder,
  FolderContextType,
  FolderCreateInput,
  FolderExport,
  FolderSummary,
  FolderUnreads,
  FolderUpdateInput,
  LockAnswer,
  LockBody,
  NewFilesAnswer,
  NewFilesInput,
  NewVersionAnswer,
  NewVersionInput,
  ReviewStatusEntry,
} from '@agora/contracts';
import { FILE_LIMITS } from '@agora/contracts';
import { api, ApiError } from '../../app/api-client.ts';
import { unreadsQuery } from '../../app/unreads.ts';
import { postForm } from '../../ui/post-form.ts';

/**
 * The calls of the files module (communication spec, Files): folders, files, versions, batch
 * actions, archives, exports, approval, reviewers, search and office documents.
 */

const id = encodeURIComponent;
const STORAGE = '/api/storage';

/** `GET /api/storage/folders/roots`: the roots the member reads (the /files page). */
export type FolderRoots = { network: FolderSummary | null; groups: FolderSummary[] };
/** `GET /api/storage/folders/{id}/search`. */
export type FolderSearchAnswer = { folders: FolderSummary[]; files: FileEntry[] };
/** A reviewer of a context (`GET /api/storage/reviewers`). */
export type Reviewer = { id: string; name: string; image_id: string | null };
export type ReviewersAnswer = { reviewers: Reviewer[] };
/** Where a folder tree belongs: the network's or a group's. */
export type FolderContext = { context_type: FolderContextType; context_id: string };
/** A page of review status entries with the paging headers' numbers. */
export type ReviewStatusPage = {
  entries: ReviewStatusEntry[];
  total: number;
  page: number;
  perPage: number;
  totalPages: number;
};

export const filesKeys = {
  all: ['files'] as const,
  roots: ['files', 'roots'] as const,
  folder: (folderId: string) => ['files', 'folder', folderId] as const,
  file: (fileId: string) => ['files', 'file', fileId] as const,
  versions: (fileId: string) => ['files', 'versions', fileId] as const,
  unreads: ['files', 'unreads'] as const,
  export: (folderId: string) => ['files', 'export', folderId] as const,
  approval: (folderId: string) => ['files', 'approval', folderId] as const,
  reviewStatus: (context: FolderContext, page: number) => ['files', 'review-status', context, page] as const,
  reviewers: (context: FolderContext) => ['files', 'reviewers', context] as const,
  search: (folderId: string, params: Record<string, string>) => ['files', 'search', folderId, params] as const,
  discover: ['files', 'discover'] as const,
  documentActions: (fileId: string, type: DocumentActionType) => ['files', 'document-actions', fileId, type] as const,
  documentHost: (fileId: string, type: DocumentActionType, action: string) =>
    ['files', 'document-host', fileId, type, action] as const,
};

/** After any change to folders or files: every listing and page of the module loads again. */
export function invalidateFiles(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: filesKeys.all });
}

// ---- Folders ----

/** `GET /api/storage/folders/roots`. */
export const rootsQuery = () =>
  queryOptions({ queryKey: filesKeys.roots, queryFn: () => api<FolderRoots>(`${STORAGE}/folders/roots`) });

/** `GET /api/storage/folders/{id}?limit=1000`: the folder, its path, subfolders and files. */
export const folderQuery = (folderId: string) =>
  queryOptions({
    queryKey: filesKeys.folder(folderId),
    queryFn: () => api<Folder>(`${STORAGE}/folders/${id(folderId)}?limit=${FILE_LIMITS.folderListLimit}`),
  });

/** `POST /api/storage/folders`. */
export function useCreateFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (folder: FolderCreateInput) => api<Folder>(`${STORAGE}/folders`, { method: 'POST', body: { folder } }),
    onSuccess: () => invalidateFiles(queryClient),
  });
}

/** `PUT /api/storage/folders/{id}`. */
export function useUpdateFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ folderId, folder }: { folderId: string; folder: FolderUpdateInput }) =>
      api<Folder>(`${STORAGE}/folders/${id(folderId)}`, { method: 'PUT', body: { folder } }),
    onSuccess: () => invalidateFiles(queryClient),
  });
}

/** `DELETE /api/storage/folders/{id}`: answers like a batch of one folder. */
export function useDeleteFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (folderId: string) => api<BatchAnswer>(`${STORAGE}/folders/${id(folderId)}`, { method: 'DELETE' }),
    onSuccess: () => invalidateFiles(queryClient),
  });
}

/** `POST /api/storage/folders/{id}/read`: the folder was seen; the counters follow. */
export async function markFolderRead(queryClient: QueryClient, folderId: string) {
  await api<void>(`${STORAGE}/folders/${id(folderId)}/read`, { method: 'POST' });
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: filesKeys.unreads }),
    queryClient.invalidateQueries({ queryKey: unreadsQuery.queryKey }),
  ]);
}

/** `GET /unreads/folders`: unseen files per folder (the user bar's Files module). */
export const folderUnreadsQuery = () =>
  queryOptions({
    queryKey: filesKeys.unreads,
    queryFn: () => api<FolderUnreads>('/unreads/folders'),
    staleTime: 60 * 1000,
    refetchInterval: 5 * 60 * 1000,
  });

// ---- Files ----

/** `GET /api/storage/files/{id}`. */
export const fileQuery = (fileId: string) =>
  queryOptions({ queryKey: filesKeys.file(fileId), queryFn: () => api<FileEntry>(`${STORAGE}/files/${id(fileId)}`) });

/** `GET /api/storage/files/{id}/versions`: newest first, the current one included. */
export const fileVersionsQuery = (fileId: string) =>
  queryOptions({
    queryKey: filesKeys.versions(fileId),
    queryFn: () => api<FileVersion[]>(`${STORAGE}/files/${id(fileId)}/versions`),
  });

/** `POST /api/v1/files`: the new-files form's uploads become files in the chosen folders. */
export function useCreateFiles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewFilesInput) => api<NewFilesAnswer>('/api/v1/files', { method: 'POST', body }),
    onSuccess: () => invalidateFiles(queryClient),
  });
}

/** `PUT /api/storage/files/{id}`. */
export function useUpdateFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ fileId, file }: { fileId: string; file: FileUpdateInput }) =>
      api<FileEntry>(`${STORAGE}/files/${id(fileId)}`, { method: 'PUT', body: { file } }),
    onSuccess: () => invalidateFiles(queryClient),
  });
}

/** `POST /api/storage/files/{id}/versions`: the next version, or a pending one where approval applies. */
export function useAddVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ fileId, body }: { fileId: string; body: NewVersionInput }) =>
      api<NewVersionAnswer>(`${STORAGE}/files/${id(fileId)}/versions`, { method: 'POST', body }),
    onSuccess: () => invalidateFiles(queryClient),
  });
}

/** `POST /api/storage/files/{id}/track_view`: counts a view of the file's page. */
export function trackFileView(fileId: string) {
  return api<void>(`${STORAGE}/files/${id(fileId)}/track_view`, { method: 'POST' });
}

/** `PUT /api/storage/files/{id}/lock`: `'default'` locks for the network's period, null unlocks. */
export function useLockFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ fileId, lockedUntil }: { fileId: string; lockedUntil: LockBody['locked_until'] }) =>
      api<LockAnswer>(`${STORAGE}/files/${id(fileId)}/lock`, { method: 'PUT', body: { locked_until: lockedUntil } }),
    onSuccess: () => invalidateFiles(queryClient),
  });
}

/** `GET /api/storage/files/{id}/token`: a short-lived download token. */
export function fileToken(fileId: string) {
  return api<{ token: string }>(`${STORAGE}/files/${id(fileId)}/token`);
}

// ---- Batch actions and archives ----

/** `DELETE /api/storage/{files|folders}`: the refused items are listed, the others done. */
export function useBatchDelete() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ type = 'files', body }: { type?: 'files' | 'folders'; body: BatchInput }) =>
      api<BatchAnswer>(`${STORAGE}/${type}`, { method: 'DELETE', body }),
    onSuccess: () => invalidateFiles(queryClient),
  });
}

/** `POST /api/storage/{files|folders}/move`. */
export function useBatchMove() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ type = 'files', body }: { type?: 'files' | 'folders'; body: BatchInput }) =>
      api<BatchAnswer>(`${STORAGE}/${type}/move`, { method: 'POST', body }),
    onSuccess: () => invalidateFiles(queryClient),
  });
}

/** Files and folders (their subtrees) as one zip: a token for them, posted as a form to the archive address. */
export async function downloadArchive(body: FileTokenBody): Promise<void> {
  const { token } = await api<FileTokenAnswer>('/api/v1/file_token', { method: 'POST', body });
  postForm(`${STORAGE}/v2/archive`, { token });
}

// ---- Exports ----

/** `GET /api/storage/folders/{id}/export`: the latest export, null when there is none. */
export const folderExportQuery = (folderId: string) =>
  queryOptions({
    queryKey: filesKeys.export(folderId),
    queryFn: () => orNull(api<FolderExport>(`${STORAGE}/folders/${id(folderId)}/export`)),
  });

/** `POST /api/storage/folders/{id}/export`: starts an export job. */
export function useStartExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (folderId: string) =>
      api<FolderExport>(`${STORAGE}/folders/${id(folderId)}/export`, { method: 'POST' }),
    onSuccess: (answer, folderId) => queryClient.setQueryData(filesKeys.export(folderId), answer),
  });
}

// ---- Approval and reviewers ----

/** `GET /api/storage/folders/{id}/files/approval`: files of the subtree with versions waiting (reviewers). */
export const approvalQuery = (folderId: string) =>
  queryOptions({
    queryKey: filesKeys.approval(folderId),
    queryFn: () => api<{ files: FileWithPendingVersions[] }>(`${STORAGE}/folders/${id(folderId)}/files/approval`),
  });

/** `POST /api/storage/files/{fileId}/pending_versions/{id}/approve`. */
export function useApprovePendingVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ fileId, pendingVersionId }: { fileId: string; pendingVersionId: string }) =>
      api<FileEntry>(`${STORAGE}/files/${id(fileId)}/pending_versions/${id(pendingVersionId)}/approve`, {
        method: 'POST',
      }),
    onSuccess: () => invalidateFiles(queryClient),
  });
}

/** `DELETE /api/storage/files/{fileId}/pending_versions/{id}`: declines it. */
export function useDeclinePendingVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ fileId, pendingVersionId }: { fileId: string; pendingVersionId: string }) =>
      api<void>(`${STORAGE}/files/${id(fileId)}/pending_versions/${id(pendingVersionId)}`, { method: 'DELETE' }),
    onSuccess: () => invalidateFiles(queryClient),
  });
}

/** `GET /api/storage/v2/files?query=reviewed`: a page of review statuses, with the paging headers. */
export const reviewStatusQuery = (context: FolderContext, page = 1) =>
  queryOptions({
    queryKey: filesKeys.reviewStatus(context, page),
    queryFn: async (): Promise<ReviewStatusPage> => {
      const search = new URLSearchParams({ ...context, query: 'reviewed', page: String(page) });
      const response = await fetch(`${STORAGE}/v2/files?${search}`, {
        headers: { accept: 'application/json' },
        credentials: 'same-origin',
      });
      const text = await response.text();
      const body = text ? (JSON.parse(text) as unknown) : null;
      if (!response.ok) throw new ApiError(response.status, body as ApiError['body']);
      const header = (name: string, fallback: number) => Number(response.headers.get(name) ?? fallback);
      const entries = (body ?? []) as ReviewStatusEntry[];
      return {
        entries,
        total: header('x-total-count', entries.length),
        page: header('x-page', page),
        perPage: header('x-per-page', FILE_LIMITS.reviewPageSize),
        totalPages: header('x-total-pages', 1),
      };
    },
  });

/** `PUT /api/storage/files/{id}/review_status`: what the office editor reported. */
export function updateReviewStatus(
  fileId: string,
  status: { insertions: number; deletions: number; changes: number; comments: number },
) {
  return api<void>(`${STORAGE}/files/${id(fileId)}/review_status`, { method: 'PUT', body: status });
}

/** `GET /api/storage/reviewers?context_type&context_id`. */
export const reviewersQuery = (context: FolderContext) =>
  queryOptions({
    queryKey: filesKeys.reviewers(context),
    queryFn: () => api<ReviewersAnswer>(`${STORAGE}/reviewers?${new URLSearchParams(context)}`),
  });

/** `PUT /api/storage/reviewers`: the context's reviewers (context admins). */
export function useUpdateReviewers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ context, membershipIds }: { context: FolderContext; membershipIds: string[] }) =>
      api<ReviewersAnswer>(`${STORAGE}/reviewers?${new URLSearchParams(context)}`, {
        method: 'PUT',
        body: { ...context, membership_ids: membershipIds },
      }),
    onSuccess: (_answer, { context }) => queryClient.invalidateQueries({ queryKey: filesKeys.reviewers(context) }),
  });
}

// ---- Search ----

/** `GET /api/storage/folders/{id}/search?q=&profile.{name}=&sort=`: the subtree's matches. */
export const folderSearchQuery = (folderId: string, params: Record<string, string>) =>
  queryOptions({
    queryKey: filesKeys.search(folderId, params),
    queryFn: ({ signal }) =>
      api<FolderSearchAnswer>(`${STORAGE}/folders/${id(folderId)}/search?${new URLSearchParams(params)}`, { signal }),
  });

// ---- Office documents ----

/** `GET /api/storage/v2/discover`: whether an office server is there. */
export const discoverQuery = () =>
  queryOptions({
    queryKey: filesKeys.discover,
    queryFn: () => api<DiscoverAnswer>(`${STORAGE}/v2/discover`),
    staleTime: FILE_LIMITS.discoveryCacheMs,
  });

/** `GET /files/{fileId}/{wopi|docs}/actions`: what the office server offers for the file. */
export const documentActionsQuery = (fileId: string, type: DocumentActionType) =>
  queryOptions({
    queryKey: filesKeys.documentActions(fileId, type),
    queryFn: () => api<DocumentAction[]>(`/files/${id(fileId)}/${type}/actions`),
  });

/** `GET /api/storage/files/{id}/{wopi|docs}/host/{action}`: what the editor page posts to the office server. */
export const documentHostQuery = (fileId: string, type: DocumentActionType, action: string) =>
  queryOptions({
    queryKey: filesKeys.documentHost(fileId, type, action),
    queryFn: () => api<DocumentHost>(`${STORAGE}/files/${id(fileId)}/${type}/host/${id(action)}`),
    staleTime: 0,
    gcTime: 0,
  });

// ---- Helpers ----

/** A 404 is an answer too: nothing there. */
async function orNull<T>(request: Promise<T>): Promise<T | null> {
  try {
    return await request;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
