import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApplyTo, Appointment, AppointmentBody, AppointmentCategory } from '@agora/contracts';
import { api } from '../../app/api-client.ts';

export const appointmentQuery = (id: string) =>
  queryOptions({
    queryKey: ['appointments', 'one', id],
    queryFn: () => api<Appointment>(`/appointments/${encodeURIComponent(id)}`),
  });

export const appointmentCategoriesQuery = queryOptions({
  queryKey: ['appointments', 'categories'],
  queryFn: () => api<AppointmentCategory[]>('/appointments/categories'),
  staleTime: 5 * 60 * 1000,
});

/** The iCal download of one appointment (a series with its rule and exceptions). */
export const appointmentIcsUrl = (id: string) => `/appointments/${encodeURIComponent(id)}.ics`;

/** Creates (no id) or updates an appointment; for an occurrence `apply_to` says this one or all. */
export function useSaveAppointment(id?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AppointmentBody) =>
      api<Appointment>(id ? `/appointments/${encodeURIComponent(id)}` : '/appointments', {
        method: id ? 'PUT' : 'POST',
        body,
      }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(appointmentQuery(saved.id).queryKey, saved);
      await queryClient.invalidateQueries({ queryKey: ['appointments'] });
    },
  });
}

export function useDeleteAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, applyTo }: { id: string; applyTo?: ApplyTo }) =>
      api<void>(`/appointments/${encodeURIComponent(id)}${applyTo ? `?apply_to=${applyTo}` : ''}`, {
        method: 'DELETE',
      }),
    // The deleted appointment's page is still shown until the caller navigates away: refetching
    // it would only flash a 404.
    onSuccess: (_answer, { id }) =>
      queryClient.invalidateQueries({
        queryKey: ['appointments'],
        predicate: (query) => !(query.queryKey[1] === 'one' && query.queryKey[2] === id),
      }),
  });
}
