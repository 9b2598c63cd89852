import { Button, Group, Paper, Text } from '@mantine/core';
import { IconMail, IconMailOpened, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { BatchAction, MessageBox } from '../api.ts';

type BatchActionsProps = {
  box: MessageBox;
  count: number;
  pending: BatchAction | null;
  onAction: (action: BatchAction) => void;
};

/** What can be done with the selected messages: read and unread in the inbox, delete in both lists. */
export function BatchActions({ box, count, pending, onAction }: BatchActionsProps) {
  const { t } = useTranslation('messages');
  if (count === 0) return null;
  const busy = pending !== null;
  return (
    <Paper withBorder radius="md" p="xs" data-testid="message-batch">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" fw={600} aria-live="polite">
          {t('batch.selected', { count })}
        </Text>
        <Group gap="xs" wrap="wrap">
          {box === 'inbox' && (
            <>
              <Button
                size="xs"
                variant="default"
                leftSection={<IconMailOpened size={14} aria-hidden />}
                loading={pending === 'read'}
                disabled={busy}
                onClick={() => onAction('read')}
              >
                {t('batch.read')}
              </Button>
              <Button
                size="xs"
                variant="default"
                leftSection={<IconMail size={14} aria-hidden />}
                loading={pending === 'unread'}
                disabled={busy}
                onClick={() => onAction('unread')}
              >
                {t('batch.unread')}
              </Button>
            </>
          )}
          <Button
            size="xs"
            variant="default"
            c="red.9"
            leftSection={<IconTrash size={14} aria-hidden />}
            loading={pending === 'delete'}
            disabled={busy}
            onClick={() => onAction('delete')}
          >
            {t('batch.delete')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
