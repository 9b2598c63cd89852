import { definePolicy, type Actor } from '../../platform/policy/index.ts';
import type { GroupCategoryRow } from './repository.ts';

/**
 * A category with what the requesting member is in it: one of its admins
 * (group_category_admins), or an admin of at least one of its groups.
 */
export type CategorySubject = { category: GroupCategoryRow; categoryAdmin: boolean; administratesAGroup: boolean };

export const groupCategoryPolicy = definePolicy<
  Actor,
  CategorySubject,
  'update' | 'create' | 'create_hidden' | 'administrate'
>({
  // Name, plural name, colour and order are the network's structure.
  update: (actor) => actor.isNetworkAdmin,
  // New groups in a category: its admins and the network's (guests never).
  create: (actor, { categoryAdmin }) => !actor.isExternal && (actor.isNetworkAdmin || categoryAdmin),
  create_hidden: (actor, { categoryAdmin }, can) => !!can.create && (actor.isNetworkAdmin || categoryAdmin),
  // The category's administration page: whoever administrates it or any group in it.
  administrate: (actor, { categoryAdmin, administratesAGroup }) =>
    actor.isNetworkAdmin || categoryAdmin || administratesAGroup,
});
