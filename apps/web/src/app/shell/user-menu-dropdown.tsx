import { Center, Loader, Menu } from '@mantine/core';
import { IconHome, IconLogout } from '@tabler/icons-react';
import { cloneElement, Fragment, Suspense, type ReactElement, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useSignOut } from '../../features/session/index.ts';
import { namespacesOf } from '../../i18n/index.ts';
import { useOpenOnMount } from '../../ui/open-on-use.tsx';
import type { ShellContext, UserMenuEntry, UserMenuSection } from '../registry.ts';
import { CountBadge } from './count-badge.tsx';

const SECTIONS: UserMenuSection[] = ['personal', 'settings', 'administration', 'general'];

/** The profile menu around its button (user-menu.tsx), loaded by the first click on it. */
export function UserMenuDropdown({
  context,
  entries,
  trigger,
}: {
  context: ShellContext;
  entries: UserMenuEntry[];
  trigger: ReactElement<{ ref?: Ref<HTMLButtonElement> }>;
}) {
  const [opened, setOpened, target] = useOpenOnMount<HTMLButtonElement>();
  const visible = entries.filter((entry) => entry.visible?.(context) ?? true).sort((a, b) => a.order - b.order);

  return (
    <Menu
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      width={260}
      shadow="md"
      withinPortal
      withInitialFocusPlaceholder={false}
    >
      <Menu.Target>{cloneElement(trigger, { ref: target })}</Menu.Target>
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
              (entry.each?.(context) ?? [{ key: '', path: entry.path(context), values: {} }]).map((link) => {
                const item = (
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
                );
                return entry.useVisible ? (
                  <Gated key={`${entry.key}:${link.key}`} useVisible={entry.useVisible}>
                    {item}
                  </Gated>
                ) : (
                  item
                );
              }),
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

/** An entry shown only once its hook says so (see UserMenuEntry.useVisible). */
function Gated({ useVisible, children }: { useVisible: () => boolean; children: ReactNode }) {
  return useVisible() ? children : null;
}
