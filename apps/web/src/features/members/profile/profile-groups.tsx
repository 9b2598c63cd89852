import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MemberProfile, MemberProfileGroup } from '@agora/contracts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import classes from './profile.module.css';

type Section = { id: string; name: string; groups: MemberProfileGroup[] };

/** The groups in their categories, which come in order from the server. */
function byCategory(groups: MemberProfileGroup[]): Section[] {
  const sections = new Map<string, Section>();
  for (const group of groups) {
    const section = sections.get(group.category.id) ?? {
      id: group.category.id,
      name: group.category.plural_name,
      groups: [],
    };
    section.groups.push(group);
    sections.set(group.category.id, section);
  }
  return [...sections.values()];
}

/** The member's groups that the viewer may see, by category, each a link to the group. */
export function ProfileGroups({ profile }: { profile: MemberProfile }) {
  const { t } = useTranslation('members');
  const sections = byCategory(profile.groups);

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="profile-groups">
      <Stack gap="sm">
        <Title order={2} fz="h4" id="profile-groups">
          {t('profile.groups')}
        </Title>
        {sections.length === 0 && <EmptyState size="sm" icon={<IconUsersGroup />} title={t('profile.no_groups')} />}
        {sections.map((section) => (
          <Stack gap={6} key={section.id}>
            <Title order={3} fz="sm" c="dimmed" fw={600}>
              {section.name}
            </Title>
            <ul className={classes.groupList} aria-label={section.name}>
              {section.groups.map((group) => (
                <li key={group.id}>
                  <Group gap={8} wrap="wrap">
                    <Anchor component={Link} to={group.path} c={group.archived ? 'dimmed' : undefined}>
                      {group.name}
                    </Anchor>
                    {group.admin && (
                      <Badge size="sm" variant="light">
                        {t('profile.group_admin')}
                      </Badge>
                    )}
                    {group.archived && (
                      <Badge size="sm" variant="outline" color="gray">
                        {t('profile.archived')}
                      </Badge>
                    )}
                  </Group>
                </li>
              ))}
            </ul>
          </Stack>
        ))}
        {profile.more_groups && (
          <Text c="dimmed" size="sm">
            {t('profile.more_groups')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
