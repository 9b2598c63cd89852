import { Avatar, Box, Group, Text, UnstyledButton } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Notification } from '@agora/contracts';
import { formatDateTime } from '../../../ui/date-format.ts';

/** One notification: who, what (in the member's language, as the server wrote it), when; unread ones are marked. */
export function NotificationItem(props: { notification: Notification; onOpen: (n: Notification) => void }) {
  const { t } = useTranslation('notifications');
  const { notification } = props;
  return (
    <UnstyledButton
      onClick={() => props.onOpen(notification)}
      w="100%"
      p="xs"
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
      bg={notification.read ? undefined : 'var(--mantine-primary-color-light)'}
      data-testid="notification-item"
      data-read={notification.read}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        {notification.actor ? (
          <Avatar
            src={notification.actor.images.small}
            name={notification.actor.displayName}
            color="blue"
            variant="filled"
            alt=""
            aria-hidden
          />
        ) : (
          <Avatar color="gray" variant="filled" alt="" aria-hidden>
            <IconBell size={18} aria-hidden />
          </Avatar>
        )}
        <Box miw={0} style={{ flex: 1 }}>
          <Text size="sm" fw={notification.read ? 400 : 600} lineClamp={3}>
            {notification.text}
          </Text>
          <Text size="xs" c="dimmed">
            {formatDateTime(notification.created_at)}
            {notification.read ? '' : ` · ${t('unread')}`}
          </Text>
        </Box>
      </Group>
    </UnstyledButton>
  );
}
