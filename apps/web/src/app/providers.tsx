import { createTheme, MantineProvider, type CSSVariablesResolver } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { sessionQuery } from '../features/session/api.ts';
import { ApiError } from './api-client.ts';

// Darker shades than Mantine's defaults, so that text, links and buttons meet WCAG AA contrast.
const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 6 },
  defaultRadius: 'md',
  autoContrast: true,
});

const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-blue-light-color': 'var(--mantine-color-blue-9)',
  },
  dark: {},
});

/**
 * A 401 from any call means the session ended (signed out elsewhere, expired, locked): the
 * session is forgotten, and the signed-in routes send the member to the sign-in page.
 */
function forgetSessionOn401(error: unknown) {
  if (error instanceof ApiError && error.status === 401) queryClient.setQueryData(sessionQuery.queryKey, null);
}

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
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <Notifications />
        {children}
      </MantineProvider>
    </QueryClientProvider>
  );
}
