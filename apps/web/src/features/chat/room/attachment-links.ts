import type { ChatAttachment, ChatFileTokenBody, FileTokenAnswer, ImageSize } from '@agora/contracts';
import { api } from '../../../app/api-client.ts';
import { postForm } from '../../../ui/post-form.ts';

/** Chat thumbnails are 80x80 (spec 9); the gallery shows the large size. */
export const THUMBNAIL_SIZE: ImageSize = '80x80';
export const GALLERY_SIZE: ImageSize = '1920x1200';
export const GRID_SIZE: ImageSize = '200x200';

export function imageUrl(image: Pick<ChatAttachment, 'id'>, size: ImageSize): string {
  return `/api/storage/images/${encodeURIComponent(image.id)}/get/${size}`;
}

/** The name a download is saved under: the file's own, with its extension. */
export function downloadName(file: Pick<ChatAttachment, 'name' | 'extension'>): string {
  const suffix = file.extension ? `.${file.extension}` : '';
  return suffix && !file.name.toLowerCase().endsWith(suffix.toLowerCase()) ? file.name + suffix : file.name;
}

/** A file's download address; its token lets it open in a new tab or an office app too. */
export function fileUrl(file: Pick<ChatAttachment, 'id' | 'name' | 'extension' | 'token'>): string {
  const query = new URLSearchParams({ download: '1' });
  if (file.token) query.set('token', file.token);
  return `/api/storage/files/${encodeURIComponent(file.id)}/get/${encodeURIComponent(downloadName(file))}?${query}`;
}

/**
 * Every file of a message as one zip (spec 7): a token for the message's files, then the token
 * posted as a form to the archive address.
 */
export async function downloadMessageFiles(messageId: string): Promise<void> {
  const body: ChatFileTokenBody = { chat_message_id: messageId };
  const { token } = await api<FileTokenAnswer>('/api/v1/file_token', { method: 'POST', body });
  postForm('/api/storage/v2/archive', { token });
}
