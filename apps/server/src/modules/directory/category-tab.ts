import {
  DIRECTORY_CATEGORY_NOT_FOUND,
  DIRECTORY_GROUPS_PER_PAGE,
  type DirectoryCategoryQuery,
  type DirectoryCategoryResult,
} from '@agora/contracts';
import { HttpError } from '../../platform/errors.ts';
import type { Actor } from '../../platform/policy/index.ts';
import type { GroupInvitesService } from '../group-invites/index.ts';
import type { GroupsService } from '../groups/index.ts';
import { searchTerms } from '../members/index.ts';
import { presentDirectoryGroup } from './present.ts';

/** `GET /directory/{category}.json`: a category tab of the directory. */
export function createCategoryTab(deps: { groups: GroupsService; groupInvites: GroupInvitesService }) {
  return {
    async category(actor: Actor, ref: string, query: DirectoryCategoryQuery): Promise<DirectoryCategoryResult> {
      const category = await deps.groups.directoryCategory(actor, ref);
      if (!category) throw new HttpError(404, { error: DIRECTORY_CATEGORY_NOT_FOUND });
      const { entries, total } = await deps.groups.categoryGroups(actor, category, {
        terms: searchTerms(query.q).terms,
        limit: DIRECTORY_GROUPS_PER_PAGE,
        offset: (query.page - 1) * DIRECTORY_GROUPS_PER_PAGE,
      });
      const ids = entries.map((entry) => entry.group.id);
      const states = await deps.groups.membershipStates(actor, ids);
      // The invitation to accept, for the rows that have one.
      const invited = ids.filter((id) => states.get(id) === 'invited');
      const invites =
        invited.length > 0 ? await deps.groupInvites.openInvitesOf(actor, invited) : new Map<string, { id: string }>();
      return {
        category: {
          id: category.id,
          slug: category.slug,
          name: category.name,
          plural_name: category.pluralName,
          color: category.color,
        },
        groups: entries.map((entry) =>
          presentDirectoryGroup(
            actor,
            entry,
            states.get(entry.group.id) ?? 'no_member',
            invites.get(entry.group.id) ?? null,
          ),
        ),
        total,
        page: query.page,
        per_page: DIRECTORY_GROUPS_PER_PAGE,
      };
    },
  };
}
