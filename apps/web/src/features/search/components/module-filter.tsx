import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SearchModule, SearchResponse } from '@agora/contracts';
import { modulesOf, resultOf } from '../api.ts';
import { searchPath } from '../lib/params.ts';
import { shownResultTotal, shownTotal } from '../lib/total.ts';

type ModuleFilterProps = {
  q: string;
  current: SearchModule | null;
  /** The overview's answer: its totals stay the counts while one module is shown. */
  overview: SearchResponse | undefined;
  groupSlug: string | null;
};

/** A button per result type with its count, and one for all of them (communication spec, section 2). */
export function ModuleFilter({ q, current, overview, groupSlug }: ModuleFilterProps) {
  const { t } = useTranslation('search');
  const modules = modulesOf(overview);
  const all = modules.reduce((sum, module) => sum + (resultOf(overview, module)?.total ?? 0), 0);
  const allCapped = modules.some((module) => resultOf(overview, module)?.total_capped);
  const button = (module: SearchModule | null, label: string, count: string | undefined) => (
    <Button
      key={module ?? 'all'}
      component={Link}
      to={searchPath({ q, module }, groupSlug)}
      size="compact-sm"
      radius="xl"
      variant={current === module ? 'filled' : 'default'}
      aria-current={current === module ? 'page' : undefined}
      rightSection={count === undefined ? null : <span data-testid={`count-${module ?? 'all'}`}>{count}</span>}
    >
      {label}
    </Button>
  );
  return (
    <Group gap={6} role="navigation" aria-label={t('filter.label')}>
      {button(null, t('filter.all'), overview ? shownTotal(all, allCapped) : undefined)}
      {modules.map((module) => {
        const result = resultOf(overview, module);
        return button(module, t(`modules.${module}`), result ? shownResultTotal(result) : undefined);
      })}
    </Group>
  );
}
