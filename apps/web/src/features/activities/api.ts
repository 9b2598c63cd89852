import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import {
  ACTIVITY_LIMITS,
  type Activity,
  type ActivityBody,
  type ActivityLikePage,
  type ActivityPage,
  type ActivityReply,
  type ActivityReplyBody,
  type ActivityReplyPage,
  type ActivityReplyType,
  type ActivityStreamFilter,
  type ActivityUnreads,
  type ActivityUpdateBody,
  type ActivitystreamList,
} from '@agora/contracts';
import { api } from '../../app/api-client.ts';
import { unreadsQuery } from '../../app/unreads.ts';

/**
 * The activity stream calls of the communication spec. Stream queries are never stale: they
 * change through what the member does here and through the live events (a banner, no jumps).
 */

const BASE = '/api/v1/activities';
const id = encodeURIComponent;

/** What a stream page shows: a stream (or the home), a filter, a tag; or one member's posts or likes. */
export type StreamSource =
  | {
      kind: 'stream';
      stream: string;
      groupId?: string | null;
      subscribed?: boolean;
      filter: ActivityStreamFilter;
      tag?: string | null;
    }
  | { kind: 'member'; memberId: string }
  | { kind: 'likes'; memberId: string };

function listPath(source: StreamSource, before: string | null): string {
  const search = new URLSearchParams();
  if (source.kind === 'likes') {
    if (before) search.set('before', before);
    const query = search.toString();
    return `/api/v1/members/${id(source.memberId)}/likes${query ? `?${query}` : ''}`;
  }
  if (source.kind === 'member') search.set('member_id', source.memberId);
  else {
    search.set('stream', source.stream);
    if (source.groupId) search.set('group_id', source.groupId);
    if (source.subscribed) search.set('subscribed', 'true');
    if (source.filter !== 'all') search.set('filter', source.filter);
    if (source.tag) search.set('tag', source.tag);
  }
  if (before) search.set('before', before);
  return `${BASE}?${search.toString()}`;
}

export const streamKey = (source: StreamSource) => ['activities', 'stream', source] as const;

/** `GET /api/v1/activities` (or a member's likes) page after page, by `before`. */
export const streamQuery = (source: StreamSource) =>
  infiniteQueryOptions({
    queryKey: streamKey(source),
    queryFn: ({ pageParam, signal }) => api<ActivityPage | ActivityLikePage>(listPath(source, pageParam), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_before,
    staleTime: Infinity,
  });

/** `GET /api/v1/activities/{id}`. */
export const activityQuery = (activityId: string) =>
  queryOptions({
    queryKey: ['activities', 'detail', activityId],
    queryFn: () => api<Activity>(`${BASE}/${id(activityId)}`),
    staleTime: Infinity,
  });

/** `GET /api/v1/activities/{id}/{type}`: all replies (or answers), oldest first, by `after`. */
export const repliesQuery = (activityId: string, type: ActivityReplyType) =>
  infiniteQueryOptions({
    queryKey: ['activities', 'replies', activityId, type],
    queryFn: ({ pageParam }) => {
      const search = pageParam ? `?after=${id(pageParam)}` : '';
      return api<ActivityReplyPage>(`${BASE}/${id(activityId)}/${type}${search}`);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_after,
    staleTime: Infinity,
  });

/** `GET /activitystreams.json` (`?postable=true`: where the member may post). */
export const streamListQuery = (postable = false) =>
  queryOptions({
    queryKey: ['activities', 'streams', postable],
    queryFn: () => api<ActivitystreamList>(`/activitystreams.json${postable ? '?postable=true' : ''}`),
    staleTime: 5 * 60 * 1000,
  });

/** `GET /unreads/activities`: unread activities per stream; the user bar polls it. */
export const activityUnreadsQuery = queryOptions({
  queryKey: ['activities', 'unreads'],
  queryFn: () => api<ActivityUnreads>('/unreads/activities'),
  refetchInterval: ACTIVITY_LIMITS.unreadsPollMs,
  staleTime: ACTIVITY_LIMITS.unreadsPollMs,
});

type Pages = InfiniteData<ActivityPage, string | null>;

/** Puts a changed activity everywhere it is shown (stream pages and its own page). */
export function replaceActivity(queryClient: QueryClient, activity: Activity) {
  queryClient.setQueriesData<Pages>({ queryKey: ['activities', 'stream'] }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            activities: page.activities.map((a) => (a.id === activity.id ? activity : a)),
          })),
        }
      : data,
  );
  queryClient.setQueryData(activityQuery(activity.id).queryKey, (old) => (old ? activity : old));
}

/** Takes a deleted activity out of every stream page shown. */
export function dropActivity(queryClient: QueryClient, activityId: string) {
  queryClient.setQueriesData<Pages>({ queryKey: ['activities', 'stream'] }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            activities: page.activities.filter((a) => a.id !== activityId),
          })),
        }
      : data,
  );
}

/** Puts a new activity at the top of a stream's first page. */
export function prependActivity(queryClient: QueryClient, source: StreamSource, activity: Activity) {
  queryClient.setQueryData<Pages>(streamKey(source), (data) => {
    if (!data || data.pages.length === 0) return data;
    const [first, ...rest] = data.pages;
    if (first!.activities.some((a) => a.id === activity.id)) return data;
    return { ...data, pages: [{ ...first!, activities: [activity, ...first!.activities] }, ...rest] };
  });
}

