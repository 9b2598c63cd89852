import { Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { IconChevronRight, IconFolders } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { NetworkShell } from '@agora/contracts';
import { userbarGroupsQuery } from '../../groups/index.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import classes from './home.module.css';

type Categories = NetworkShell['group_categories'];

/** The directory's tab of a group category, where its groups are listed, found and joined. */
export const categoryTabPath = (category: { id: string }) => `/directory/${encodeURIComponent(category.id)}`;

/** The group categories as cards, each leading to its tab in the directory, with how many of its groups are the member's. */
export function GroupCategories({ categories, narrow = false }: { categories: Categories; narrow?: boolean }) {
  const { t } = useTranslation('home');
  const headingId = useId();
  const mine = useQuery(userbarGroupsQuery).data?.categories;
  const countOf = (id: string) => mine?.find((category) => category.id === id)?.groups.length;

  return (
    <section aria-labelledby={headingId} data-testid="home-categories">
      <Title order={2} fz="h4" id={headingId} mb="sm">
        {t('categories.title')}
      </Title>
      {categories.length === 0 ? (
        <Paper withBorder radius="md">
          <EmptyState size="sm" icon={<IconFolders />} title={t('no_group_categories')} />
        </Paper>
      ) : (
        <SimpleGrid cols={narrow ? 2 : { base: 2, md: 4 }} spacing="sm" component="ul" m={0} p={0}>
          {[...categories]
            .sort((a, b) => a.order - b.order)
            .map((category) => {
              const count = countOf(category.id);
              return (
                <li key={category.id} style={{ listStyle: 'none' }}>
                  <UnstyledButton
                    component={Link}
                    to={categoryTabPath(category)}
                    className={classes.categoryCard}
                    data-testid="home-category"
                  >
                    <Group gap="sm" wrap="nowrap" justify="space-between">
                      <Group gap="sm" wrap="nowrap" miw={0}>
                        <ThemeIcon variant="light" size="lg" radius="md" aria-hidden visibleFrom="xs">
                          <IconFolders size={20} stroke={1.6} />
                        </ThemeIcon>
                        <Stack gap={0} miw={0}>
                          <Text fw={600} truncate>
                            {category.plural_name}
                          </Text>
                          {count !== undefined && (
                            <Text size="xs" c="dimmed">
                              {count > 0 ? t('categories.mine', { count }) : t('categories.none_mine')}
                            </Text>
                          )}
                        </Stack>
                      </Group>
                      <IconChevronRight size={18} aria-hidden className={classes.chevron} />
                    </Group>
                  </UnstyledButton>
                </li>
              );
            })}
        </SimpleGrid>
      )}
    </section>
  );
}
