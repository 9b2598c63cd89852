import { ActionIcon, Menu, Tooltip } from '@mantine/core';
import { IconBell, IconBellOff } from '@tabler/icons-react';
import { format } from 'date-fns';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Chat } from '@agora/contracts';
import { isMuted } from '../client/reducers.ts';
import { useChatActions } from '../client/store.ts';
import { showChatError } from '../room/chat-error-toast.ts';
import { isMutedForever, MUTE_OPTIONS, mutedUntil, type MuteOption } from './mute-times.ts';

/** Mutes a chat's notifications for an hour, the rest of the day or week, or forever; or unmutes it. */
export function MuteMenu({ chat }: { chat: Chat }) {
  const { t } = useTranslation('chat');
  const actions = useChatActions(chat.id);
  const [saving, setSaving] = useState(false);
  const muted = isMuted(chat);
  const until = chat.state.muted_until;
  const label = !muted
    ? t('mute.label')
    : isMutedForever(until)
      ? t('mute.muted_forever')
      : t('mute.muted_until', { time: format(new Date(until!), 'dd.MM.y HH:mm') });

  const run = async (change: () => Promise<void>) => {
    setSaving(true);
    try {
      await change();
    } catch (error) {
      showChatError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Menu position="bottom-end" withinPortal withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <Tooltip label={label}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={label}
            loading={saving}
            data-testid="mute-menu"
          >
            {muted ? <IconBellOff size={20} aria-hidden /> : <IconBell size={20} aria-hidden />}
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('mute.title')}</Menu.Label>
        {MUTE_OPTIONS.map((option: MuteOption) => (
          <Menu.Item key={option} onClick={() => void run(() => actions.mute(mutedUntil(option)))}>
            {t(`mute.${option}`)}
          </Menu.Item>
        ))}
        {muted && (
          <>
            <Menu.Divider />
            <Menu.Item onClick={() => void run(() => actions.unmute())}>{t('mute.unmute')}</Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
