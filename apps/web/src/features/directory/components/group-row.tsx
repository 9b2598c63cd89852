import { Anchor, Avatar, Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { imageUrl, type DirectoryGroup } from '@agora/contracts';
import { GroupActionButton } from './group-action.tsx';
import classes from './directory.module.css';

// Dark shades: white text on them stays readable (WCAG AA).
const STATE_COLORS = { member: 'teal.9', in_moderation: 'violet.9', invited: 'blue.9' } as const;

/** A group of a category tab: image, name, teaser, members, the member's state and action. */
export function GroupRow({ group }: { group: DirectoryGroup }) {
  const { t } = useTranslation('directory');
  const state = group.membership_status_of_current_member;
  const image = group.profile_image ? imageUrl(group.profile_image, '80x80') : null;
  return (
    <li className={classes.groupRow} data-testid="group-row">
      <Group gap="sm" wrap="nowrap" align="flex-start" miw={0}>
        <Avatar src={image} name={group.name} alt="" aria-hidden size={40} radius="md" />
        <Stack gap={2} miw={0}>
          <Group gap={6} wrap="wrap">
            <Anchor component={Link} to={`/groups/${group.slug}`} fw={600} style={{ overflowWrap: 'anywhere' }}>
              {group.name}
            </Anchor>
            {group.access !== 'open' && (
              <Badge size="xs" variant="light" color="gray">
                {t(`groups.access.${group.access}`)}
              </Badge>
            )}
            {group.archived && (
              <Badge size="xs" variant="outline" color="gray">
                {t('groups.archived')}
              </Badge>
            )}
            {state !== 'no_member' && (
              <Badge size="xs" variant="filled" color={STATE_COLORS[state]} data-testid="group-state">
                {t(`state.${state}`)}
              </Badge>
            )}
          </Group>
          {group.teaser && (
            <Text size="sm" c="dimmed" lineClamp={2}>
              {group.teaser}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {t('groups.member_count', { count: group.member_count })}
          </Text>
        </Stack>
      </Group>
      <Group justify="flex-end" gap="xs">
        <GroupActionButton group={group} />
      </Group>
    </li>
  );
}
