import { Avatar, Group, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { lazy, type ComponentPropsWithRef } from 'react';
import { useTranslation } from 'react-i18next';
import { OpenOnUse } from '../../ui/open-on-use.tsx';
import type { ShellContext, UserMenuEntry } from '../registry.ts';

const loadDropdown = () => import('./user-menu-dropdown.tsx');
const UserMenuDropdown = lazy(() => loadDropdown().then((m) => ({ default: m.UserMenuDropdown })));

/**
 * The profile dropdown: the member's links, each shown only where its page exists and is allowed.
 * The menu itself loads on first use; the header shows its button from the start.
 */
export function UserMenu({ context, entries }: { context: ShellContext; entries: UserMenuEntry[] }) {
  const trigger = <UserMenuButton member={context.member} />;
  return (
    <OpenOnUse trigger={trigger} preload={loadDropdown}>
      <UserMenuDropdown context={context} entries={entries} trigger={trigger} />
    </OpenOnUse>
  );
}

/** The member's picture and name; the menu's target, which gives it its handlers and ref. */
export function UserMenuButton({
  member,
  ...props
}: { member: ShellContext['member'] } & ComponentPropsWithRef<'button'>) {
  const { t } = useTranslation();
  return (
    <UnstyledButton data-testid="user-menu" {...props}>
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
  );
}
