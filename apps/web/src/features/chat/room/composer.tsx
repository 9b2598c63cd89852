import { ActionIcon, Box, Group, Stack, Text } from '@mantine/core';
import { IconPencil, IconSend, IconX } from '@tabler/icons-react';
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CHAT_LIMITS } from '@agora/contracts';
import type { ClientChatMessage, SendInput } from '../client/store.ts';
import { showChatError } from './chat-error-toast.ts';
import { keyInputOf } from '../../../ui/field-keys.ts';
import { composerKeyAction, insertNewline } from './composer-keys.ts';
import { AttachButtons, DraftAttachments } from './composer-attachments.tsx';
import { draftUploading, sendableIds } from './draft-attachments.ts';
import { cancelMode, getDraft, resetDraft, updateDraft, useDraft } from './draft-store.ts';
import type { AttachmentCaps } from './drop-attachments.ts';
import { asQuote, QuotedMessage } from './quoted-message.tsx';
import { LimitedTextarea, textLimit } from '../../../ui/limited-text.tsx';

type ComposerProps = {
  chatId: string;
  canWrite: boolean;
  caps: AttachmentCaps;
  /** A loaded message by id (the quoted or the edited one). */
  findMessage: (id: string) => ClientChatMessage | undefined;
  onSend: (input: SendInput) => Promise<unknown>;
  onUpdate: (id: string, text: string) => Promise<unknown>;
  onComposing: () => void;
};

/**
 * The composer (spec 4, 5): plain, quoting or editing, with files and images. Enter sends,
 * Shift/Ctrl/Alt/Meta+Enter breaks the line, Escape leaves quoting or editing. The draft is the
 * chat's own and outlives the room.
 */
export function Composer({ chatId, canWrite, caps, findMessage, onSend, onUpdate, onComposing }: ComposerProps) {
  const { t } = useTranslation('chat-room');
  const draft = useDraft(chatId);
  const [saving, setSaving] = useState(false);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const caret = useRef<number | null>(null);

  const editTarget = draft.messageToEditId ? findMessage(draft.messageToEditId) : undefined;
  const editing = editTarget && !editTarget.deleted_at ? editTarget : undefined;
  const quoted = draft.messageToQuoteId ? findMessage(draft.messageToQuoteId) : undefined;
  const uploading = draftUploading(draft);
  const fileIds = sendableIds(draft.fileAttachments);
  const imageIds = sendableIds(draft.imageAttachments);
  const hasText = draft.text.trim() !== '';
  const hasContent = editing
    ? hasText || editing.files.length + editing.images.length > 0
    : hasText || fileIds.length + imageIds.length > 0;
  // A text over the maximum is kept whole (the field says so) and not sent.
  const tooLong = textLimit(draft.text, CHAT_LIMITS.textMax).over;
  const canSend = canWrite && !saving && !uploading && hasContent && !tooLong;

  // An edit whose message is gone (deleted meanwhile, or not loaded after a reload) ends: its
  // text must not go out as a new message.
  useEffect(() => {
    if (draft.messageToEditId && !editing) cancelMode(chatId);
  }, [draft.messageToEditId, editing, chatId]);

  // Quoting or editing chosen from a message's menu: the member goes on typing here.
  useEffect(() => {
    if (draft.messageToEditId || draft.messageToQuoteId) textarea.current?.focus();
  }, [draft.messageToEditId, draft.messageToQuoteId]);

  // A line break typed with a modifier puts the caret after it once the text is rendered.
  useLayoutEffect(() => {
    if (caret.current === null || !textarea.current) return;
    textarea.current.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  });

  const setText = (text: string) => updateDraft(chatId, (current) => ({ ...current, text }));

  const onChange = (text: string) => {
    setText(text);
    // Others see "… is typing" from these (the client sends one per 1.6 s at most, spec 9); an
    // edit brings no new message.
    if (text.trim() && !draft.messageToEditId) onComposing();
  };

  const submit = async () => {
    if (!canSend) return;
    const current = getDraft(chatId);
    setSaving(true);
    try {
      if (editing) {
        await onUpdate(editing.id, current.text);
        updateDraft(chatId, (latest) => ({ ...latest, messageToEditId: null, text: '' }));
      } else {
        const input: SendInput = { text: current.text, file_ids: fileIds, image_ids: imageIds };
        if (quoted) input.quoted_message_id = quoted.id;
        // The optimistic message takes over from the draft; a failed send shows there, with retry.
        resetDraft(chatId);
        await onSend(input).catch(() => {});
      }
    } catch (error) {
      showChatError(error);
    } finally {
      setSaving(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    const action = composerKeyAction(keyInputOf(event));
    if (action === 'send') {
      event.preventDefault();
      void submit();
    } else if (action === 'newline') {
      // Only Shift+Enter breaks the line by itself; the other modifiers do it here.
      event.preventDefault();
      const el = event.currentTarget;
      const next = insertNewline(el.value, el.selectionStart, el.selectionEnd);
      caret.current = next.caret;
      setText(next.text);
    } else if (action === 'cancel' && (draft.messageToEditId || draft.messageToQuoteId)) {
      event.preventDefault();
      cancelMode(chatId);
    }
  };

  return (
    <Stack gap={6} p="xs" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      {!canWrite && (
        <Text size="sm" c="dimmed" data-testid="composer-read-only">
          {t('composer.read_only')}
        </Text>
      )}
      {editing && (
        <Group gap="xs" wrap="nowrap" justify="space-between" data-testid="composer-editing">
          <Group gap={6} wrap="nowrap">
            <IconPencil size={16} aria-hidden />
            <Text size="sm" fw={500}>
              {t('composer.editing')}
            </Text>
          </Group>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            aria-label={t('composer.cancel_edit')}
            onClick={() => cancelMode(chatId)}
          >
            <IconX size={14} aria-hidden />
          </ActionIcon>
        </Group>
      )}
      {!editing && quoted && <QuotedMessage quoted={asQuote(quoted)} onCancel={() => cancelMode(chatId)} />}
      {!editing && <DraftAttachments chatId={chatId} draft={draft} />}
      <Group gap={4} wrap="nowrap" align="flex-end">
        {!editing && <AttachButtons chatId={chatId} caps={caps} disabled={!canWrite} />}
        <Box style={{ flex: 1, minWidth: 0 }}>
          <LimitedTextarea
            ref={textarea}
            aria-label={t('composer.message')}
            placeholder={t('composer.placeholder')}
            autosize
            minRows={1}
            maxRows={8}
            maxLength={CHAT_LIMITS.textMax}
            value={draft.text}
            disabled={!canWrite}
            onChange={(event) => onChange(event.currentTarget.value)}
            onKeyDown={onKeyDown}
          />
        </Box>
        <ActionIcon
          size="lg"
          variant="filled"
          aria-label={editing ? t('composer.save') : t('composer.send')}
          loading={saving || uploading}
          disabled={!canSend}
          onClick={() => void submit()}
        >
          <IconSend size={18} aria-hidden />
        </ActionIcon>
      </Group>
    </Stack>
  );
}
