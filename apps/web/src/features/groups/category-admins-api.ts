import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CategoryAdmin } from '@agora/contracts';
import { api } from '../../app/api-client.ts';

const path = (slug: string) => `/administration/group-categories/${encodeURIComponent(slug)}/admins`;

export const categoryAdminsQuery = (slug: string) =>
  queryOptions({
    queryKey: ['group-categories', slug, 'admins'],
    queryFn: () => api<CategoryAdmin[]>(path(slug)),
  });

export function useAppointCategoryAdmin(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (membershipId: string) =>
      api<CategoryAdmin[]>(path(slug), { method: 'POST', body: { membership_id: membershipId } }),
    onSuccess: (admins) => queryClient.setQueryData(categoryAdminsQuery(slug).queryKey, admins),
  });
}

export function useRemoveCategoryAdmin(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (membershipId: string) =>
      api<void>(`${path(slug)}/${encodeURIComponent(membershipId)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: categoryAdminsQuery(slug).queryKey }),
  });
}
