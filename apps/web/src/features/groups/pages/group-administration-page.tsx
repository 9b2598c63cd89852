import {
  Alert,
  Badge,
  Group as Row,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
  UnstyledButton,
} from '@mantine/core';
import {
  IconEyeOff,
  IconListTree,
  IconMailForward,
  IconMailPlus,
  IconPencil,
  IconSend,
  IconTags,
  IconUserCheck,
  IconUsers,
  type Icon as TablerIcon,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { Group } from '@agora/contracts';
import { PageContainer } from '../../../app/shell/page-container.tsx';
import { usePageTitle } from '../../../app/shell/page-title.ts';
import { unreadsQuery } from '../../../app/unreads.ts';
import { PageToolbar } from '../../../ui/page-toolbar.tsx';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import { networkQuery } from '../../home/index.ts';
import { groupQuery } from '../api.ts';
import { GroupLifecycleActions } from '../components/group-lifecycle-actions.tsx';

type Card = { key: string; path: string; icon: TablerIcon; count?: number; shown: boolean };

function cardsOf(group: Group, openJoinRequests: number, rolesEnabled: boolean): Card[] {
  const base = `/groups/${group.slug}`;
  return [
    { key: 'edit', path: `${base}/edit`, icon: IconPencil, shown: group.can.update },
    { key: 'members', path: `${base}/administration/members`, icon: IconUsers, shown: true },
    {
      key: 'membership_roles',
      path: `${base}/administration/membership_roles`,
      icon: IconTags,
      shown: group.can.update && rolesEnabled,
    },
    {
      key: 'join_requests',
      path: `${base}/administration/join_requests`,
      icon: IconUserCheck,
      count: openJoinRequests,
      shown: group.access !== 'hidden',
    },
    { key: 'invite', path: `${base}/membership_invites/new`, icon: IconSend, shown: group.can.invite_internal },
    {
      key: 'invite_external',
      path: `${base}/administration/invites/new?tab=email`,
      icon: IconMailPlus,
      shown: group.can.invite_external || group.can.invite_external_guests,
    },
    { key: 'sent_invites', path: `${base}/invites/sent`, icon: IconMailForward, shown: true },
    { key: 'navigation', path: `${base}/administration/navigation/edit`, icon: IconListTree, shown: group.can.update },
  ];
}

/**
 * `/groups/{groupSlug}/administration`: the group admin home, for the group's admins, its
 * category's admins and network admins (whoever may archive it); a group the member cannot see is
 * not found.
 */
export function GroupAdministrationPage() {
  const { t } = useTranslation('groups');
  const { groupSlug = '' } = useParams();
  const group = useQuery(groupQuery(groupSlug));
  const unreads = useQuery(unreadsQuery);
  const rolesEnabled = useQuery(networkQuery).data?.config.membership_roles?.enabled !== false;
  usePageTitle(group.data ? t('administration.title_of', { name: group.data.name }) : undefined);
  const openJoinRequests =
    unreads.data?.GroupJoinRequests?.find((entry) => entry.group_slug === groupSlug)?.open_join_requests ?? 0;

  return (
    <PageContainer>
      <Stack gap="md">
        <PageToolbar
          title={group.data ? t('administration.title_of', { name: group.data.name }) : t('administration.title')}
          backTo={`/groups/${groupSlug}`}
        />
        {group.isPending && <LoadingRow />}
        {group.isError && <ErrorRow error={group.error} kind="group" onRetry={() => void group.refetch()} />}
        {group.data && !group.data.can.archive && (
          <Alert color="red" title={t('administration.forbidden')}>
            {t('administration.forbidden_text')}
          </Alert>
        )}
        {group.data?.can.archive && (
          <>
            {group.data.hidden_main_group ? (
              <Alert
                color="blue"
                icon={<IconEyeOff size={18} aria-hidden />}
                title={t('administration.hidden_main_title')}
              >
                {t('administration.hidden_main_text')}
              </Alert>
            ) : (
              <Text c="dimmed">{t('administration.intro')}</Text>
            )}
            {group.data.archived && (
              <Alert color="gray" title={t('edit.archived_title')}>
                {t('administration.archived_text')}
              </Alert>
            )}
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
              {cardsOf(group.data, openJoinRequests, rolesEnabled)
                .filter((card) => card.shown)
                .map((card) => (
                  <AdministrationCard key={card.key} card={card} />
                ))}
            </SimpleGrid>
            <Paper withBorder radius="md" p="md">
              <Stack gap="sm">
                <Title order={2} fz="h4">
                  {t('administration.lifecycle')}
                </Title>
                <Text size="sm" c="dimmed">
                  {t(group.data.archived ? 'administration.unarchive_hint' : 'administration.archive_hint')}
                </Text>
                <GroupLifecycleActions group={group.data} />
              </Stack>
            </Paper>
          </>
        )}
      </Stack>
    </PageContainer>
  );
}

function AdministrationCard({ card }: { card: Card }) {
  const { t } = useTranslation('groups');
  const Icon = card.icon;
  return (
    <UnstyledButton component={Link} to={card.path}>
      <Paper withBorder radius="md" p="md" h="100%">
        <Row wrap="nowrap" align="flex-start">
          <ThemeIcon variant="light" size="lg">
            <Icon size={20} aria-hidden />
          </ThemeIcon>
          <div style={{ minWidth: 0 }}>
            <Row gap={6}>
              <Text fw={600}>{t(`administration.cards.${card.key}.title`)}</Text>
              {!!card.count && (
                <Badge color="red" aria-label={t('administration.open_count', { count: card.count })}>
                  {card.count > 99 ? '99+' : card.count}
                </Badge>
              )}
            </Row>
            <Text size="sm" c="dimmed">
              {t(`administration.cards.${card.key}.text`)}
            </Text>
          </div>
        </Row>
      </Paper>
    </UnstyledButton>
  );
}
