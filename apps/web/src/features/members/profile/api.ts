import { queryOptions } from '@tanstack/react-query';
import type { MemberProfile } from '@agora/contracts';
import { api } from '../../../app/api-client.ts';

/** `GET /members/{id}`: the member's profile as the signed-in member may see it. */
export const memberProfileQuery = (membershipId: string) =>
  queryOptions({
    queryKey: ['members', membershipId, 'profile'],
    queryFn: () => api<MemberProfile>(`/members/${encodeURIComponent(membershipId)}`),
  });
