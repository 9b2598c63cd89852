import { Alert, Button, Checkbox, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconAlertTriangle, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  DIRECT_MESSAGE_LIMITS,
  DIRECT_MESSAGE_TOAST_KEYS,
  type DirectMessageBody,
  type DirectoryGroupOption,
} from '@agora/contracts';
import { DirectorySelect } from '../../../ui/directory-select.tsx';
import { LazyRichTextEditor } from '../../../ui/lazy-rich-text-editor.tsx';
import { MemberSelect } from '../../../ui/member-select.tsx';
import { showToast } from '../../../ui/toast.tsx';
import { UploadField, stateOf, useUploadField } from '../../../ui/upload/index.ts';
import { useFieldErrors } from '../../../ui/use-error-message.ts';
import { networkQuery } from '../../home/index.ts';
import { useSendMessage } from '../api.ts';
import { isDirty, sendBlocker, type Draft } from '../lib/compose.ts';
import { useLeaveGuard } from '../../../ui/use-leave-guard.ts';

type ComposerProps = {
  initial: Draft;
  /** Whether the sender may write to all members of the network (the server decides again). */
  mayWriteToAll: boolean;
};

/**
 * The message composer (communication spec, sections 2 and 5): members and groups as recipients
 * or all members, subject, rich text and attachments. Sending waits for recipients, a subject or
 * a text, and for the uploads; leaving with something written asks first.
 */
export function Composer({ initial, mayWriteToAll }: ComposerProps) {
  const { t } = useTranslation('messages');
  const navigate = useNavigate();
  const network = useQuery(networkQuery).data;
  const [draft, setDraft] = useState<Draft>(initial);
  const files = useUploadField('files', initial.attachments);
  const send = useSendMessage();
  const fieldErrors = useFieldErrors('messages');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const newUploads = files.items.filter((item) => !initial.attachments.some((a) => a.id === item.id)).length;
  const dirty = isDirty(draft, initial, newUploads) && !send.isSuccess;
  const guard = useLeaveGuard(dirty, {
    title: t('leave_dialog.title'),
    message: t('leave_dialog.text'),
    confirmLabel: t('leave_dialog.confirm'),
    cancelLabel: t('leave_dialog.cancel'),
  });
  const blocker = sendBlocker(draft, files.isUploading);

  const update = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));

  const submit = () => {
    if (blocker || send.isPending) return;
    const attachments = files.items
      .filter((item) => item.id && ['volatile', 'published'].includes(stateOf(item)))
      .map((item) => item.id!);
    const body: DirectMessageBody = {
      to: draft.toAll ? [] : draft.to.map((member) => member.id),
      to_group: draft.toAll ? [] : draft.groups.map((group) => group.id),
      to_all_network_members: draft.toAll,
      subject: draft.subject,
      content: draft.content,
      attachments,
      conversation_starter_id: draft.conversationStarterId,
    };
    setErrors({});
    send.mutate(body, {
      onSuccess: () => {
        guard.release();
        showToast(`messages:toasts.${DIRECT_MESSAGE_TOAST_KEYS.sent}`);
        void navigate('/messages');
      },
      onError: (error) => {
        setErrors(fieldErrors(error));
        showToast(`messages:toasts.${DIRECT_MESSAGE_TOAST_KEYS.notSent}`, { kind: 'error' });
      },
    });
  };

  const recipientsError = errors['to'] ?? errors['recipients'];
  return (
    <Paper withBorder radius="md" p="md">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        noValidate
      >
        <Stack gap="md">
          <MemberSelect
            multiple
            label={t('composer.to')}
            placeholder={draft.toAll ? undefined : t('composer.to_placeholder')}
            value={draft.toAll ? [] : draft.to}
            onChange={(to) => update('to', to)}
            searchPath="/api/v1/messages/recipients"
            disabled={draft.toAll}
            error={recipientsError}
          />
          <DirectorySelect
            label={t('composer.groups')}
            placeholder={draft.toAll ? undefined : t('composer.groups_placeholder')}
            includeMembershipRoles={false}
            searchPath="/api/v1/messages/recipient_groups"
            value={draft.toAll ? [] : draft.groups}
            onChange={(groups) =>
              update(
                'groups',
                groups.filter((option): option is DirectoryGroupOption => option.type === 'group'),
              )
            }
            disabled={draft.toAll}
            error={errors['to_group']}
          />
          {mayWriteToAll && (
            <Checkbox
              label={t('composer.to_all')}
              checked={draft.toAll}
              onChange={(event) => update('toAll', event.currentTarget.checked)}
              error={errors['to_all_network_members']}
            />
          )}
          {draft.toAll && (
            <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} p="xs">
              {t('composer.to_all_hint')}
            </Alert>
          )}
          {!draft.toAll && draft.groups.length > 0 && (
            <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} p="xs">
              {t('composer.groups_hint', { count: draft.groups.length })}
            </Alert>
          )}
          <TextInput
            label={t('composer.subject')}
            value={draft.subject}
            onChange={(event) => update('subject', event.currentTarget.value)}
            maxLength={DIRECT_MESSAGE_LIMITS.subjectMaxLength}
            error={errors['subject']}
          />
          <LazyRichTextEditor
            label={t('composer.content')}
            value={draft.content}
            onChange={(content) => update('content', content)}
            error={errors['content']}
            minHeight={200}
          />
          <UploadField
            {...files.fieldProps}
            label={t('composer.attachments')}
            maxFiles={DIRECT_MESSAGE_LIMITS.attachmentsMax}
            extensionFilter={network?.config.file_extension_filter}
            error={errors['attachments']}
          />
          <Group justify="flex-end" gap="sm" wrap="wrap">
            {blocker && (
              <Text size="sm" c="dimmed" id="message-send-hint">
                {t(`composer.blocked.${blocker}`)}
              </Text>
            )}
            <Button
              type="submit"
              leftSection={<IconSend size={16} aria-hidden />}
              loading={send.isPending}
              disabled={blocker !== null}
              aria-describedby={blocker ? 'message-send-hint' : undefined}
            >
              {t('composer.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
