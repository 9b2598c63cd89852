import { Button, Group as Row, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GROUP_MEMBERSHIP_LIMITS } from '@agora/contracts';
import { LimitedTextarea } from '../../../ui/limited-text.tsx';

type RejectDialogProps = {
  /** Whose request; null keeps the dialog closed. */
  memberName: string | null;
  pending: boolean;
  onReject: (message: string) => void;
  onCancel: () => void;
};

/** Rejecting a join request with a message the member reads in a notification and a mail. */
export function RejectDialog({ memberName, pending, onReject, onCancel }: RejectDialogProps) {
  const { t } = useTranslation('group-membership');
  const [message, setMessage] = useState('');
  const close = () => {
    setMessage('');
    onCancel();
  };
  return (
    <Modal opened={memberName !== null} onClose={close} title={t('join_requests.reject_title')} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onReject(message.trim());
        }}
      >
        <Stack gap="md">
          <Text size="sm">{t('join_requests.reject_text', { name: memberName ?? '' })}</Text>
          <LimitedTextarea
            label={t('join_requests.message_label')}
            description={t('join_requests.message_hint')}
            value={message}
            onChange={(event) => setMessage(event.currentTarget.value)}
            maxLength={GROUP_MEMBERSHIP_LIMITS.rejectMessage}
            autosize
            minRows={3}
            maxRows={8}
            data-autofocus
          />
          <Row justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('join_requests.cancel')}
            </Button>
            <Button type="submit" color="red" loading={pending}>
              {t('join_requests.reject')}
            </Button>
          </Row>
        </Stack>
      </form>
    </Modal>
  );
}
