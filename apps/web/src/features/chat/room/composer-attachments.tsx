import { ActionIcon, FileButton, Stack } from '@mantine/core';
import { IconPaperclip, IconPhoto } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { UploadItemRow } from '../../../ui/upload/upload-item-row.tsx';
import { addAttachments, attachmentsOf, removeAttachment, type AttachmentKind } from './draft-attachments.ts';
import type { ChatDraft } from './draft-store.ts';
import type { AttachmentCaps } from './drop-attachments.ts';

const KINDS: AttachmentKind[] = ['files', 'images'];
const ICONS = { files: IconPaperclip, images: IconPhoto } as const;

type AttachButtonsProps = { chatId: string; caps: AttachmentCaps; disabled: boolean };

/** "Attach files" and "Attach images": the pickers, each uploading into the chat's draft. */
export function AttachButtons({ chatId, caps, disabled }: AttachButtonsProps) {
  const { t } = useTranslation('chat-room');
  return KINDS.map((kind) => {
    const Icon = ICONS[kind];
    return (
      <FileButton
        key={kind}
        multiple
        accept={kind === 'images' ? 'image/*' : undefined}
        onChange={(files) => addAttachments(chatId, kind, files, caps[kind])}
      >
        {(props) => (
          <ActionIcon
            {...props}
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={t(`composer.attach_${kind}`)}
            disabled={disabled}
          >
            <Icon size={20} aria-hidden />
          </ActionIcon>
        )}
      </FileButton>
    );
  });
}

/** The draft's files and images with progress, failure (error_code_{status}) and remove. */
export function DraftAttachments({ chatId, draft }: { chatId: string; draft: ChatDraft }) {
  const { t } = useTranslation('chat-room');
  const entries = KINDS.flatMap((kind) => attachmentsOf(draft, kind).map((item) => ({ kind, item })));
  if (entries.length === 0) return null;
  return (
    <Stack
      component="ul"
      gap={4}
      m={0}
      p={0}
      mah={180}
      style={{ listStyle: 'none', overflowY: 'auto' }}
      aria-label={t('composer.attachments')}
    >
      {entries.map(({ kind, item }) => (
        <UploadItemRow
          key={item.clientId}
          directory={kind}
          item={item}
          onRemove={(target) => removeAttachment(chatId, kind, target.clientId)}
        />
      ))}
    </Stack>
  );
}
