import { z } from 'zod';
import { idSchema } from './ids.ts';
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
