import { convert } from 'html-to-text';
import type { GroupSearchHit } from '@agora/contracts';
import { allows, type Actor } from '../../platform/policy/index.ts';
import type { SearchDocument, SearchSource } from '../../platform/search/index.ts';
import { GROUP_ARCHIVED, GROUP_CREATED, GROUP_DESTROYED, GROUP_UNARCHIVED, GROUP_UPDATED } from './lifecycle.ts';
import { groupPolicy } from './policy.ts';
import type { createGroupsRepository } from './repository.ts';
import type { GroupSearchRepository, GroupWithCategorySlug } from './search-repository.ts';

/**
 * Who sees a group is split by audience: the network's own members, and guests (who see only
 * groups shown to them, `externally_visible`, besides their own). Within an audience an open or
 * closed group is everyone's; a hidden one its members', the network's admins' and its
 * category's admins'. Every group is its members' (`groups:group:{id}`), whoever they are.
 */
type Audience = 'network' | 'external';
const audienceOf = (actor: Actor): Audience => (actor.isExternal ? 'external' : 'network');
const everyoneKey = (audience: Audience, networkId: string) => `groups:${audience}:${networkId}`;
const adminKey = (audience: Audience, networkId: string) => `groups:${audience}-admin:${networkId}`;
const categoryKey = (audience: Audience, categoryId: string) => `groups:${audience}-category:${categoryId}`;
const memberKey = (groupId: string) => `groups:group:${groupId}`;

/** The group images' size in the results, as the group page shows it. */
const IMAGE_SIZE = '200x200';

const plainText = (html: string) =>
  html ? convert(html, { wordwrap: false, selectors: [{ selector: 'img', format: 'skip' }] }).trim() : '';

function documentOf({ group }: GroupWithCategorySlug): SearchDocument {
  const audiences: Audience[] = group.externallyVisible ? ['network', 'external'] : ['network'];
  const keys = audiences.flatMap((a) =>
    group.access === 'hidden'
      ? [adminKey(a, group.networkId), categoryKey(a, group.groupCategoryId)]
      : [everyoneKey(a, group.networkId)],
  );
  return {
    module: 'groups',
    id: group.id,
    networkId: group.networkId,
    groupId: group.id,
    access: [memberKey(group.id), ...keys],
    title: group.name,
    content: [group.teaser, plainText(group.description)].filter(Boolean).join('\n'),
    language: 'network',
    sortAt: group.createdAt,
  };
}

/** The posts a member may read in each of some groups, by group id (none: not in the map). */
export type GroupPostCounts = (actor: Actor, groupIds: string[]) => Promise<Map<string, number>>;

export type GroupSearchDeps = {
  search: GroupSearchRepository;
  repository: Pick<ReturnType<typeof createGroupsRepository>, 'withRoles' | 'categoryAdminOf' | 'memberCounts'>;
  /** Asked once per page of hits. */
  postCounts: GroupPostCounts;
};

/** Global search of groups: one document per group, found by whoever may see the group (groupPolicy read). */
export function groupSearchSource({ search, repository, postCounts }: GroupSearchDeps): SearchSource<'groups'> {
  const theGroup = (event: { subject: { id: string } }) => [event.subject.id];
  return {
    module: 'groups',
    // Name, access, visibility to guests, category, teaser and description change with these;
    // a new member changes only that member's keys.
    changedBy: {
      [GROUP_CREATED]: theGroup,
      [GROUP_UPDATED]: theGroup,
      [GROUP_ARCHIVED]: theGroup,
      [GROUP_UNARCHIVED]: theGroup,
      [GROUP_DESTROYED]: theGroup,
    },
    async load(networkId, ids) {
      return (await search.byIds(networkId, ids)).map(documentOf);
    },
    async scan(networkId, afterId, limit) {
      return (await search.page(networkId, afterId, limit)).map(documentOf);
    },
    async accessKeys(actor) {
      const audience = audienceOf(actor);
      const { groupIds, categoryIds } = await search.holdings(actor.networkId, actor.membershipId);
      return [
        everyoneKey(audience, actor.networkId),
        ...(actor.isNetworkAdmin ? [adminKey(audience, actor.networkId)] : []),
        ...categoryIds.map((id) => categoryKey(audience, id)),
        ...groupIds.map(memberKey),
      ];
    },
    async present(actor, ids) {
      const [rows, roles] = await Promise.all([
        search.byIds(actor.networkId, ids),
        repository.withRoles(actor.networkId, actor.membershipId, ids),
      ]);
      const role = new Map(roles.map((r) => [r.group.id, r.role]));
      const categoryAdmin = await repository.categoryAdminOf(
        actor.membershipId,
        rows.map((r) => r.group.groupCategoryId),
      );
      const readable = rows.filter(({ group }) =>
        allows(groupPolicy, 'read', actor, {
          group,
          role: role.get(group.id) ?? null,
          categoryAdmin: categoryAdmin.has(group.groupCategoryId),
        }),
      );
      const readableIds = readable.map((r) => r.group.id);
      const [counts, posts] = await Promise.all([repository.memberCounts(readableIds), postCounts(actor, readableIds)]);
      const byId = new Map(readable.map((r) => [r.group.id, r]));
      return ids.flatMap((id) => {
        const found = byId.get(id);
        return found ? [presentHit(found, counts.get(id) ?? 0, posts.get(id) ?? 0)] : [];
      });
    },
  };
}

function presentHit(
  { group, categorySlug }: GroupWithCategorySlug,
  memberCount: number,
  activityCount: number,
): GroupSearchHit {
  const image = group.profileImageId ? `/api/storage/images/${group.profileImageId}/get/${IMAGE_SIZE}` : null;
  return {
    id: group.id,
    slug: group.slug,
    name: group.name,
    images: { small: image, medium: image, large: image },
    archived: group.archived,
    access: group.access,
    member_count: memberCount,
    // The posts the member may read in the group's stream (none when they do not read its content).
    activity_count: activityCount,
    teaser: group.teaser || null,
    group_category_id: group.groupCategoryId,
    group_category_slug: categorySlug,
    html_url: `/groups/${group.slug}`,
  };
}
