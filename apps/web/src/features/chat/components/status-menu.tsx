import { Box, Button, Menu, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBellRinging, IconCheck, IconChevronDown, IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PRESENCE_TYPES, type PresenceType } from '@agora/contracts';
import { useChatProfile, useSetStatus } from '../client/store.ts';
import { showChatError } from '../room/chat-error-toast.ts';
import { PRESENCE_COLORS } from './chat-avatar.tsx';
import { setDesktopNotifications, useDesktopNotificationsEnabled } from './desktop-notifications.ts';
import { StatusForm } from './status-form.tsx';
import { statusTextFor } from './status-text.ts';
import { showToast } from '../../../ui/toast.tsx';

function Dot({ type }: { type: PresenceType }) {
  return (
    <Box
      w={10}
      h={10}
      style={{
        borderRadius: '50%',
        flex: 'none',
        background: `var(--mantine-color-${PRESENCE_COLORS[type].replace('.', '-')})`,
      }}
      aria-hidden
    />
  );
}

/** My own status text, not one of the defaults (those follow the chosen type). */
function ownText(status: { type: PresenceType; text: string }, defaults: Record<string, string>): string | null {
  if (status.type === 'invisible' || !status.text || Object.values(defaults).includes(status.text)) return null;
  return status.text;
}

/**
 * My presence: online, busy or invisible, with a status text. Online and busy open the text
 * form (with "Available" / "Busy" when there is no text yet); invisible is set at once.
 * Also the switch for desktop notifications on this device.
 */
export function StatusMenu() {
  const { t } = useTranslation('chat');
  const { profile } = useChatProfile();
  const setStatus = useSetStatus();
  const notifications = useDesktopNotificationsEnabled();
  const [formOpened, form] = useDisclosure(false);
  const [formType, setFormType] = useState<'online' | 'busy'>('online');
  if (!profile) return null;
  const current = profile.status;
  const defaults = { online: t('status.default_online'), busy: t('status.default_busy') };

  const save = (type: PresenceType, text: string) =>
    setStatus.mutate(
      { type, text: statusTextFor(type, text, defaults) },
      { onSuccess: form.close, onError: (error) => showChatError(error) },
    );

  const choose = (type: PresenceType) => {
    if (type === 'invisible') return save('invisible', current.text);
    setFormType(type);
    form.open();
  };

  const toggleNotifications = async () => {
    const on = await setDesktopNotifications(!notifications);
    if (!notifications && !on) showToast(t('notifications.denied'), { kind: 'info' });
  };

  return (
    <>
      <Menu position="bottom-start" withinPortal withInitialFocusPlaceholder={false}>
        <Menu.Target>
          <Button
            variant="subtle"
            color="gray"
            size="compact-sm"
            leftSection={<Dot type={current.type} />}
            rightSection={<IconChevronDown size={14} aria-hidden />}
            aria-label={t('status.menu', { status: t(`status.${current.type}`) })}
            data-testid="status-menu"
            maw={220}
          >
            <Text size="sm" truncate>
              {current.type === 'invisible' ? t('status.invisible') : current.text || t(`status.${current.type}`)}
            </Text>
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{t('status.title')}</Menu.Label>
          {PRESENCE_TYPES.map((type) => (
            <Menu.Item
              key={type}
              leftSection={<Dot type={type} />}
              rightSection={current.type === type ? <IconCheck size={14} aria-hidden /> : null}
              onClick={() => choose(type)}
            >
              {t(`status.${type}`)}
            </Menu.Item>
          ))}
          <Menu.Divider />
          <Menu.Item
            leftSection={<IconPencil size={14} aria-hidden />}
            onClick={() => choose(current.type === 'busy' ? 'busy' : 'online')}
          >
            {t('status.edit')}
          </Menu.Item>
          <Menu.Item
            leftSection={<IconBellRinging size={14} aria-hidden />}
            rightSection={notifications ? <IconCheck size={14} aria-hidden /> : null}
            onClick={() => void toggleNotifications()}
          >
            {notifications ? t('notifications.turn_off') : t('notifications.turn_on')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <StatusForm
        opened={formOpened}
        type={formType}
        text={ownText(current, defaults) ?? defaults[formType]}
        saving={setStatus.isPending}
        onClose={form.close}
        onSave={({ type, text }) => save(type, text)}
      />
    </>
  );
}
