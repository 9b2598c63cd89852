import { z } from './zod.ts';
import { idSchema } from './ids.ts';
import type { GroupAccess, MembershipStatus } from './group.ts';
import type { MemberImages } from './member.ts';

/** One answer of `GET /members?q=` (communication spec, messages; calendars spec, participants). */
export type MemberOption = {
  id: string;
  displayName: string;
  images: Pick<MemberImages, 'small'>;
  is_external: boolean;
};

export type MemberSearchResult = { members: MemberOption[]; total: number; limit: number; offset: number };

/** Fewer characters than this answer nothing: "enter more characters". */
export const MEMBER_SEARCH_MIN_CHARS = 2;
export const MEMBER_SEARCH_DEBOUNCE_MS = 375;
export const MEMBER_SEARCH_LIMIT = 20;
export const MEMBER_SEARCH_MAX_LIMIT = 50;
export const MEMBER_SEARCH_MAX_CHARS = 100;

/** A yes/no query parameter as a browser sends it. */
const queryFlag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

export const memberSearchQuerySchema = z.object({
  q: z.string().max(MEMBER_SEARCH_MAX_CHARS).default(''),
  /** Consumers (contacts without sign-in) are listed only when asked for. */
  include_consumers: queryFlag.default(false),
  /** A group id: its members are left out (for "invite to this group"). */
  exclude_group_members_of: idSchema.optional(),
  limit: z.coerce.number().int().min(1).max(MEMBER_SEARCH_MAX_LIMIT).default(MEMBER_SEARCH_LIMIT),
  offset: z.coerce.number().int().min(0).max(10_000).default(0),
});
export type MemberSearchQuery = z.infer<typeof memberSearchQuerySchema>;

/** `GET /directory?q=&include_membership_roles=` for the group and role pickers. */
export type DirectoryGroupOption = {
  type: 'group';
  id: string;
  slug: string;
  name: string;
  category: { id: string; name: string };
  chat_enabled: boolean;
};
export type DirectoryRoleOption = {
  type: 'membership_role';
  id: string;
  slug: string;
  name: string;
  plural_name: string;
  color: string;
  group: { id: string; name: string } | null;
};
export type DirectoryResult = {
  groups: DirectoryGroupOption[];
  membership_roles: DirectoryRoleOption[];
  limit: number;
};
export const DIRECTORY_LIMIT = 20;
export const DIRECTORY_MAX_LIMIT = 50;

export const directoryQuerySchema = z.object({
  q: z.string().max(MEMBER_SEARCH_MAX_CHARS).default(''),
  include_membership_roles: queryFlag.default(false),
  only_my_groups: queryFlag.default(false),
  only_chat_enabled: queryFlag.default(false),
  limit: z.coerce.number().int().min(1).max(DIRECTORY_MAX_LIMIT).default(DIRECTORY_LIMIT),
});
export type DirectoryQuery = z.infer<typeof directoryQuerySchema>;

/** Members per page of the directory's member lists (`GET /directory/members`): four rows of a wide grid. */
export const DIRECTORY_MEMBERS_PER_PAGE = 24;
/** Groups per page of a category tab (`GET /directory/{category}.json`). */
export const DIRECTORY_GROUPS_PER_PAGE = 20;
/** Distinct values offered per filter field: more would be no select anyone scrolls through. */
export const DIRECTORY_FILTER_OPTIONS_LIMIT = 100;
export const DIRECTORY_MAX_PAGE = 10_000;
/** A filter on a profile field is the query parameter `filter[<field>]`. */
export const DIRECTORY_FILTER_PARAM = /^filter\[([a-z0-9_]{1,60})\]$/;

export const directoryMembersQuerySchema = z
  .object({
    q: z.string().max(MEMBER_SEARCH_MAX_CHARS).default(''),
    /** The network's `directory_default_sort` unless the member switches. */
    sort: z.enum(['first_name', 'last_name']).optional(),
    page: z.coerce.number().int().min(1).max(DIRECTORY_MAX_PAGE).default(1),
    /** The members of this group only (`/groups/{groupSlug}/members`). */
    group_slug: z.string().min(1).max(200).optional(),
  })
  // `filter[<field>]=<value>`: only the network's `directory_filter_profile_fields` count.
  .catchall(z.string().max(200));
export type DirectoryMembersQuery = z.infer<typeof directoryMembersQuerySchema>;

/** A row of the directory's member list: image, name and the profile values the network shows. */
export type DirectoryMember = {
  id: string;
  displayName: string;
  first_name: string;
  last_name: string;
  path: string;
  images: MemberImages;
  is_external: boolean;
  /** Locked (listed only where the network's `show_locked_memberships` is on). */
  locked: boolean;
  /** The values of the network's `directory_profile_fields` this member has, as text. */
  profile: Record<string, string>;
};

export type DirectoryFilter = {
  field: string;
  /** The value chosen, or null. */
  value: string | null;
  /** The distinct values members have, with how many have each, by value (bounded). */
  options: Array<{ value: string; count: number }>;
};

export type DirectoryMembersResult = {
  members: DirectoryMember[];
  total: number;
  page: number;
  per_page: number;
  sort: 'first_name' | 'last_name';
  /** The network's `directory_profile_fields`, in its order: the columns of the rows. */
  profile_fields: string[];
  filters: DirectoryFilter[];
  /** Set when listing a group's members. */
  group: { id: string; slug: string; name: string } | null;
};

export const directoryCategoryQuerySchema = z.object({
  q: z.string().max(MEMBER_SEARCH_MAX_CHARS).default(''),
  page: z.coerce.number().int().min(1).max(DIRECTORY_MAX_PAGE).default(1),
});
export type DirectoryCategoryQuery = z.infer<typeof directoryCategoryQuerySchema>;

/** A group as a category tab of the directory lists it, with the member's state and actions. */
export type DirectoryGroup = {
  id: string;
  slug: string;
  name: string;
  teaser: string;
  access: GroupAccess;
  archived: boolean;
  profile_image: string | null;
  member_count: number;
  /** no_member, in_moderation, invited or member (group admins are members here). */
  membership_status_of_current_member: Exclude<MembershipStatus, 'admin'>;
  /** The open invitation to accept, when the state is invited. */
  invite: { id: string } | null;
  can: { join: boolean; join_moderated: boolean; leave: boolean };
};

export type DirectoryCategory = { id: string; slug: string; name: string; plural_name: string; color: string | null };

export type DirectoryCategoryResult = {
  category: DirectoryCategory;
  groups: DirectoryGroup[];
  total: number;
  page: number;
  per_page: number;
};

/** The directory's answer to a category that is not one of the network's (administration spec, section 8). */
export const DIRECTORY_CATEGORY_NOT_FOUND = 'category_not_found';
