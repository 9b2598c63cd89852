import { z } from './zod.ts';
import { nameText, TEXT_LIMITS } from './text.ts';
import { idSchema } from './ids.ts';
import { ID_PATTERN } from './id-patterns.ts';

/**
 * Calendar types (calendars spec, section 3). `network`, `personal` and `group` are stored;
 * `shared` is how a personal calendar of another member that is shared with the viewer appears.
 */
export const CALENDAR_TYPES = ['network', 'personal', 'group', 'shared'] as const;
export type CalendarType = (typeof CALENDAR_TYPES)[number];
export const STORED_CALENDAR_TYPES = ['network', 'personal', 'group'] as const;
export type StoredCalendarType = (typeof STORED_CALENDAR_TYPES)[number];

/** The 12 colours a calendar form offers (hex without `#`, as stored). */
export const CALENDAR_PALETTE = [
  '1971c2',
  '0c8599',
  '2f9e44',
  '66a80f',
  'f08c00',
  'e8590c',
  'e03131',
  'c2255c',
  '9c36b5',
  '6741d9',
  '3b5bdb',
  '495057',
] as const;

/** A random colour of the palette, preselected for a new calendar. */
export function randomCalendarColor(random: () => number = Math.random): string {
  return CALENDAR_PALETTE[Math.floor(random() * CALENDAR_PALETTE.length) % CALENDAR_PALETTE.length]!;
}

/** Hex colour code without `#`; a leading `#` is accepted and dropped, letters are lower-cased. */
export const calendarColorSchema = z
  .string()
  .trim()
  .transform((value) => value.replace(/^#/, '').toLowerCase())
  .pipe(z.string().regex(/^[0-9a-f]{6}$/, 'invalid'));

export const CALENDAR_NAME_MAX_LENGTH = TEXT_LIMITS.line;
export const CALENDAR_SHARES_MAX = 500;

/** `POST /calendars`, `PUT /calendars/{id}`. Only personal calendars carry `membership_ids`. */
export const calendarBodySchema = z.object({
  calendar: z.object({
    name: nameText(CALENDAR_NAME_MAX_LENGTH),
    color: calendarColorSchema,
    type: z.enum(STORED_CALENDAR_TYPES),
    membership_ids: z.array(idSchema).max(CALENDAR_SHARES_MAX).default([]),
    parent_id: idSchema.nullable().default(null),
  }),
});
export type CalendarBody = z.input<typeof calendarBodySchema>;
export type CalendarInput = z.output<typeof calendarBodySchema>['calendar'];

/** A member as calendars and appointments name them. */
export type MemberRef = { id: string; name: string; path: string; detection_profile_field?: string | null };

export type Calendar = {
  id: string;
  name: string;
  color: string;
  type: CalendarType;
  /** What the calendar filter groups by: the group's category for group calendars, else null. */
  category_name: string | null;
  parent_id: string | null;
  /** The group of a group calendar. */
  group: { id: string; slug: string; name: string } | null;
  /** Network and group calendars made with the network or group cannot be deleted. */
  is_default: boolean;
  author: MemberRef | null;
  /** The members a personal calendar is shared with (only its owner sees them). */
  memberships: MemberRef[];
  can: { update: boolean; destroy: boolean; create_appointments: boolean };
};

/** `GET /calendars`, `GET /groups/{slug}/calendars`: the calendars the member may read. */
export type CalendarList = { calendars: Calendar[] };

/**
 * `GET /api/v1/calendars/context` (query `group_slug`): the preloaded context of the calendars
 * spec, section 3, for the overview, the forms and the subscribe page.
 */
export type CalendarContext = {
  network: {
    can: { create_calendars: boolean; create_appointments: boolean; create_meetings: boolean };
    config: { retroactive_opting: boolean; default_lock_period_days: number };
  };
  member: {
    can: { create_personal_calendars: boolean; see_teams_event_options: boolean };
    authentication_token: string | null;
  };
  group: {
    id: string;
    slug: string;
    name: string;
    can: { create_calendars: boolean; create_appointments: boolean };
  } | null;
};

/** `GET, POST, DELETE /api/v1/users/authentication_token`: the token of the member's feeds. */
export type AuthenticationTokenAnswer = { authentication_token: string | null };

/**
 * The webcal feeds of the subscribe page (calendars spec, section 7), each authenticated by
 * the query parameter `auth_token`. `calendar` needs a calendar id.
 */
export const CALENDAR_FEEDS = ['appointments', 'participating', 'my', 'shared', 'all', 'calendar'] as const;
export type CalendarFeed = (typeof CALENDAR_FEEDS)[number];

/** The path of a feed, relative to the site root. */
export function calendarFeedPath(feed: CalendarFeed, calendarId?: string): string {
  switch (feed) {
    case 'appointments':
      return '/appointments.ics';
    case 'participating':
      return '/appointments/participating.ics';
    case 'my':
    case 'shared':
    case 'all':
      return `/calendars/${feed}/appointments.ics`;
    case 'calendar':
      if (!calendarId) throw new Error('The calendar feed needs a calendar id');
      return `/calendars/${calendarId}/appointments.ics`;
  }
}

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * Packs 24-hex ids into the URL parameter `calendarIds`: the ids' 12 bytes each, one after the
 * other, as url-safe base64 (16 characters per id, no padding).
 */
export function packCalendarIds(ids: readonly string[]): string {
  let out = '';
  for (const id of ids) {
    if (!ID_PATTERN.test(id)) continue;
    // 12 bytes = 4 groups of 3 bytes = 4 groups of 4 characters.
    for (let i = 0; i < 24; i += 6) {
      const n = parseInt(id.slice(i, i + 6), 16);
      out += BASE64URL[(n >> 18) & 63]! + BASE64URL[(n >> 12) & 63]! + BASE64URL[(n >> 6) & 63]! + BASE64URL[n & 63]!;
    }
  }
  return out;
}

/** The ids packed by packCalendarIds; a malformed value gives the ids it holds whole, or none. */
export function unpackCalendarIds(packed: string | null | undefined): string[] {
  if (!packed) return [];
  const ids: string[] = [];
  for (let start = 0; start + 16 <= packed.length; start += 16) {
    let id = '';
    for (let i = start; i < start + 16; i += 4) {
      let n = 0;
      for (let j = i; j < i + 4; j++) {
        const v = BASE64URL.indexOf(packed[j]!);
        if (v === -1) return ids;
        n = (n << 6) | v;
      }
      id += n.toString(16).padStart(6, '0');
    }
    ids.push(id);
  }
  return ids;
}
