import { ActionIcon, Box, Burger, Group, Image, Indicator, Text, Tooltip } from '@mantine/core';
import { IconHome } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { badgeLabel, type ActiveTheme } from '@agora/contracts';
import { logoSrc } from '../theme/mantine-theme.ts';
import classes from './shell.module.css';

type HeaderProps = {
  networkName: string;
  theme: ActiveTheme | null;
  height: number;
  userbarOpened: boolean;
  onToggleUserbar: () => void;
  burgerCount: number;
  notifications: ReactNode;
  /** Buttons features add beside the bell, such as the chat button. */
  actions: ReactNode;
  userMenu: ReactNode;
  /** The network's navigation (wider screens; phones find it in the user bar). */
  navigation?: ReactNode;
  /** The search bar (signed-in members only). */
  search?: ReactNode;
};

/** Logo (or the network's name), search, home, notifications, chat, profile menu and the user-bar burger. */
export function Header(props: HeaderProps) {
  const { t } = useTranslation('shell');
  const logo = logoSrc(props.theme);
  const badge = badgeLabel(props.burgerCount, t('badge_new'));

  return (
    <Group h="100%" px="sm" gap="xs" justify="space-between" wrap="nowrap" className={classes.header}>
      <Group gap="xs" wrap="nowrap" miw={0}>
        <Indicator label={badge} disabled={!badge} size={16} color="red.9" offset={4} inline>
          <Burger
            opened={props.userbarOpened}
            onClick={props.onToggleUserbar}
            size="sm"
            color="var(--agora-header-text)"
            aria-label={props.userbarOpened ? t('userbar_close') : t('userbar_open')}
            aria-expanded={props.userbarOpened}
            aria-controls="userbar"
            data-testid="userbar-toggle"
          />
        </Indicator>
        <Link to="/" className={classes.logo} aria-label={t('home_of', { network: props.networkName })}>
          {logo ? (
            <Image src={logo} alt={props.networkName} h={Math.max(36, props.height - 16)} w="auto" fit="contain" />
          ) : (
            <Text component="span" fw={700} fz="lg" truncate data-testid="network-name">
              {props.networkName}
            </Text>
          )}
        </Link>
        {props.navigation}
      </Group>
      <Group gap={4} wrap="nowrap">
        {props.search}
        <Tooltip label={t('home')}>
          <ActionIcon
            component={Link}
            to="/"
            variant="subtle"
            size="lg"
            color="var(--agora-header-text)"
            aria-label={t('home')}
          >
            <IconHome size={20} aria-hidden />
          </ActionIcon>
        </Tooltip>
        {props.notifications}
        {props.actions}
        <Box ml={4}>{props.userMenu}</Box>
      </Group>
    </Group>
  );
}
