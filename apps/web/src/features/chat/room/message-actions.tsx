import { ActionIcon, Menu } from '@mantine/core';
import { IconDots, IconMessageCircle, IconPencil, IconQuote, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** What a message offers; each action only when given. */
export type MessageHandlers = {
  onQuote?: () => void;
  onEdit?: () => void;
  onDelete?: () => void;
  onStartPrivateChat?: () => void;
};

type MessageActionsProps = MessageHandlers & { authorName: string };

/** A message's actions menu: a button (reachable by keyboard) opening quote, edit, delete, private chat. */
export function MessageActions({ authorName, onQuote, onEdit, onDelete, onStartPrivateChat }: MessageActionsProps) {
  const { t } = useTranslation('chat-room');
  if (!onQuote && !onEdit && !onDelete && !onStartPrivateChat) return null;
  return (
    // Without the focus placeholder: a menu may only hold menu items (axe aria-required-children).
    <Menu position="bottom-end" withinPortal withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="md"
          aria-label={t('actions.menu', { name: authorName })}
          style={{ flex: 'none' }}
        >
          <IconDots size={16} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {onQuote && (
          <Menu.Item leftSection={<IconQuote size={16} aria-hidden />} onClick={onQuote}>
            {t('actions.quote')}
          </Menu.Item>
        )}
        {onEdit && (
          <Menu.Item leftSection={<IconPencil size={16} aria-hidden />} onClick={onEdit}>
            {t('actions.edit')}
          </Menu.Item>
        )}
        {onStartPrivateChat && (
          <Menu.Item leftSection={<IconMessageCircle size={16} aria-hidden />} onClick={onStartPrivateChat}>
            {t('actions.start_private_chat', { name: authorName })}
          </Menu.Item>
        )}
        {onDelete && (
          <Menu.Item c="red.9" leftSection={<IconTrash size={16} aria-hidden />} onClick={onDelete}>
            {t('actions.delete')}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
