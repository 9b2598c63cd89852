import { Anchor, Badge, Group, Stack, Title } from '@mantine/core';
import { IconSearchOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SearchResponse } from '@agora/contracts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { modulesOf, resultOf } from '../api.ts';
import { shownResultTotal } from '../lib/total.ts';
import { searchPath } from '../lib/params.ts';
import { DirectoryLinks, HitList } from './hit-list.tsx';

/** No module chosen: a section per module with hits, its first hits and the way to the rest. */
export function Overview({ q, answer, groupSlug }: { q: string; answer: SearchResponse; groupSlug: string | null }) {
  const { t } = useTranslation('search');
  const modules = modulesOf(answer).filter((module) => (resultOf(answer, module)?.total ?? 0) > 0);
  if (modules.length === 0)
    return <EmptyState icon={<IconSearchOff />} title={t('no_results')} text={t('no_results_for', { q })} />;
  return (
    <Stack gap="xl">
      {modules.map((module) => {
        const result = resultOf(answer, module)!;
        return (
          <Stack key={module} gap="xs" component="section" aria-labelledby={`search-${module}`}>
            <Group gap="xs">
              <Title order={2} fz="h4" id={`search-${module}`}>
                {t(`modules.${module}`)}
              </Title>
              <Badge variant="light" color="gray" aria-label={t('total', { count: result.total })}>
                {shownResultTotal(result)}
              </Badge>
            </Group>
            <HitList module={module} result={result} />
            <Group gap="md">
              {result.total > result.hits.length && (
                <Anchor component={Link} to={searchPath({ q, module }, groupSlug)} size="sm" fw={600}>
                  {t('more_results')}
                </Anchor>
              )}
              <DirectoryLinks module={module} result={result} q={q} />
            </Group>
          </Stack>
        );
      })}
    </Stack>
  );
}
