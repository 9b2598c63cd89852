import { Divider, ScrollArea, SimpleGrid, Stack, Text, Indicator } from '@mantine/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { badgeLabel } from '@agora/contracts';
import type { ShellContext, UserbarEntry } from '../registry.ts';
import { activeModuleTable } from '../features.ts';
import { namespacesOf } from '../../i18n/index.ts';
import { UserbarNavigation } from '../../features/navigation/index.ts';
import { activeModuleFor, userbarModuleFor } from './active-module.ts';
import { GroupSections } from './group-sections.tsx';
import classes from './shell.module.css';

/**
 * The left-hand navigation: the module switcher, the bar of the active module (the default
 * module's where a page has none of its own, see userbarModuleFor) and the member's groups by
 * category.
 */
export function UserBar({ context, entries }: { context: ShellContext; entries: UserbarEntry[] }) {
  const { pathname } = useLocation();
  const modules = entries.filter((entry) => entry.visible?.(context) ?? true).sort((a, b) => a.order - b.order);
  // The switcher's labels come from the features' namespaces: wait for them rather than show keys.
  const { t } = useTranslation(['common', ...namespacesOf(modules.map((entry) => entry.label))]);
  const activeKey = activeModuleFor(pathname, activeModuleTable);
  const shown = userbarModuleFor(activeKey, modules);
  const Bar = shown?.bar;

  return (
    <ScrollArea h="100%" type="auto" className={classes.userbar}>
      <Stack gap="sm" p="xs">
        <Suspense fallback={null}>
          <UserbarNavigation />
        </Suspense>
        {modules.length > 0 && (
          <SimpleGrid cols={4} spacing={4} verticalSpacing={4} data-testid="module-switcher">
            {modules.map((entry) => {
              const count = entry.unread && context.unreads ? entry.unread(context.unreads) : 0;
              const badge = badgeLabel(count, t('shell:badge_new'));
              const Icon = entry.icon;
              return (
                <Link
                  key={entry.module}
                  to={entry.path}
                  className={classes.moduleLink}
                  // The module whose bar is shown is marked; only the page's own module is "current".
                  data-active={entry === shown || undefined}
                  aria-current={entry.module === activeKey ? 'page' : undefined}
                >
                  <Indicator label={badge} disabled={!badge} size={16} color="red.9" offset={2}>
                    <Icon size={22} stroke={1.6} aria-hidden />
                  </Indicator>
                  <Text span size="xs" lh={1.2}>
                    {t(entry.label)}
                  </Text>
                </Link>
              );
            })}
          </SimpleGrid>
        )}
        {Bar && (
          <>
            <Divider />
            <Suspense fallback={null}>
              <Bar />
            </Suspense>
          </>
        )}
        <Divider />
        <GroupSections />
      </Stack>
    </ScrollArea>
  );
}
