import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ChatMemberRef } from '@agora/contracts';

/** "Anna is typing…" (spec 4): who composes now; each ends 2 s after their last keystroke. */
export function ComposingIndicator({ members }: { members: ChatMemberRef[] }) {
  const { t } = useTranslation('chat-room');
  const [first, second] = members;
  const text = !first
    ? ''
    : !second
      ? t('composing.one', { name: first.name })
      : members.length === 2
        ? t('composing.two', { first: first.name, second: second.name })
        : t('composing.many', { count: members.length });
  // Kept in the page while empty: a live region announces only what changes inside it.
  return (
    <Text size="xs" c="dimmed" fs="italic" px="sm" mih={18} aria-live="polite" data-testid="composing-indicator">
      {text}
    </Text>
  );
}
