import { Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatTime } from '../../../ui/date-format.ts';
import type { ClientChatMessage } from '../client/store.ts';
import { IgnoredContent } from '../../ignored-members/index.ts';
import { MemberLink } from '../components/member-link.tsx';
import { DeliveryTicks } from './delivery-ticks.tsx';
import { MessageAttachments } from './message-attachments.tsx';
import { isEdited, isLargeEmoji } from './message-rules.ts';
import { MessageText } from './message-text.tsx';
import { QuotedMessage } from './quoted-message.tsx';

type MessageItemProps = {
  message: ClientChatMessage;
  own: boolean;
  /** In group and network chats, others' messages name their author. */
  showAuthor: boolean;
  /** The actions menu (none for deleted messages). */
  actions?: ReactNode;
  onOpenImage: (imageId: string) => void;
  /** A failed send: sent again with the same reference, or dropped. */
  onRetry?: () => void;
  onDiscard?: () => void;
};

/**
 * One message (spec 4): author, quote, text, pictures and files, time, "edited", and for own
 * messages the delivery ticks or, when sending failed, the error with a retry.
 */
export function MessageItem(props: MessageItemProps) {
  const { message, own, showAuthor, actions, onOpenImage, onRetry, onDiscard } = props;
  const { t } = useTranslation('chat-room');
  const deleted = !!message.deleted_at;
  const large = isLargeEmoji(message, own);

  return (
    <Group
      component="li"
      justify={own ? 'flex-end' : 'flex-start'}
      align="flex-start"
      wrap="nowrap"
      gap={4}
      data-testid="chat-message"
      data-message-id={message.id}
      data-own={own || undefined}
      style={{ flexDirection: own ? 'row-reverse' : 'row' }}
    >
      <Stack
        gap={4}
        px={large ? 0 : 'sm'}
        py={large ? 0 : 6}
        maw="85%"
        style={{
          minWidth: 0,
          borderRadius: 8,
          background: large
            ? undefined
            : own
              ? 'var(--mantine-color-blue-light)'
              : 'var(--mantine-color-default-hover)',
        }}
      >
        {showAuthor && (
          <Text size="xs" fw={600}>
            <MemberLink memberId={message.from.id} underline="hover">
              {message.from.name}
            </MemberLink>
          </Text>
        )}
        {deleted ? (
          <Text size="sm" fs="italic" c="dimmed">
            {t('message.deleted')}
          </Text>
        ) : (
          <IgnoredContent author={own ? null : message.from} ignored={message.ignored}>
            {message.quoted_message && <QuotedMessage quoted={message.quoted_message} />}
            {message.text && (
              <MessageText
                text={message.text}
                size="sm"
                fz={large ? '2.5rem' : undefined}
                lh={large ? 1.2 : undefined}
                data-large-emoji={large || undefined}
              />
            )}
            <MessageAttachments
              messageId={message.id}
              files={message.files}
              images={message.images}
              onOpenImage={onOpenImage}
            />
          </IgnoredContent>
        )}
        <Group gap={6} justify="flex-end" wrap="nowrap">
          {isEdited(message) && (
            <Text size="xs" c="dimmed">
              {t('message.edited')}
            </Text>
          )}
          <Text
            size="xs"
            c="dimmed"
            component="time"
            dateTime={message.created_at}
            title={formatDateTime(message.created_at)}
          >
            {formatTime(message.created_at)}
          </Text>
          {own && !message.failed && <DeliveryTicks status={message.delivery} />}
        </Group>
        {own && message.failed && (
          <Group gap={6} wrap="wrap" role="alert">
            <IconAlertTriangle size={16} color="var(--mantine-color-red-9)" aria-hidden />
            <Text size="xs" c="red.9">
              {t('message.failed', { reason: t([`errors.${message.failed}`, 'errors.unavailable']) })}
            </Text>
            {onRetry && (
              <Button
                size="compact-xs"
                variant="default"
                leftSection={<IconRefresh size={14} aria-hidden />}
                onClick={onRetry}
              >
                {t('message.retry')}
              </Button>
            )}
            {onDiscard && (
              <Button
                size="compact-xs"
                variant="default"
                leftSection={<IconTrash size={14} aria-hidden />}
                onClick={onDiscard}
              >
                {t('message.discard')}
              </Button>
            )}
          </Group>
        )}
      </Stack>
      {!deleted && actions}
    </Group>
  );
}
