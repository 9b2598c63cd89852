import { AppShell } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useMatches } from 'react-router';
import { networkQuery } from '../../features/home/index.ts';
import { LegalAcceptanceGate, pendingLegalTextsQuery } from '../../features/legal/index.ts';
import { HeaderNavigation } from '../../features/navigation/index.ts';
import { NotificationMenu } from '../../features/notifications/index.ts';
import { HeaderSearch } from '../../features/search/index.ts';
import { sessionQuery } from '../../features/session/index.ts';
import { PageLoader } from '../../ui/page-loader.tsx';
import { headerActions, themeContextResolvers, userbarEntries, userMenuEntries } from '../features.ts';
import { useRealtimeConnection } from '../realtime.ts';
import type { RouteHandle, ShellContext } from '../registry.ts';
import { useRouteTheme } from '../theme/use-route-theme.ts';
import { useActiveTheme } from '../theme/theme-store.ts';
import { unreadsQuery } from '../unreads.ts';
import { Header } from './header.tsx';
import classes from './shell.module.css';
import { setPageTitleSuffix } from './page-title.ts';
import { useHeaderHeight } from './use-logo-shrink.ts';
import { UserBar } from './user-bar.tsx';
import { UserMenu } from './user-menu.tsx';

const USERBAR_WIDTH = 280;

/** The frame of every signed-in page: header, user bar and the page. */
export function AppLayout() {
  const { t } = useTranslation('shell');
  const session = useQuery(sessionQuery);
  const network = useQuery(networkQuery);
  const unreads = useQuery(unreadsQuery);
  const member = session.data?.member;
  const theme = useActiveTheme();
  const headerHeight = useHeaderHeight(theme);
  const isPhone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const [mobileOpened, mobile] = useDisclosure(false);
  const [desktopOpened, desktop] = useDisclosure(true);
  const { pathname, search } = useLocation();
  const queryClient = useQueryClient();
  const matches = useMatches();
  const memberId = member?.id;

  useRealtimeConnection(member?.id);
  useRouteTheme(themeContextResolvers);
  // On a phone the user bar covers the page: following one of its links closes it.
  const networkName = network.data?.name;
  useEffect(() => {
    if (networkName) setPageTitleSuffix(networkName);
  }, [networkName]);
  // What the page shows is asked for beside the network's frame, not after it: the legal texts
  // to accept (the gate before every page) and what the page's route preloads.
  useEffect(() => {
    if (memberId) void queryClient.prefetchQuery(pendingLegalTextsQuery(memberId));
  }, [queryClient, memberId]);
  useEffect(() => {
    const query = new URLSearchParams(search);
    for (const match of matches)
      (match.handle as RouteHandle | undefined)?.preload?.(queryClient, { params: match.params, search: query });
  }, [queryClient, matches, search]);
  const closeMobile = mobile.close;
  useEffect(() => closeMobile(), [pathname, closeMobile]);

  if (!member || network.isPending) return <PageLoader />;
  if (network.isError) throw network.error;

  const context: ShellContext = { network: network.data, member, unreads: unreads.data };
  const burgerCount = unreads.data
    ? userbarEntries.reduce((sum, entry) => sum + Math.max(0, entry.unread?.(unreads.data) ?? 0), 0)
    : 0;
  const userbarOpened = isPhone ? mobileOpened : desktopOpened;

  return (
    <AppShell
      header={{ height: headerHeight }}
      navbar={{
        width: USERBAR_WIDTH,
        breakpoint: 'sm',
        collapsed: { mobile: !mobileOpened, desktop: !desktopOpened },
      }}
      padding={0}
    >
      <a href="#main" className="skip-link">
        {t('skip_to_content')}
      </a>
      <AppShell.Header className={classes.headerBar}>
        <Header
          networkName={network.data.name}
          theme={theme}
          height={headerHeight}
          userbarOpened={userbarOpened}
          onToggleUserbar={isPhone ? mobile.toggle : desktop.toggle}
          burgerCount={burgerCount}
          // Each waits for its feature's translations on its own, without holding up the header.
          notifications={
            <Suspense fallback={null}>
              <NotificationMenu />
            </Suspense>
          }
          actions={headerActions
            .filter((action) => action.visible?.(context) ?? true)
            .map(({ key, component: Action }) => (
              <Suspense key={key} fallback={null}>
                <Action />
              </Suspense>
            ))}
          userMenu={<UserMenu context={context} entries={userMenuEntries} />}
          navigation={
            <Suspense fallback={null}>
              <HeaderNavigation />
            </Suspense>
          }
          search={
            <Suspense fallback={null}>
              <HeaderSearch />
            </Suspense>
          }
        />
      </AppShell.Header>
      {/* A closed bar is out of sight, and out of the keyboard's way too. */}
      <AppShell.Navbar id="userbar" className={classes.userbar} aria-label={t('userbar')} inert={!userbarOpened}>
        <Suspense fallback={null}>
          <UserBar context={context} entries={userbarEntries} />
        </Suspense>
      </AppShell.Navbar>
      <AppShell.Main id="main" tabIndex={-1}>
        {/* A page whose translations are still loading (a card of another feature, say) waits here. */}
        <Suspense fallback={<PageLoader />}>
          {/* Changed legal texts that ask for it are accepted before any other page. */}
          <LegalAcceptanceGate>
            <Outlet />
          </LegalAcceptanceGate>
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
