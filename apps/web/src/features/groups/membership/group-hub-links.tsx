import { Badge, Group as Row, Paper, SimpleGrid, Text, ThemeIcon, UnstyledButton, VisuallyHidden } from '@mantine/core';
import {
  IconCalendar,
  IconMap2,
  IconMessages,
  IconSettings,
  IconUsers,
  type Icon as TablerIcon,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { groupChatId, type Group } from '@agora/contracts';

type HubLink = { key: string; path: string; icon: TablerIcon; count?: number };

/** The ways into the group: what it has and what the member may open. */
export function hubLinksOf(
  group: Group,
  options: { mapsEnabled: boolean; canChat: boolean; openJoinRequests: number },
): HubLink[] {
  const base = `/groups/${group.slug}`;
  const member =
    group.membership_status_of_current_member === 'member' || group.membership_status_of_current_member === 'admin';
  const links: Array<HubLink | false> = [
    { key: 'calendar', path: `${base}/calendars`, icon: IconCalendar },
    group.chat === 'enabled' &&
      member &&
      options.canChat && { key: 'chat', path: `/chat/${groupChatId(group.id)}`, icon: IconMessages },
    { key: 'members', path: `${base}/members`, icon: IconUsers },
    options.mapsEnabled && { key: 'map', path: `${base}/map`, icon: IconMap2 },
    (group.can.update || group.can.archive) && {
      key: 'administration',
      path: `${base}/administration`,
      icon: IconSettings,
      count: options.openJoinRequests,
    },
  ];
  return links.filter((link): link is HubLink => !!link);
}

export function GroupHubLinks({ links }: { links: HubLink[] }) {
  const { t } = useTranslation('group-membership');
  return (
    <nav aria-label={t('hub.links')}>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
        {links.map((link) => (
          <UnstyledButton key={link.key} component={Link} to={link.path} data-testid={`hub-${link.key}`}>
            <Paper withBorder radius="md" p="md" h="100%">
              <Row gap="sm" wrap="nowrap" align="flex-start">
                <ThemeIcon variant="light" size="lg" radius="md" aria-hidden>
                  <link.icon size={20} />
                </ThemeIcon>
                <div style={{ minWidth: 0, flex: 1 }}>
                  <Row gap={6}>
                    <Text fw={600}>{t(`hub.${link.key}.title`)}</Text>
                    {!!link.count && (
                      <Badge color="red.9" size="sm" circle={link.count < 10}>
                        <span aria-hidden>{link.count > 99 ? '99+' : link.count}</span>
                        <VisuallyHidden>{t('hub.open_requests', { count: link.count })}</VisuallyHidden>
                      </Badge>
                    )}
                  </Row>
                  <Text size="sm" c="dimmed">
                    {t(`hub.${link.key}.text`)}
                  </Text>
                </div>
              </Row>
            </Paper>
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </nav>
  );
}
