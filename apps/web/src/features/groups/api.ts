import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CategoryAdministration,
  Group,
  GroupArchiveAnswer,
  GroupBody,
  GroupCategory,
  GroupCategoryBody,
  GroupDestroyAnswer,
  NewGroupForm,
  UserbarGroups,
} from '@agora/contracts';
import { api } from '../../app/api-client.ts';

export const groupQuery = (slug: string) =>
  queryOptions({
    queryKey: ['groups', slug],
    queryFn: () => api<Group>(`/api/v1/groups/${encodeURIComponent(slug)}`),
    staleTime: 60 * 1000,
  });

/** The member's groups by category, for the user bar. */
export const userbarGroupsQuery = queryOptions({
  queryKey: ['userbar', 'groups'],
  queryFn: () => api<UserbarGroups>('/api/v1/userbar/groups'),
  staleTime: 5 * 60 * 1000,
});

/** The new group form's defaults and can flags in a category. */
export const newGroupQuery = (categorySlug: string) =>
  queryOptions({
    queryKey: ['groups', 'new', categorySlug],
    queryFn: () => api<NewGroupForm>(`/api/v1/groups/new?group_category_slug=${encodeURIComponent(categorySlug)}`),
  });

export const groupCategoriesQuery = queryOptions({
  queryKey: ['group-categories'],
  queryFn: () => api<GroupCategory[]>('/administration/group-categories'),
});

export const groupCategoryQuery = (slug: string) =>
  queryOptions({
    queryKey: ['group-categories', slug],
    queryFn: () => api<GroupCategory>(`/administration/group-categories/${encodeURIComponent(slug)}`),
  });

export const categoryAdministrationQuery = (slug: string, page: { limit: number; offset: number }) =>
  queryOptions({
    queryKey: ['group-categories', slug, 'administration', page],
    queryFn: () =>
      api<CategoryAdministration>(
        `/api/v1/group-categories/${encodeURIComponent(slug)}/administration?limit=${page.limit}&offset=${page.offset}`,
      ),
  });

const groupPath = (slug: string) => `/groups/${encodeURIComponent(slug)}`;

/** What shows groups: the group itself, the user bar, the directory, category pages, the shell's categories. */
function useRefreshGroups() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['groups'] }),
      queryClient.invalidateQueries({ queryKey: ['userbar'] }),
      queryClient.invalidateQueries({ queryKey: ['group-categories'] }),
      queryClient.invalidateQueries({ queryKey: ['directory'] }),
      queryClient.invalidateQueries({ queryKey: ['network'] }),
    ]);
}

export function useCreateGroup() {
  const refresh = useRefreshGroups();
  return useMutation({
    mutationFn: (body: GroupBody) => api<Group>('/groups', { method: 'POST', body }),
    onSuccess: () => refresh(),
  });
}

export function useUpdateGroup(slug: string) {
  const refresh = useRefreshGroups();
  return useMutation({
    mutationFn: (body: GroupBody) => api<Group>(groupPath(slug), { method: 'PUT', body }),
    onSuccess: () => refresh(),
  });
}

export function useArchiveGroup(slug: string) {
  const refresh = useRefreshGroups();
  return useMutation({
    mutationFn: (archived: boolean) =>
      api<GroupArchiveAnswer>(`${groupPath(slug)}/archive`, { method: archived ? 'PUT' : 'DELETE' }),
    onSuccess: () => refresh(),
  });
}

export function useDestroyGroup(slug: string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshGroups();
  return useMutation({
    mutationFn: () => api<GroupDestroyAnswer>(groupPath(slug), { method: 'DELETE' }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: ['groups', slug] });
      void queryClient.invalidateQueries({ queryKey: ['calendars'] });
      return refresh();
    },
  });
}

export function useSaveGroupCategory(slug: string | null) {
  const refresh = useRefreshGroups();
  return useMutation({
    mutationFn: (body: GroupCategoryBody) =>
      slug
        ? api<GroupCategory>(`/administration/group-categories/${encodeURIComponent(slug)}`, { method: 'PUT', body })
        : api<GroupCategory>('/administration/group-categories', { method: 'POST', body }),
    onSuccess: () => refresh(),
  });
}

export function useOrderGroupCategories() {
  const refresh = useRefreshGroups();
  return useMutation({
    mutationFn: (order: string[]) =>
      api<void>('/administration/group-categories/order', { method: 'PUT', body: { order } }),
    onSettled: () => refresh(),
  });
}
