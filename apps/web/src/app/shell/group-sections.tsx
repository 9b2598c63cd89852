import { Anchor, Collapse, Group, NavLink, Stack, Text, UnstyledButton } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { IconChevronRight, IconStarFilled } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { UserbarGroups } from '@agora/contracts';
import { userbarGroupsQuery } from '../../features/groups/index.ts';

type Category = UserbarGroups['categories'][number];

/** Sections of the user bar, one per group category, open or closed as the member left them. */
export function GroupSections() {
  const { t } = useTranslation('shell');
  const groups = useQuery(userbarGroupsQuery);
  // Open or closed per category; categories the member never toggled follow the default.
  const [openState, setOpenState] = useLocalStorage<Record<string, boolean>>({
    key: 'agora.userbar.sections',
    defaultValue: {},
  });

  if (groups.isPending) return null;
  if (groups.isError) {
    return (
      <Stack gap={4} px="xs">
        <Text size="sm">{t('groups_load_error')}</Text>
        <Anchor component="button" size="sm" onClick={() => void groups.refetch()}>
          {t('try_again')}
        </Anchor>
      </Stack>
    );
  }

  return (
    <Stack gap={4}>
      {groups.data.categories.map((category) => (
        <CategorySection
          key={category.id}
          category={category}
          opened={openState[category.id] ?? category.groups.length > 0}
          onToggle={(opened) => setOpenState((state) => ({ ...state, [category.id]: opened }))}
        />
      ))}
    </Stack>
  );
}

function CategorySection(props: { category: Category; opened: boolean; onToggle: (opened: boolean) => void }) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const { category, opened } = props;
  const id = `userbar-category-${category.id}`;

  return (
    <section aria-labelledby={`${id}-title`}>
      <UnstyledButton
        onClick={() => props.onToggle(!opened)}
        aria-expanded={opened}
        aria-controls={id}
        w="100%"
        px="xs"
        py={6}
        data-testid={`userbar-category-${category.slug}`}
      >
        <Group gap={6} wrap="nowrap">
          <IconChevronRight
            size={14}
            aria-hidden
            style={{ transform: opened ? 'rotate(90deg)' : undefined, transition: 'transform 150ms' }}
          />
          <Text id={`${id}-title`} size="xs" fw={700} tt="uppercase" style={{ letterSpacing: 0.4 }}>
            {category.plural_name}
          </Text>
        </Group>
      </UnstyledButton>
      <Collapse in={opened} id={id}>
        {category.groups.length === 0 ? (
          <Text size="sm" px="md" py={4} c="dimmed">
            {t('no_groups')}
          </Text>
        ) : (
          category.groups.map((group) => (
            <NavLink
              key={group.id}
              component={Link}
              to={`/groups/${group.slug}`}
              // A long name takes two lines at most; the whole name shows on hover and is the link's name.
              label={
                <Text inherit lineClamp={2}>
                  {group.name}
                </Text>
              }
              title={group.name}
              description={group.archived ? t('archived') : undefined}
              rightSection={
                group.favorited ? (
                  <IconStarFilled size={14} color="var(--mantine-color-yellow-6)" aria-label={t('favorite')} />
                ) : undefined
              }
              active={pathname === `/groups/${group.slug}` || pathname.startsWith(`/groups/${group.slug}/`)}
              variant="light"
              py={4}
              style={{ borderRadius: 'var(--mantine-radius-md)' }}
            />
          ))
        )}
      </Collapse>
    </section>
  );
}
