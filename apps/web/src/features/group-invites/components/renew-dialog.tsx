import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GROUP_INVITE_LIMITS } from '@agora/contracts';
import { LimitedTextarea } from '../../../ui/limited-text.tsx';

type RenewDialogProps = {
  opened: boolean;
  count: number;
  onClose: () => void;
  /** The new message, or undefined to keep each invite's own. */
  onRenew: (message: string | undefined) => void;
  /** Invitations by e-mail are sent again as written: no new message. */
  withMessage?: boolean;
  text?: string;
};

/** Asks before reminding the invitees again, with an optional new message. */
export function RenewDialog({ opened, count, onClose, onRenew, withMessage = true, text }: RenewDialogProps) {
  const { t } = useTranslation('group-invites');
  const [message, setMessage] = useState('');
  const submit = () => {
    onRenew(message.trim() === '' ? undefined : message.trim());
    setMessage('');
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t('sent.renew_dialog.title')} centered>
      <Stack gap="sm">
        <Text size="sm">{text ?? t('sent.renew_dialog.text', { count })}</Text>
        {withMessage && (
          <LimitedTextarea
            label={t('sent.renew_dialog.message')}
            description={t('sent.renew_dialog.message_hint')}
            value={message}
            maxLength={GROUP_INVITE_LIMITS.additionalMessage}
            autosize
            minRows={2}
            onChange={(event) => setMessage(event.currentTarget.value)}
          />
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            {t('sent.renew_dialog.cancel')}
          </Button>
          <Button onClick={submit}>{t('sent.renew_dialog.submit')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
