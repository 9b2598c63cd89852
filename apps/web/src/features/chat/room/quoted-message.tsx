import { ActionIcon, Box, Group, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { QuotedChatMessage } from '@agora/contracts';

type QuotedMessageProps = {
  quoted: QuotedChatMessage;
  /** In the composer: leaves quoting mode. */
  onCancel?: () => void;
};

/** The message a message answers to: its author and the start of its text. */
export function QuotedMessage({ quoted, onCancel }: QuotedMessageProps) {
  const { t } = useTranslation('chat-room');
  const summary = [
    quoted.files > 0 ? t('quote.files', { count: quoted.files }) : null,
    quoted.images > 0 ? t('quote.images', { count: quoted.images }) : null,
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <Box
      data-testid="quoted-message"
      px="xs"
      py={4}
      bg="var(--mantine-color-default-hover)"
      style={{ borderLeft: '3px solid var(--mantine-color-blue-8)', borderRadius: 4, minWidth: 0 }}
    >
      <Group gap="xs" wrap="nowrap" justify="space-between" align="flex-start">
        <Box style={{ minWidth: 0 }}>
          <Text size="xs" fw={600}>
            {quoted.from.name}
          </Text>
          {quoted.deleted_at ? (
            <Text size="xs" fs="italic" c="dimmed">
              {t('message.deleted')}
            </Text>
          ) : (
            <Text size="xs" lineClamp={3} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {quoted.text || summary}
            </Text>
          )}
        </Box>
        {onCancel && (
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            aria-label={t('composer.cancel_quote')}
            onClick={onCancel}
          >
            <IconX size={14} aria-hidden />
          </ActionIcon>
        )}
      </Group>
    </Box>
  );
}

/** A message as a quote (the composer quotes a loaded message, not a stored quote). */
export function asQuote(message: {
  id: string;
  text: string;
  from: QuotedChatMessage['from'];
  deleted_at: string | null;
  files: unknown[];
  images: unknown[];
}): QuotedChatMessage {
  return {
    id: message.id,
    text: message.text,
    from: message.from,
    deleted_at: message.deleted_at,
    files: message.files.length,
    images: message.images.length,
  };
}
