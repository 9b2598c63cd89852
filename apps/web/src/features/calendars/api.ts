import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AppointmentMonth,
  AuthenticationTokenAnswer,
  Calendar,
  CalendarBody,
  CalendarContext,
  CalendarList,
} from '@agora/contracts';
import { api } from '../../app/api-client.ts';
import { browserTimeZone } from '../../ui/time-zones.ts';

/** The calendars the member may read: all of them, or a group's. */
export const calendarsQuery = (groupSlug?: string) =>
  queryOptions({
    queryKey: ['calendars', 'list', groupSlug ?? null],
    queryFn: () => api<CalendarList>(groupSlug ? `/groups/${encodeURIComponent(groupSlug)}/calendars` : '/calendars'),
    staleTime: 60 * 1000,
  });

export const calendarQuery = (id: string) =>
  queryOptions({
    queryKey: ['calendars', 'one', id],
    queryFn: () => api<Calendar>(`/calendars/${id}`),
  });

/** The preloaded context: what the member, the network and the group allow. */
export const calendarContextQuery = (groupSlug?: string) =>
  queryOptions({
    queryKey: ['calendars', 'context', groupSlug ?? null],
    queryFn: () =>
      api<CalendarContext>(
        `/api/v1/calendars/context${groupSlug ? `?group_slug=${encodeURIComponent(groupSlug)}` : ''}`,
      ),
    staleTime: 60 * 1000,
  });

export type MonthParams = {
  /** Any day of the month, YYYY-MM-DD. */
  date: string;
  view: 'sheet' | 'list';
  calendarIds: string[] | null;
  participating?: boolean;
  /** The viewer's IANA zone: the visible weeks run from local midnight to local midnight in it. */
  timeZone?: string;
};

/** The browser's time zone, which the overview shows appointments in. */
export { browserTimeZone };

/** The appointments of the visible weeks of a month, occurrences of series included. */
export const appointmentMonthQuery = ({
  date,
  view,
  calendarIds,
  participating,
  timeZone = browserTimeZone(),
}: MonthParams) =>
  queryOptions({
    queryKey: ['appointments', 'month', { date, view, calendarIds, participating: !!participating, timeZone }],
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ date, view, type: 'month', time_zone: timeZone });
      if (calendarIds) query.set('calendar_ids', calendarIds.join(','));
      return api<AppointmentMonth>(`/appointments${participating ? '/participating' : ''}?${query}`, { signal });
    },
    // Paging back and forth between months reuses what was just loaded; saving an appointment
    // invalidates ['appointments'] and so reloads at once.
    staleTime: 30 * 1000,
    placeholderData: keepPreviousData,
  });

export function useSaveCalendar(id?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CalendarBody) =>
      api<Calendar>(id ? `/calendars/${id}` : '/calendars', { method: id ? 'PUT' : 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['calendars'] }),
  });
}

export function useDeleteCalendar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/calendars/${id}`, { method: 'DELETE' }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['calendars'] });
      await queryClient.invalidateQueries({ queryKey: ['appointments'] });
    },
  });
}

/** Removes a calendar another member shares with me from my calendars. */
export function useRemoveCalendarShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/calendars/${id}/share`, { method: 'DELETE' }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['calendars'] });
      await queryClient.invalidateQueries({ queryKey: ['appointments'] });
    },
  });
}

export const authenticationTokenQuery = queryOptions({
  queryKey: ['users', 'authentication_token'],
  queryFn: () => api<AuthenticationTokenAnswer>('/api/v1/users/authentication_token'),
});

/** Makes a new feed token (the old one stops working), or removes it. */
export function useAuthenticationToken() {
  const queryClient = useQueryClient();
  const onSuccess = async (answer: AuthenticationTokenAnswer) => {
    queryClient.setQueryData(authenticationTokenQuery.queryKey, answer);
    await queryClient.invalidateQueries({ queryKey: ['calendars', 'context'] });
  };
  return {
    renew: useMutation({
      mutationFn: () => api<AuthenticationTokenAnswer>('/api/v1/users/authentication_token', { method: 'POST' }),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: () => api<AuthenticationTokenAnswer>('/api/v1/users/authentication_token', { method: 'DELETE' }),
      onSuccess,
    }),
  };
}
