import { Avatar, Center, Group, Loader, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconHome, IconLogout } from '@tabler/icons-react';
import { Fragment, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useSignOut } from '../../features/session/index.ts';
import { namespacesOf } from '../../i18n/index.ts';
import type { ShellContext, UserMenuEntry, UserMenuSection } from '../registry.ts';
import { CountBadge } from './count-badge.tsx';

const SECTIONS: UserMenuSection[] = ['personal', 'settings', 'administration', 'general'];

/** The profile dropdown: the member's links, each shown only where its page exists and is allowed. */
export function UserMenu({ context, entries }: { context: ShellContext; entries: UserMenuEntry[] }) {
  const { t } = useTranslation();
  const { member } = context;
  const visible = entries.filter((entry) => entry.visible?.(context) ?? true).sort((a, b) => a.order - b.order);

  return (
    <Menu position="bottom-end" width={260} shadow="md" withinPortal withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <UnstyledButton data-testid="user-menu">
          <Group gap={6} wrap="nowrap">
            <Avatar
              src={member.images.medium}
              name={member.displayName}
              size={36}
              color="blue"
              variant="filled"
              alt=""
              aria-hidden
            />
            <Text size="sm" fw={500} visibleFrom="md" c="var(--agora-header-text)" maw={160} truncate>
              {member.displayName}
            </Text>
            {/* Phones show the picture only; screen readers still hear whose menu it is. */}
            <VisuallyHidden hiddenFrom="md">{t('shell:user_menu', { name: member.displayName })}</VisuallyHidden>
            <IconChevronDown size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown mah="24rem" style={{ overflowY: 'auto' }}>
        {/* The links' labels come from the features' namespaces, loaded when the menu first opens. */}
        <Suspense
          fallback={
            <Center p="sm">
              <Loader size="sm" />
            </Center>
          }
        >
          <UserMenuItems context={context} visible={visible} />
        </Suspense>
      </Menu.Dropdown>
    </Menu>
  );
}

function UserMenuItems({ context, visible }: { context: ShellContext; visible: UserMenuEntry[] }) {
  const { t } = useTranslation(['common', ...namespacesOf(visible.map((entry) => entry.label))]);
  const navigate = useNavigate();
  const signOut = useSignOut();
  const first = SECTIONS.find((section) => visible.some((entry) => entry.section === section));
  return (
    <>
      {SECTIONS.map((section) => {
        const items = visible.filter((entry) => entry.section === section);
        if (items.length === 0) return null;
        return (
          <Fragment key={section}>
            {section !== first && <Menu.Divider />}
            {items.flatMap((entry) =>
              (entry.each?.(context) ?? [{ key: '', path: entry.path(context), values: {} }]).map((link) => (
                <Menu.Item
                  key={`${entry.key}:${link.key}`}
                  component={Link}
                  to={link.path}
                  rightSection={
                    entry.unread && context.unreads ? <CountBadge count={entry.unread(context.unreads)} /> : null
                  }
                >
                  {t(entry.label, link.values)}
                </Menu.Item>
              )),
            )}
          </Fragment>
        );
      })}
      <Menu.Divider />
      <Menu.Item component={Link} to="/" leftSection={<IconHome size={16} aria-hidden />}>
        {t('shell:home')}
      </Menu.Item>
      <Menu.Item
        leftSection={<IconLogout size={16} aria-hidden />}
        onClick={() => signOut.mutate(undefined, { onSettled: () => navigate('/users/sign_in', { replace: true }) })}
      >
        {t('common:sign_out')}
      </Menu.Item>
    </>
  );
}
