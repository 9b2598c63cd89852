import { ActionIcon, Box, Group, Text, Tooltip } from '@mantine/core';
import { IconArrowLeft, IconPaperclip, IconPhoto } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatStatus } from '@agora/contracts';
import { ChatAvatar, PRESENCE_COLORS } from '../components/chat-avatar.tsx';
import { MemberLink } from '../components/member-link.tsx';

/** A member's presence: a dot and "Online" / "Busy" / "Offline", with their status text. */
export function PresenceLine({ status }: { status: ChatStatus }) {
  const { t } = useTranslation('chat-room');
  const type = status.type === 'invisible' ? 'offline' : status.type;
  const color = `var(--mantine-color-${PRESENCE_COLORS[type].replace('.', '-')})`;
  return (
    <Group gap={6} wrap="nowrap" data-testid="partner-presence" data-presence={type}>
      <Box
        w={8}
        h={8}
        aria-hidden
        style={{
          flex: 'none',
          borderRadius: '50%',
          border: `2px solid ${color}`,
          background: type === 'offline' ? undefined : color,
        }}
      />
      <Text size="xs" c="dimmed" truncate>
        {t(`presence.${type}`)}
        {status.text && type !== 'offline' ? ` · ${status.text}` : ''}
      </Text>
    </Group>
  );
}

type HeaderButtonProps = { label: string; icon: ReactNode; onClick: () => void };

function HeaderButton({ label, icon, onClick }: HeaderButtonProps) {
  return (
    <Tooltip label={label}>
      <ActionIcon variant="subtle" color="gray" size="lg" aria-label={label} onClick={onClick}>
        {icon}
      </ActionIcon>
    </Tooltip>
  );
}

type RoomHeaderProps = {
  name: string;
  /** The chat's image (null: initials); the files, images and gallery views show none. */
  imageId?: string | null;
  /** The partner's presence, in direct chats. */
  status: ChatStatus | null;
  /** The partner of a direct chat: the name leads to their profile. */
  partnerId?: string | null;
  muteMenu?: ReactNode;
  onBack: () => void;
  onAttachments?: () => void;
  onImages?: () => void;
};

/** Back, the chat's image and name (with the partner's presence), the files and images views, muting. */
export function RoomHeader({
  name,
  imageId,
  status,
  partnerId,
  muteMenu,
  onBack,
  onAttachments,
  onImages,
}: RoomHeaderProps) {
  const { t } = useTranslation('chat-room');
  return (
    <Group
      gap="xs"
      wrap="nowrap"
      px="xs"
      py={6}
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      <HeaderButton label={t('header.back')} icon={<IconArrowLeft size={20} aria-hidden />} onClick={onBack} />
      {imageId !== undefined && name && <ChatAvatar imageId={imageId} name={name} size={32} status={status} />}
      <Box style={{ flex: 1, minWidth: 0 }}>
        <Text component="h2" size="md" fw={600} m={0} truncate>
          {partnerId ? <MemberLink memberId={partnerId}>{name}</MemberLink> : name}
        </Text>
        {status && <PresenceLine status={status} />}
      </Box>
      {onAttachments && (
        <HeaderButton
          label={t('header.attachments')}
          icon={<IconPaperclip size={20} aria-hidden />}
          onClick={onAttachments}
        />
      )}
      {onImages && (
        <HeaderButton label={t('header.images')} icon={<IconPhoto size={20} aria-hidden />} onClick={onImages} />
      )}
      {muteMenu}
    </Group>
  );
}
