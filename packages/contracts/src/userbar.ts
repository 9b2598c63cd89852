import type { ActiveTheme } from './theme.ts';

/**
 * `GET /api/v1/userbar/groups`: the member's groups by category, for the user bar sections.
 * Categories the member has no group in are listed with an empty list (closed by default).
 */
export type UserbarGroups = {
  categories: Array<{
    id: string;
    slug: string;
    plural_name: string;
    color: string | null;
    active_theme: ActiveTheme | null;
    /** The member's favourite groups first (starred on the group page), then by name. */
    groups: Array<{
      id: string;
      slug: string;
      name: string;
      archived: boolean;
      favorited: boolean;
      active_theme: ActiveTheme | null;
    }>;
  }>;
};
export const USERBAR_GROUPS_LIMIT = 200;
