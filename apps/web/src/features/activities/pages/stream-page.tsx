import { Anchor, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { ACTIVITY_STREAM_FILTERS, ALL_STREAM_SLUG, type ActivityStreamFilter } from '@agora/contracts';
import { PageContainer } from '../../../app/shell/page-container.tsx';
import { usePageTitle } from '../../../app/shell/page-title.ts';
import { NotFoundState } from '../../../ui/not-found-state.tsx';
import { ErrorRow, LoadingRow } from '../../../ui/rows.tsx';
import { groupQuery } from '../../groups/index.ts';
import { streamListQuery, type StreamSource } from '../api.ts';
import { StreamHeader } from '../components/stream-header.tsx';
import { StreamView } from '../components/stream-view.tsx';
import { streamsOf } from '../lib/content.ts';
import { streamPath } from '../lib/paths.ts';

function filterOf(value: string | undefined): ActivityStreamFilter | null {
  if (value === undefined) return 'all';
  return (ACTIVITY_STREAM_FILTERS as readonly string[]).includes(value) ? (value as ActivityStreamFilter) : null;
}

/**
 * The member's home stream (what they subscribed to), the stream of a group, or a stream by its
 * slug, with a filter and a tag: `/activitystreams`, `/activitystreams/{slug}/{filter}?tag=`,
 * and the same within a group.
 */
export function StreamPage() {
  const { t } = useTranslation('activities');
  const params = useParams();
  const groupSlug = params['groupSlug'] ?? null;
  const streamSlug = params['streamSlug'] ?? null;
  const filter = filterOf(params['filter']);
  const [search, setSearch] = useSearchParams();
  const tag = search.get('tag')?.trim() || null;

  const list = useQuery(streamListQuery());
  const group = useQuery({ ...groupQuery(groupSlug ?? ''), enabled: groupSlug !== null });
  const groupId = groupSlug ? (group.data?.id ?? null) : null;

  const home = groupSlug === null && streamSlug === null;
  const slug = streamSlug ?? groupSlug ?? ALL_STREAM_SLUG;
  const stream = useMemo(() => {
    if (!list.data || home) return null;
    if (slug === ALL_STREAM_SLUG) return list.data.all;
    const streams = streamsOf(list.data);
    if (groupId && slug === groupSlug) return streams.find((s) => s.group?.id === groupId) ?? null;
    return streams.find((s) => s.slug === slug && s.kind === 'network') ?? streams.find((s) => s.slug === slug) ?? null;
  }, [list.data, home, slug, groupId, groupSlug]);

  // `all` is named in the member's language, whatever the server calls it.
  const title = home
    ? t('stream.home')
    : slug === ALL_STREAM_SLUG
      ? t('stream.all_streams')
      : (stream?.name ?? group.data?.name ?? slug);
  usePageTitle(title);

  const source: StreamSource = useMemo(
    () => ({
      kind: 'stream',
      stream: slug,
      groupId: groupSlug && slug === groupSlug ? groupId : null,
      subscribed: home,
      filter: filter ?? 'all',
      tag,
    }),
    [slug, groupSlug, groupId, home, filter, tag],
  );

  if (filter === null) return <NotFoundState />;
  if (groupSlug && group.isError) return <ErrorRow error={group.error} kind="group" />;

  const withTag = (path: string) => (tag ? `${path}?tag=${encodeURIComponent(tag)}` : path);
  const filterPath = (next: ActivityStreamFilter) =>
    withTag(
      home
        ? next === 'all'
          ? streamPath(null, null)
          : streamPath(null, ALL_STREAM_SLUG, next)
        : streamPath(groupSlug, slug, next),
    );
  const removeTag = () => {
    const next = new URLSearchParams(search);
    next.delete('tag');
    setSearch(next);
  };
  const waiting = (groupSlug !== null && groupId === null) || list.isPending;
  const mayPost = home || slug === ALL_STREAM_SLUG || Boolean(stream?.i.can.post);

  return (
    <PageContainer>
      <Stack gap="md">
        <StreamHeader
          title={title}
          list={list.data}
          stream={stream}
          filter={filter}
          filterPath={filterPath}
          tag={tag}
          onRemoveTag={removeTag}
        />
        {waiting ? (
          <LoadingRow />
        ) : (
          <StreamView
            source={source}
            readStreamId={home ? (list.data?.all.id ?? null) : (stream?.id ?? null)}
            liveStreamIds={home || slug === ALL_STREAM_SLUG || !stream ? null : [stream.id]}
            composer={
              mayPost && filter === 'all' && !tag
                ? home
                  ? null
                  : { slug, groupId: source.kind === 'stream' ? source.groupId : null }
                : undefined
            }
          />
        )}
      </Stack>
    </PageContainer>
  );
}

/** `/members/{id}/activities` and `/members/{id}/likes`: what a member posted, or liked. */
export function MemberActivitiesPage({ likes = false }: { likes?: boolean }) {
  const { t } = useTranslation('activities');
  const { membershipId = '' } = useParams();
  const title = likes ? t('member.likes') : t('member.activities');
  usePageTitle(title);
  const source: StreamSource = useMemo(
    () => (likes ? { kind: 'likes', memberId: membershipId } : { kind: 'member', memberId: membershipId }),
    [likes, membershipId],
  );
  return (
    <PageContainer>
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
            {title}
          </Title>
          <Anchor component={Link} to={`/members/${encodeURIComponent(membershipId)}`} size="sm">
            {t('member.profile')}
          </Anchor>
        </Stack>
        <StreamView
          source={source}
          emptyTitle={likes ? t('member.likes_empty') : t('member.activities_empty')}
          emptyText=""
        />
      </Stack>
    </PageContainer>
  );
}

export function MemberLikesPage() {
  return <MemberActivitiesPage likes />;
}
