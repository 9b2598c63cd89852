import { Box, Button, Container, Flex, Group } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Suspense } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { PublicNavigation } from '../../features/navigation/index.ts';
import { sessionQuery } from '../../features/session/index.ts';
import { LanguageSelect } from '../../ui/language-select.tsx';
import { PageLoader } from '../../ui/page-loader.tsx';
import { AppLayout } from './app-layout.tsx';

/** Pages anonymous visitors may read (imprint, legal texts): in the shell when signed in. */
export function PublicLayout() {
  const { t } = useTranslation('common');
  const session = useQuery(sessionQuery);
  const { pathname } = useLocation();

  if (session.isPending) return <PageLoader />;
  if (session.data) return <AppLayout />;
  return (
    <Box mih="100vh">
      <Box component="header" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Container size="lg">
          {/* On phones the public navigation gets a row of its own, below sign-in and language. */}
          <Flex
            direction={{ base: 'column-reverse', sm: 'row' }}
            justify="space-between"
            align={{ base: 'stretch', sm: 'center' }}
            gap="xs"
          >
            <Suspense fallback={null}>
              <PublicNavigation />
            </Suspense>
            <Group gap="sm" wrap="nowrap" ml="auto">
              <Button
                component={Link}
                to={`/users/sign_in?redirect_to=${encodeURIComponent(pathname)}`}
                variant="light"
              >
                {t('sign_in')}
              </Button>
              <LanguageSelect />
            </Group>
          </Flex>
        </Container>
      </Box>
      <Box component="main" id="main">
        <Outlet />
      </Box>
    </Box>
  );
}