/** Loads one activity again (a reply arrived, it was edited) and shows it everywhere. */
export async function refreshActivity(queryClient: QueryClient, activityId: string) {
  const activity = await api<Activity>(`${BASE}/${id(activityId)}`);
  replaceActivity(queryClient, activity);
  await queryClient.invalidateQueries({ queryKey: ['activities', 'replies', activityId] });
  return activity;
}

/** `POST /api/v1/activities`. */
export function usePostActivity() {
  return useMutation({
    mutationFn: (body: ActivityBody) => api<Activity>(BASE, { method: 'POST', body }),
  });
}

/** `PUT /api/v1/activities/{id}`. */
export function useUpdateActivity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ activityId, body }: { activityId: string; body: ActivityUpdateBody }) =>
      api<Activity>(`${BASE}/${id(activityId)}`, { method: 'PUT', body }),
    onSuccess: (activity, { activityId }) =>
      activity ? replaceActivity(queryClient, activity) : refreshActivity(queryClient, activityId),
  });
}

/** `DELETE /api/v1/activities/{id}`. */
export function useDeleteActivity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (activityId: string) => api<void>(`${BASE}/${id(activityId)}`, { method: 'DELETE' }),
    onSuccess: (_answer, activityId) => dropActivity(queryClient, activityId),
  });
}

/** `POST`/`DELETE /api/v1/activities/{id}/like`, shown at once. */
export function useLikeActivity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ activity, like }: { activity: Activity; like: boolean }) =>
      api<unknown>(`${BASE}/${id(activity.id)}/like`, { method: like ? 'POST' : 'DELETE' }),
    onMutate: ({ activity, like }) =>
      replaceActivity(queryClient, {
        ...activity,
        like_count: Math.max(0, activity.like_count + (like ? 1 : -1)),
        i: { ...activity.i, liked: like },
      }),
    onError: (_error, { activity }) => replaceActivity(queryClient, activity),
  });
}

/** `POST`/`DELETE /api/v1/activities/{id}/{type}/{replyId}/like`. */
export function useLikeReply() {
  return useMutation({
    mutationFn: ({ reply, like }: { reply: ActivityReply; like: boolean }) =>
      api<unknown>(`${BASE}/${id(reply.activity_id)}/${reply.type}/${id(reply.id)}/like`, {
        method: like ? 'POST' : 'DELETE',
      }),
  });
}

/** `POST /api/v1/activities/{id}/{type}`: the activity shows it at once. */
export function usePostReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      activityId,
      type,
      body,
    }: {
      activityId: string;
      type: ActivityReplyType;
      body: ActivityReplyBody;
    }) => api<ActivityReply>(`${BASE}/${id(activityId)}/${type}`, { method: 'POST', body }),
    onSuccess: (_reply, { activityId }) => refreshActivity(queryClient, activityId),
  });
}

/** `PUT /api/v1/activities/{id}/{type}/{replyId}`. */
export function useUpdateReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reply, body }: { reply: ActivityReply; body: ActivityReplyBody }) =>
      api<ActivityReply>(`${BASE}/${id(reply.activity_id)}/${reply.type}/${id(reply.id)}`, { method: 'PUT', body }),
    onSuccess: (_answer, { reply }) => refreshActivity(queryClient, reply.activity_id),
  });
}

/** `DELETE /api/v1/activities/{id}/{type}/{replyId}`. */
export function useDeleteReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reply: ActivityReply) =>
      api<void>(`${BASE}/${id(reply.activity_id)}/${reply.type}/${id(reply.id)}`, { method: 'DELETE' }),
    onSuccess: (_answer, reply) => refreshActivity(queryClient, reply.activity_id),
  });
}

/** `POST /api/v1/activities/{id}/acknowledge`: the recipient read the circular letter. */
export function useAcknowledge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (activityId: string) => api<unknown>(`${BASE}/${id(activityId)}/acknowledge`, { method: 'POST' }),
    onSuccess: (_answer, activityId) => refreshActivity(queryClient, activityId),
  });
}

/** `POST`/`DELETE /api/v1/activitystreams/{id}/subscribe`: whether the stream reaches the home. */
export function useSubscribeStream() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ streamId, subscribe }: { streamId: string; subscribe: boolean }) =>
      api<unknown>(`/api/v1/activitystreams/${id(streamId)}/subscribe`, { method: subscribe ? 'POST' : 'DELETE' }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['activities', 'streams'] }),
        queryClient.invalidateQueries({ queryKey: ['activities', 'unreads'] }),
      ]),
  });
}

/** `POST /api/v1/activitystreams/{id}/read`: the stream was seen; the counters follow. */
export async function markStreamRead(queryClient: QueryClient, streamId: string) {
  await api<unknown>(`/api/v1/activitystreams/${id(streamId)}/read`, { method: 'POST' });
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: unreadsQuery.queryKey }),
    queryClient.invalidateQueries({ queryKey: activityUnreadsQuery.queryKey }),
  ]);
}
