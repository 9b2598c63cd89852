import { Box } from '@mantine/core';
import { ComposingText } from '../components/composing-text.tsx';

/**
 * "Anna is typing …" above the composer (spec 4): who composes now; each ends 2 s after their
 * last keystroke. The line keeps its height while empty, so that the messages do not jump.
 */
export function ComposingIndicator({ chatId }: { chatId: string }) {
  // Kept in the page while empty: a live region announces only what changes inside it.
  return (
    <Box px="sm" mih={22} aria-live="polite" data-testid="composing-indicator">
      <ComposingText chatId={chatId} size="sm" />
    </Box>
  );
}
