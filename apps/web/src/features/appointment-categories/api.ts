import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AppointmentCategoriesBody, AppointmentCategory } from '@agora/contracts';
import { api } from '../../app/api-client.ts';

/** The same list (and cache entry) the appointment form's category field reads. */
export const categoriesQuery = queryOptions({
  queryKey: ['appointments', 'categories'],
  queryFn: () => api<AppointmentCategory[]>('/appointments/categories'),
});

export function useSaveCategories() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AppointmentCategoriesBody) =>
      api<AppointmentCategory[]>('/administration/appointment_categories', { method: 'PUT', body }),
    onSuccess: async (categories) => {
      queryClient.setQueryData(categoriesQuery.queryKey, categories);
      // Appointments that had a deleted category show none now.
      await queryClient.invalidateQueries({ queryKey: ['appointments'] });
    },
  });
}
