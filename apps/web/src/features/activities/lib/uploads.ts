import type { ActivityAttachment } from '@agora/contracts';
import type { UploadItem } from '../../../ui/upload/index.ts';

type Stored = Extract<ActivityAttachment, { type: 'image' | 'file' }>;

/** Attachments that exist, as the composer's upload field holds them when editing. */
export function uploadItems(attachments: Stored[]): UploadItem[] {
  return attachments.map((attachment) => {
    const extension =
      attachment.type === 'file' ? attachment.extension : (attachment.original_filename.split('.').pop() ?? '');
    return {
      clientId: `stored-${attachment.id}`,
      id: attachment.id,
      name: attachment.original_filename,
      size: attachment.type === 'file' ? attachment.size : 0,
      type: attachment.type === 'file' ? attachment.content_type : `image/${extension.toLowerCase()}`,
      extension,
      external_id: null,
      progress: 100,
      state: 'published',
      token: null,
    };
  });
}
