import { Avatar, Box, Indicator } from '@mantine/core';
import type { ChatStatus } from '@agora/contracts';

/** A chat's or member's image in the spec's chat size (80x80, cropped to fill). */
export function chatImageSrc(imageId: string | null, size: '80x80' | '200x200' = '80x80'): string | null {
  return imageId ? `/api/storage/images/${encodeURIComponent(imageId)}/get/${size}` : null;
}

export const PRESENCE_COLORS: Record<ChatStatus['type'], string> = {
  online: 'teal.9',
  busy: 'red.9',
  invisible: 'gray.7',
  offline: 'gray.7',
};

type ChatAvatarProps = {
  imageId: string | null;
  name: string;
  size?: number;
  /** A presence dot (direct chats); offline shows none. */
  status?: ChatStatus | null;
};

/** The image of a chat (the partner's, the group's), initials without one, and the partner's presence. */
export function ChatAvatar({ imageId, name, size = 40, status }: ChatAvatarProps) {
  const avatar = <Avatar src={chatImageSrc(imageId)} name={name} alt="" size={size} radius="xl" aria-hidden />;
  const shown = status && status.type !== 'offline' && status.type !== 'invisible';
  if (!shown) return <Box style={{ flex: 'none' }}>{avatar}</Box>;
  return (
    <Indicator
      color={PRESENCE_COLORS[status.type]}
      size={12}
      offset={5}
      position="bottom-end"
      withBorder
      data-presence={status.type}
      style={{ flex: 'none' }}
    >
      {avatar}
    </Indicator>
  );
}
