import { ALL_STREAM_SLUG, type Activitystream, type ActivityStreamFilter } from '@agora/contracts';

/** `/activitystreams` or, within a group, `/groups/{slug}/activitystreams`. */
export function streamsBase(groupSlug: string | null): string {
  return groupSlug ? `/groups/${encodeURIComponent(groupSlug)}/activitystreams` : '/activitystreams';
}

/** A stream (and filter) page; the group's own stream is the group's base. */
export function streamPath(
  groupSlug: string | null,
  streamSlug: string | null,
  filter: ActivityStreamFilter = 'all',
): string {
  const base = streamsBase(groupSlug);
  if (streamSlug === null) return filter === 'all' ? base : `${base}/${ALL_STREAM_SLUG}/${filter}`;
  const stream = `${base}/${encodeURIComponent(streamSlug)}`;
  if (filter !== 'all') return `${stream}/${filter}`;
  return groupSlug && streamSlug === groupSlug ? base : stream;
}

/** Where the switcher leads for a stream of the list. */
export function pathOfStream(stream: Activitystream): string {
  if (stream.kind === 'group' && stream.group) return streamsBase(stream.group.slug);
  return `/activitystreams/${encodeURIComponent(stream.slug)}`;
}
