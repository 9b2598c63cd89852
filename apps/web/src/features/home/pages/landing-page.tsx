import { Avatar, Badge, Box, Container, Grid, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { sessionQuery } from '../../session/index.ts';
import { networkQuery } from '../api.ts';
import { GroupCategories, categoryTabPath } from '../components/group-categories.tsx';
import { LatestNotifications } from '../components/latest-notifications.tsx';
import { MyGroups } from '../components/my-groups.tsx';
import { NextAppointments } from '../components/next-appointments.tsx';
import { OpenInvites } from '../components/open-invites.tsx';
import { UnreadChats } from '../components/unread-chats.tsx';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import { HomeStream } from '../../activities/index.ts';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { usePageTitle } from '../../../app/shell/page-title.ts';

/**
 * The start page after sign-in: the member's home stream with its composer, and beside it (on
 * wide screens) their next appointments, open invites, unread chats and notifications, their
 * groups and the group categories, each section with its way on. On a phone those sections come
 * first, one below the other (an invite to answer must not sit below an endless list), then the stream.
 * Sections a member cannot use (chat for a guest without it) are left out rather than leading
 * nowhere.
 */
export function LandingPage() {
  const { t } = useTranslation('home');
  const session = useQuery(sessionQuery);
  const network = useQuery(networkQuery);
  const member = session.data?.member;
  usePageTitle(undefined);

  if (network.isError) return <ErrorRow error={network.error} onRetry={() => network.refetch()} />;
  if (network.isPending || !member) return <PageLoader />;
  // The network's start page setting: `/` leads there (a path on this server, never `/` itself).
  const startPage = network.data.start_page;
  if (startPage && startPage !== '/') return <Navigate to={startPage} replace />;
  const role = member.network_admin ? 'network_admin' : member.is_external ? 'external' : 'member';
  const categories = [...network.data.group_categories].sort((a, b) => a.order - b.order);
  const directoryPath = categories[0] ? categoryTabPath(categories[0]) : '/directory';
  // Whether the member may chat at all (guests only where the network lets them): the shell knows.
  const chat = network.data.can.chat;

  return (
    <Container size="xl" py="lg" px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="lg">
        <Group gap="md" wrap="nowrap" align="center">
          <Avatar
            src={member.images.medium}
            name={member.displayName}
            size={56}
            color="blue"
            variant="filled"
            alt=""
            visibleFrom="xs"
          />
          <Stack gap={2} miw={0}>
            <Title order={1} fz={{ base: 'h3', sm: 'h2' }} style={{ overflowWrap: 'anywhere' }}>
              {t('welcome', { name: member.displayName })}
            </Title>
            <Group gap="xs" wrap="wrap">
              <Text c="dimmed" size="sm">
                {t('intro', { network: network.data.name })}
              </Text>
              <Text span size="sm">
                <VisuallyHidden>{t('role')}: </VisuallyHidden>
                <Badge variant="light" size="sm" data-testid="member-role">
                  {t(`roles.${role}`)}
                </Badge>
              </Text>
            </Group>
          </Stack>
        </Group>
        <Grid gutter="lg" align="flex-start">
          <Grid.Col span={{ base: 12, md: 8 }} order={{ base: 2, md: 1 }} miw={0}>
            <Suspense fallback={<LoadingRow />}>
              <HomeStream />
            </Suspense>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }} order={{ base: 1, md: 2 }} miw={0}>
            <Box component="aside" aria-label={t('overview')} data-testid="home-aside">
              <Stack gap="md">
                <NextAppointments />
                <OpenInvites />
                {chat && <UnreadChats />}
                <MyGroups directoryPath={directoryPath} profilePath={member.path} />
                <LatestNotifications />
                <GroupCategories categories={categories} narrow />
              </Stack>
            </Box>
          </Grid.Col>
        </Grid>
      </Stack>
    </Container>
  );
}
