import { Anchor, Avatar, Badge, Box, Button, Group, SimpleGrid, Text } from '@mantine/core';
import { IconStarFilled, IconUsersGroup } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { UserbarGroups } from '@agora/contracts';
import { userbarGroupsQuery } from '../../groups/index.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { HomeSection } from './home-section.tsx';

/** How many groups the start page lists; the user bar and the profile have them all. */
const SHOWN = 8;

type Category = UserbarGroups['categories'][number];
type MemberGroup = Category['groups'][number] & { category: string };

/** The member's groups in the user bar's order (favourites first in each category). */
export function memberGroups(categories: readonly Category[]): MemberGroup[] {
  return categories.flatMap((category) =>
    category.groups.map((group) => ({ ...group, category: category.plural_name })),
  );
}

/**
 * The member's groups, each a link to the group; the way on is the directory, where groups are
 * found and joined. The same answer as the user bar's sections: one request for all groups.
 */
export function MyGroups({ directoryPath, profilePath }: { directoryPath: string; profilePath: string }) {
  const { t } = useTranslation('home');
  const query = useQuery(userbarGroupsQuery);
  const groups = memberGroups(query.data?.categories ?? []);
  const hidden = groups.length - SHOWN;

  return (
    <HomeSection
      name="groups"
      icon={IconUsersGroup}
      title={t('groups.title')}
      more={{ to: directoryPath, label: t('groups.find') }}
      state={query}
    >
      {groups.length === 0 ? (
        <EmptyState
          size="sm"
          icon={<IconUsersGroup />}
          title={t('groups.empty_title')}
          text={t('groups.empty_text')}
          action={
            <Button component={Link} to={directoryPath} variant="light" size="xs">
              {t('groups.find')}
            </Button>
          }
        />
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing={4} component="ul" m={0} p={0}>
            {groups.slice(0, SHOWN).map((group) => (
              <GroupRow key={group.id} group={group} />
            ))}
          </SimpleGrid>
          {hidden > 0 && (
            <Anchor component={Link} to={profilePath} size="sm">
              {t('groups.more', { count: hidden })}
            </Anchor>
          )}
        </>
      )}
    </HomeSection>
  );
}

function GroupRow({ group }: { group: MemberGroup }) {
  const { t } = useTranslation('home');
  return (
    <Box component="li" style={{ listStyle: 'none' }} miw={0} data-testid="home-group">
      <Group gap="sm" wrap="nowrap" py={4}>
        <Avatar size={36} radius="md" color="grape" variant="light" aria-hidden>
          <IconUsersGroup size={18} />
        </Avatar>
        <Box miw={0} style={{ flex: 1 }}>
          <Group gap={4} wrap="nowrap">
            <Anchor component={Link} to={`/groups/${encodeURIComponent(group.slug)}`} fw={600} size="sm" truncate>
              {group.name}
            </Anchor>
            {group.favorited && (
              <Text span c="yellow.6" lh={0} role="img" aria-label={t('groups.favorite')}>
                <IconStarFilled size={12} aria-hidden />
              </Text>
            )}
          </Group>
          <Group gap={6} wrap="nowrap">
            <Text size="xs" c="dimmed" truncate>
              {group.category}
            </Text>
            {group.archived && (
              <Badge size="xs" variant="light" color="gray">
                {t('groups.archived')}
              </Badge>
            )}
          </Group>
        </Box>
      </Group>
    </Box>
  );
}
