import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  Activity,
  ActivitystreamList,
  CircularLetterAcknowledgements,
  CircularLetterBody,
  MemberProfile,
} from '@agora/contracts';
import { api } from '../../app/api-client.ts';

/**
 * `GET /activitystreams.json`: its `can.create_circular_letter` says who may write one (under the
 * key the stream pages use for the same call, so both share one answer).
 */
export const activitystreamsQuery = queryOptions({
  queryKey: ['activities', 'streams', false],
  queryFn: () => api<ActivitystreamList>('/activitystreams.json'),
  staleTime: 60_000,
});

/** `GET /members/{id}`: the member's own groups, where it says which they administrate. */
export const ownProfileQuery = (membershipId: string) =>
  queryOptions({
    queryKey: ['members', membershipId, 'profile'],
    queryFn: () => api<MemberProfile>(`/members/${encodeURIComponent(membershipId)}`),
    staleTime: 60_000,
  });

/** `GET /api/v1/activities/{id}/acknowledgements`: who confirmed a circular letter, and who not yet. */
export const acknowledgementsQuery = (activityId: string) =>
  queryOptions({
    queryKey: ['activities', 'acknowledgements', activityId],
    queryFn: () =>
      api<CircularLetterAcknowledgements>(`/api/v1/activities/${encodeURIComponent(activityId)}/acknowledgements`),
  });

/** `POST /api/v1/circular_letters`: the answer is the letter's activity. */
export function useSendCircularLetter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CircularLetterBody) => api<Activity>('/api/v1/circular_letters', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['activities', 'stream'] }),
  });
}
