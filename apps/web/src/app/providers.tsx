import { MantineProvider, mergeThemeOverrides, Modal } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { sessionQuery } from '../features/session/index.ts';
import { ApiError } from './api-client.ts';
import { mantineThemeFor, shellVariablesResolver } from './theme/mantine-theme.ts';
import { useActiveTheme } from './theme/theme-store.ts';

/**
 * A 401 from any call means the session ended (signed out elsewhere, expired, locked): the
 * session is forgotten, and the signed-in routes send the member to the sign-in page.
 */
function forgetSessionOn401(error: unknown) {
  if (error instanceof ApiError && error.status === 401) queryClient.setQueryData(sessionQuery.queryKey, null);
}

// The toasts' container is not needed for the first page: it loads right after, and shows what was
// shown meanwhile (the toasts wait in @mantine/notifications' store).
const Notifications = lazy(() => import('./toasts.ts').then((m) => ({ default: m.Notifications })));

export const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({ onError: forgetSessionOn401 }),
  mutationCache: new MutationCache({ onError: forgetSessionOn401 }),
  defaultOptions: {
    queries: {
      // A 4xx will not change by asking again; only network trouble and 5xx are retried.
      retry: (failures, error) => failures < 2 && !(error instanceof ApiError && error.status < 500),
      refetchOnWindowFocus: false,
    },
  },
});

export function Providers({ children }: { children: ReactNode }) {
  const activeTheme = useActiveTheme();
  const { t } = useTranslation('ui');
  const closeLabel = t('dialog.close');
  // Every dialog's close button (the X) needs a name for screen readers; Mantine gives it none.
  const theme = useMemo(
    () =>
      mergeThemeOverrides(mantineThemeFor(activeTheme), {
        components: { Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': closeLabel } } }) },
      }),
    [activeTheme, closeLabel],
  );
  const cssVariablesResolver = useMemo(() => shellVariablesResolver(activeTheme), [activeTheme]);
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <Suspense fallback={null}>
          <Notifications />
        </Suspense>
        {/* confirm() of ui/confirm-dialog.tsx opens its dialogs through this. */}
        <ModalsProvider>{children}</ModalsProvider>
      </MantineProvider>
    </QueryClientProvider>
  );
}
