import { askDropKind } from './ask-drop-kind.tsx';
import { addAttachments, type AttachmentKind } from './draft-attachments.ts';

export type AttachmentCaps = Record<AttachmentKind, number>;

/**
 * Files dropped on the room: only pictures -> the member chooses images or files (spec 5);
 * anything else goes in as files, pictures among them included.
 */
export async function dropAttachments(chatId: string, files: File[], caps: AttachmentCaps) {
  if (files.length === 0) return;
  const onlyImages = files.every((file) => file.type.startsWith('image/'));
  const kind = onlyImages ? await askDropKind(files.length) : 'files';
  if (kind) addAttachments(chatId, kind, files, caps[kind]);
}
