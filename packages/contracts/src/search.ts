import { z } from 'zod';
import type { Activity } from './activity.ts';
import type { GroupAccess } from './group.ts';
import type { MemberRef } from './calendar.ts';
import type { MemberImages } from './member.ts';

/** The modules global search looks through, in the order the results page lists them. */
export const SEARCH_MODULES = [
  'activities',
  'messages',
  'appointments',
  'files',
  'folders',
  'memberships',
  'groups',
] as const;
export type SearchModule = (typeof SEARCH_MODULES)[number];

/** The key of a module's results in the answer (`activities_query` ...). */
export type SearchQueryName = `${SearchModule}_query`;
export const searchQueryName = (module: SearchModule): SearchQueryName => `${module}_query`;

/** The orders a result list can have; every module offers at least these two. */
export const SEARCH_SORTS = ['relevance', 'newest'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

/** Constants of the spec (section 9) and of the search bars. */
export const SEARCH_LIMITS = {
  /** Hits per module in the overview (no `module`). */
  overviewPer: 5,
  /** Hits per page of one module. */
  per: 20,
  /** Results are kept this long before they are asked again. */
  staleMs: 60_000,
  /** Content previews are cut here. */
  previewChars: 600,
  /** Image thumbnails of an activity hit: the first large, then up to 7 small, an ellipsis when more. */
  thumbnails: 8,
  /** The header's and the user bar's search wait this long after the last key. */
  debounceMs: 300,
  /** The longest query accepted. */
  queryMax: 200,
  /**
   * Matches are counted up to this many per module; beyond, the total is this and
   * `total_capped` is true ("1,000+"): a common word is narrowed by more words, not counted.
   */
  countMax: 1000,
  /** Pages beyond this are refused (deep paging is what filters are for). */
  pageMax: 50,
} as const;

/** `GET /search.json` and `GET /groups/{groupSlug}/search.json`. */
export const searchQuerySchema = z.object({
  q: z.string().trim().min(1).max(SEARCH_LIMITS.queryMax),
  /** One module's results, paged; without it the overview: the first 5 of each and every total. */
  module: z.enum(SEARCH_MODULES).optional(),
  page: z.coerce.number().int().min(1).max(SEARCH_LIMITS.pageMax).default(1),
  sort_by: z.enum(SEARCH_SORTS).default('relevance'),
});
export type SearchQuery = z.input<typeof searchQuerySchema>;

/**
 * Highlighted fragments of one hit by field (`title`, `content`, `attachment.content`,
 * `values.content`): HTML-escaped text in which the matched words are wrapped in `<mark>`.
 */
export type SearchHighlight = Partial<Record<'title' | 'content' | 'attachment.content' | 'values.content', string[]>>;

/** A message hit. */
export type MessageSearchHit = {
  id: string;
  author: MemberRef | null;
  subject: string;
  html_content: string;
  to: Array<{ id: string; name: string }>;
  created_at: string;
  /** `/messages/{id}`. */
  html_url: string;
};

/** An appointment hit: a single appointment, a series, or an occurrence of a series that was changed. */
export type AppointmentSearchHit = {
  id: string;
  type: 'appointment' | 'recurring_appointment' | 'modified_recurring_appointment';
  name: string;
  date: { start: string; end: string; all_day: boolean };
  calendars: Array<{ id: string; name: string; color: string | null }>;
  html_description: string;
  recurrence_pattern: { recurrence_end_time: string | null; recurrence_frequency: string } | null;
  /** `/appointments/{id}`. */
  html_url: string;
};

/** A file hit. */
export type FileSearchHit = {
  id: string;
  name: string;
  extension: string;
  description: string;
  author: MemberRef | null;
  folder: { id: string; name: string } | null;
  updated_at: string;
  /** `/files/{id}`. */
  html_url: string;
};

/** A folder hit. */
export type FolderSearchHit = {
  id: string;
  name: string;
  description: string;
  /** The names of the folders above it, from the root. */
  folder_path: string[];
  updated_at: string;
  /** The folder's page: `/files/folders/{id}` or `/groups/{slug}/files/folders/{id}`. */
  html_url: string;
};

/** A member hit: the results page links to `/members?q=` for more. */
export type MembershipSearchHit = {
  id: string;
  name: string;
  images: MemberImages;
  is_external: boolean;
  /** Profile values shown under the name (position, department ...). */
  detail: string | null;
  /** `/members/{id}`. */
  html_url: string;
};

/** A group hit: the results page links to `/directory/{category slug}?q=` for more. */
export type GroupSearchHit = {
  id: string;
  slug: string;
  name: string;
  images: { small: string | null; medium: string | null; large: string | null };
  archived: boolean;
  access: GroupAccess;
  member_count: number;
  activity_count: number;
  teaser: string | null;
  group_category_id: string;
  group_category_slug: string;
  /** `/groups/{slug}`. */
  html_url: string;
};

/** The hit type of each module. */
export type SearchHits = {
  activities: Activity;
  messages: MessageSearchHit;
  appointments: AppointmentSearchHit;
  files: FileSearchHit;
  folders: FolderSearchHit;
  memberships: MembershipSearchHit;
  groups: GroupSearchHit;
};

/** One module's results (spec: per query name). */
export type SearchResult<M extends SearchModule = SearchModule> = {
  hits: Array<SearchHits[M]>;
  meta: {
    /** By hit id, the highlighted fragments of the hits returned (never of the others). */
    highlight: Record<string, SearchHighlight>;
  };
  /** The matches the member may open, counted up to SEARCH_LIMITS.countMax. */
  total: number;
  /** There are more matches than `total` (counting stopped at SEARCH_LIMITS.countMax). */
  total_capped: boolean;
  per: number;
  page: number;
  sort_by: SearchSort;
  available_sorts: Array<{ key: SearchSort; label: string }>;
};

/**
 * The answer of the search call: every module's results in the overview, the asked module's
 * alone otherwise. Modules the network does not offer are absent.
 */
export type SearchResponse = { [M in SearchModule as `${M}_query`]?: SearchResult<M> };
