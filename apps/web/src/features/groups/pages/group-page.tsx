import { Alert, Anchor, Avatar, Badge, Group as Row, Paper, Stack, Text, Title, useMantineTheme } from '@mantine/core';
import { IconArchive } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import type { Group } from '@agora/contracts';
import { PageContainer } from '../../../app/shell/page-container.tsx';
import { usePageTitle } from '../../../app/shell/page-title.ts';
import { unreadsQuery } from '../../../app/unreads.ts';
import { HtmlContent } from '../../../ui/html-content.tsx';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import { useChatProfile } from '../../chat/index.ts';
import { networkQuery } from '../../home/index.ts';
import { groupQuery } from '../api.ts';
import { FavoriteStar } from '../membership/favorite-star.tsx';
import { GroupHubLinks, hubLinksOf } from '../membership/group-hub-links.tsx';
import { MembershipActions } from '../membership/membership-actions.tsx';

const isMember = (group: Group) =>
  group.membership_status_of_current_member === 'member' || group.membership_status_of_current_member === 'admin';

/**
 * `/groups/{groupSlug}`: the group's hub. What it is (image, teaser, description), who is in it,
 * where the member stands with the fitting actions, and the ways into its calendar, chat,
 * members, map and administration.
 */
export function GroupPage() {
  const { t } = useTranslation(['groups', 'group-membership']);
  const { groupSlug = '' } = useParams();
  const group = useQuery(groupQuery(groupSlug));
  const network = useQuery(networkQuery);
  const unreads = useQuery(unreadsQuery);
  // Whether the member may chat at all (guests only where the network lets them).
  const { profile: chatProfile } = useChatProfile();
  usePageTitle(group.data?.name);
  const theme = useMantineTheme();

  if (group.isPending)
    return (
      <PageContainer>
        <LoadingRow />
      </PageContainer>
    );
  if (group.isError)
    return (
      <PageContainer>
        <ErrorRow error={group.error} kind="group" onRetry={() => void group.refetch()} />
      </PageContainer>
    );

  const data = group.data;
  // Reached by the group's id (a `#group` mention): the address names it by its slug.
  if (data.slug !== groupSlug) return <Navigate to={`/groups/${encodeURIComponent(data.slug)}`} replace />;
  const openJoinRequests =
    unreads.data?.GroupJoinRequests?.find((entry) => entry.group_id === data.id)?.open_join_requests ?? 0;
  const links = hubLinksOf(data, {
    mapsEnabled: !!network.data?.config.maps?.enabled,
    canChat: !!chatProfile?.can.chat,
    openJoinRequests,
  });
  const image = data.profile_image ? `/api/storage/images/${data.profile_image}/get/200x200` : null;

  return (
    <PageContainer>
      <Stack gap="md">
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
          <Stack gap="md">
            <Row gap="md" wrap="nowrap" align="flex-start">
              <Avatar
                src={image}
                name={data.name}
                size={72}
                color={theme.primaryColor}
                variant="filled"
                radius="md"
                alt=""
                aria-hidden
              />
              <Stack gap={6} miw={0} style={{ flex: 1 }}>
                <Row gap="xs" wrap="nowrap" justify="space-between" align="flex-start">
                  <Title order={1} fz="h2" style={{ overflowWrap: 'anywhere' }}>
                    {data.name}
                  </Title>
                  {isMember(data) && <FavoriteStar group={data} />}
                </Row>
                <Row gap={6}>
                  <Badge variant="light">{t(`access.${data.access}`)}</Badge>
                  {data.moderated_join && data.access === 'open' && (
                    <Badge variant="light" color="gray">
                      {t('group-membership:moderated')}
                    </Badge>
                  )}
                  {data.archived && <Badge color="gray">{t('archived')}</Badge>}
                  <Badge variant="outline" color="gray" data-testid="membership-status">
                    {t(`member_status.${data.membership_status_of_current_member}`)}
                  </Badge>
                </Row>
                {data.teaser && <Text>{data.teaser}</Text>}
                <Anchor component={Link} to={`/groups/${data.slug}/members`} size="sm" data-testid="member-count">
                  {t('member_count', { count: data.member_count })}
                </Anchor>
              </Stack>
            </Row>
            {data.archived && (
              <Alert
                color="gray"
                icon={<IconArchive size={18} aria-hidden />}
                title={t('group-membership:archived.title')}
              >
                {t('group-membership:archived.text')}
              </Alert>
            )}
            <MembershipActions group={data} />
          </Stack>
        </Paper>
        {data.description && (
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="group-about">
            <Title order={2} fz="h4" id="group-about" mb="xs">
              {t('group-membership:hub.about')}
            </Title>
            <HtmlContent html={data.description} />
          </Paper>
        )}
        <GroupHubLinks links={links} />
      </Stack>
    </PageContainer>
  );
}
