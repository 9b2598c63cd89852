import { AppShell, Avatar, Button, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useNavigate } from 'react-router';
import { networkQuery } from '../features/home/api.ts';
import { sessionQuery, useSignOut } from '../features/session/api.ts';

/** A plain frame for signed-in pages: the network's name, the member and sign-out. */
export function SignedInLayout() {
  const { t } = useTranslation('common');
  const network = useQuery(networkQuery);
  const session = useQuery(sessionQuery);
  const signOut = useSignOut();
  const navigate = useNavigate();
  const member = session.data?.member;

  return (
    <AppShell header={{ height: 60 }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Text component={Link} to="/" fw={700} fz="lg" truncate c="inherit" td="none">
            {network.data?.name ?? t('app_name')}
          </Text>
          <Group gap="sm" wrap="nowrap">
            {member && (
              <Group gap={8} wrap="nowrap" visibleFrom="xs">
                <Avatar
                  src={member.images.medium}
                  name={member.displayName}
                  size={32}
                  color="blue"
                  variant="filled"
                  alt=""
                />
                <Text size="sm" data-testid="current-member">
                  {member.displayName}
                </Text>
              </Group>
            )}
            <Button
              variant="default"
              size="xs"
              loading={signOut.isPending}
              onClick={() =>
                signOut.mutate(undefined, { onSettled: () => navigate('/users/sign_in', { replace: true }) })
              }
            >
              {t('sign_out')}
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Main id="main">
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
