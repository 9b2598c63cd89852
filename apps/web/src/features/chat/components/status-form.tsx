import { Button, Group, Modal, SegmentedControl, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CHAT_LIMITS } from '@agora/contracts';
import { normalizeStatusText, statusTextTooLong } from './status-text.ts';

type StatusFormProps = {
  opened: boolean;
  type: 'online' | 'busy';
  text: string;
  saving: boolean;
  onClose: () => void;
  onSave: (status: { type: 'online' | 'busy'; text: string }) => void;
};

/** The small form for the status text (at most 100 characters, one line). */
export function StatusForm(props: StatusFormProps) {
  const { t } = useTranslation('chat');
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={t('status.edit_title')}
      closeButtonProps={{ 'aria-label': t('cancel') }}
    >
      {/* The modal mounts its content on opening: each opening starts from the current status. */}
      <StatusFormBody {...props} />
    </Modal>
  );
}

function StatusFormBody({ type: initialType, text: initialText, saving, onClose, onSave }: StatusFormProps) {
  const { t } = useTranslation('chat');
  const [type, setType] = useState(initialType);
  const [text, setText] = useState(initialText);
  const tooLong = statusTextTooLong(text);

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!tooLong) onSave({ type, text: normalizeStatusText(text).trim() });
      }}
    >
      <Stack gap="sm">
        <SegmentedControl
          value={type}
          onChange={(value) => setType(value as 'online' | 'busy')}
          data={[
            { value: 'online', label: t('status.online') },
            { value: 'busy', label: t('status.busy') },
          ]}
          aria-label={t('status.type')}
        />
        {/* A text area, so that pasted line breaks arrive and become spaces (an input drops them); Enter saves. */}
        <Textarea
          label={t('status.text')}
          value={text}
          autosize
          minRows={1}
          maxRows={3}
          onChange={(event) => setText(normalizeStatusText(event.currentTarget.value))}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            event.currentTarget.form?.requestSubmit();
          }}
          description={t('status.text_hint', {
            count: normalizeStatusText(text).trim().length,
            max: CHAT_LIMITS.statusTextMax,
          })}
          error={tooLong ? t('status.too_long', { max: CHAT_LIMITS.statusTextMax }) : undefined}
          data-autofocus
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={saving} disabled={tooLong}>
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
