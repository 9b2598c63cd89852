import { Drawer, Loader } from '@mantine/core';
import { useMediaQuery, useMounted } from '@mantine/hooks';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { loadChatPanel } from './panel-state.ts';

const ChatPanel = lazy(() => loadChatPanel().then((m) => ({ default: m.ChatPanel })));

/** The chat as a drawer on the right (the whole screen on a phone), loaded when first opened. */
export function ChatDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('chat');
  const isPhone = useMediaQuery('(max-width: 40em)', false, { getInitialValueInEffect: false });
  // Mounted closed and opened right after, as the drawer notes where the focus returns to when it opens.
  const mounted = useMounted();

  return (
    <Drawer.Root opened={opened && mounted} onClose={onClose} position="right" size={isPhone ? '100%' : 420}>
      <Drawer.Overlay backgroundOpacity={0.2} />
      <Drawer.Content aria-label={t('title')} data-testid="chat-drawer">
        <Drawer.Body p={0} h="100%">
          <Suspense fallback={<Loader m="md" size="sm" />}>
            <ChatPanel onClose={onClose} />
          </Suspense>
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}
