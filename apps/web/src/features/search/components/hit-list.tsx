import { Anchor, Group } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SearchHits, SearchModule, SearchResult } from '@agora/contracts';
import { networkQuery } from '../../home/index.ts';
import { ActivityHit } from './hits/activity-hit.tsx';
import { AppointmentHit } from './hits/appointment-hit.tsx';
import { FileHit, FolderHit } from './hits/file-hits.tsx';
import { MessageHit } from './hits/message-hit.tsx';
import { GroupHit, MemberHit } from './hits/people-hits.tsx';
import classes from './search.module.css';

/** One hit as its module shows it. */
function Hit({ module, hit, result }: { module: SearchModule; hit: SearchHits[SearchModule]; result: SearchResult }) {
  const highlight = result.meta.highlight[hit.id];
  switch (module) {
    case 'activities':
      return <ActivityHit hit={hit as SearchHits['activities']} highlight={highlight} />;
    case 'messages':
      return <MessageHit hit={hit as SearchHits['messages']} highlight={highlight} />;
    case 'appointments':
      return <AppointmentHit hit={hit as SearchHits['appointments']} highlight={highlight} />;
    case 'files':
      return <FileHit hit={hit as SearchHits['files']} highlight={highlight} />;
    case 'folders':
      return <FolderHit hit={hit as SearchHits['folders']} highlight={highlight} />;
    case 'memberships':
      return <MemberHit hit={hit as SearchHits['memberships']} highlight={highlight} />;
    case 'groups':
      return <GroupHit hit={hit as SearchHits['groups']} highlight={highlight} />;
  }
}

/** A module's hits of one answer. */
export function HitList({ module, result }: { module: SearchModule; result: SearchResult }) {
  return (
    <ul className={classes.hitList} data-testid={`hits-${module}`}>
      {result.hits.map((hit) => (
        <Hit key={hit.id} module={module} hit={hit} result={result} />
      ))}
    </ul>
  );
}

/**
 * Where a module's own search goes on (communication spec, section 2): members to the member
 * directory, groups to their categories in the directory, both with the query.
 */
export function DirectoryLinks({ module, result, q }: { module: SearchModule; result: SearchResult; q: string }) {
  const { t } = useTranslation('search');
  const categories = useQuery(networkQuery).data?.group_categories ?? [];
  const query = `?q=${encodeURIComponent(q)}`;
  if (module === 'memberships')
    return (
      <Anchor component={Link} to={`/members${query}`} size="sm">
        {t('all_members', { q })}
      </Anchor>
    );
  if (module !== 'groups') return null;
  const slugs = [...new Set((result.hits as Array<SearchHits['groups']>).map((hit) => hit.group_category_slug))];
  return (
    <Group gap="md">
      {slugs.map((slug) => {
        const category = categories.find((c) => c.slug === slug);
        return (
          <Anchor key={slug} component={Link} to={`/directory/${encodeURIComponent(slug)}${query}`} size="sm">
            {t('groups_in_directory', { category: category?.plural_name ?? slug })}
          </Anchor>
        );
      })}
    </Group>
  );
}
