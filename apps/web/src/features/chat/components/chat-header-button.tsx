import { ActionIcon, Indicator, Tooltip } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { badgeLabel } from '@agora/contracts';
import { goToChatView } from '../client/navigation.ts';
import { useChatProfile, useChatPushes, useChatsWithUnread } from '../client/store.ts';
import { useChatDesktopNotifications } from './desktop-notifications.ts';
import { loadChatPanel, useChatDrawer } from './panel-state.ts';
import { useTabBadge } from './tab-badge.ts';

const ChatDrawer = lazy(() => {
  // The panel the drawer shows loads beside it rather than after it.
  void loadChatPanel();
  return import('./chat-drawer.tsx').then((m) => ({ default: m.ChatDrawer }));
});

/** Chat is hidden on the legal pages (spec 2). */
export function chatHiddenOn(pathname: string): boolean {
  return pathname.startsWith('/legal') || pathname.startsWith('/imprint');
}

/**
 * The header's chat button with the number of chats with unread messages; it opens the chat as a
 * drawer on the right (the whole screen on a phone). It also keeps the chat's cache current, the
 * tab's badge and the desktop notifications, for every page of the signed-in member.
 */
export function ChatHeaderButton() {
  const { t } = useTranslation('chat');
  useChatPushes();
  useChatDesktopNotifications();
  const { profile } = useChatProfile();
  const count = useChatsWithUnread({ enabled: !!profile?.can.chat });
  useTabBadge(count);
  const drawer = useChatDrawer();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  // The drawer's code loads when it first opens (from here or a desktop notification), and then stays.
  const [drawerUsed, setDrawerUsed] = useState(drawer.opened);
  if (drawer.opened && !drawerUsed) setDrawerUsed(true);
  const onChatPage = pathname === '/chat' || pathname.startsWith('/chat/');

  if (!profile?.can.chat || chatHiddenOn(pathname)) return null;
  const badge = badgeLabel(count, '');
  const label = count > 0 ? t('button_unread', { count }) : t('button');

  return (
    <>
      <Indicator label={badge} disabled={!badge} size={18} color="red.9" offset={6} data-testid="chat-badge">
        <Tooltip label={t('title')}>
          <ActionIcon
            variant="subtle"
            size="lg"
            color="var(--agora-header-text)"
            aria-label={label}
            aria-expanded={onChatPage ? undefined : drawer.opened}
            onClick={() => {
              if (!onChatPage) return drawer.toggle();
              goToChatView({ name: 'root' });
              void navigate('/chat');
            }}
            data-testid="chat-button"
          >
            <IconMessages size={20} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Indicator>
      {!onChatPage && drawerUsed && (
        <Suspense fallback={null}>
          <ChatDrawer opened={drawer.opened} onClose={drawer.close} />
        </Suspense>
      )}
    </>
  );
}
