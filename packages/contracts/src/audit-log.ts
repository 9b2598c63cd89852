import { z } from './zod.ts';
import { daySchema } from './dates.ts';
import type { MemberOption } from './directory.ts';
import { idSchema } from './ids.ts';

/** The audit event types of the administration spec, section 9. */
export const AUDIT_EVENT_TYPES = [
  'GroupJoin',
  'GroupLeave',
  'MembershipDestroy',
  'GroupAdminPermissionCreate',
  'GroupAdminPermissionDestroy',
  'PolicySettingUpdate',
  'FilePublish',
  'FileDestroy',
  'FileMove',
] as const;
export type AuditEventType = (typeof AUDIT_EVENT_TYPES)[number];

/**
 * Which time the audit log shows: everything, today, the last 7 or 30 days (today included), or
 * the days from `start_date` to `end_date` (both included; either may be left open). Days are
 * those of the time zone the list is asked for in.
 */
export const AUDIT_DATE_OPTIONS = ['all', 'today', 'last_7_days', 'last_30_days', 'custom'] as const;
export type AuditDateOption = (typeof AUDIT_DATE_OPTIONS)[number];

export const AUDIT_LOG_PER_PAGE = 25;
/** Longer `filter` parameters are refused: a real filter is a few hundred characters. */
export const AUDIT_LOG_FILTER_MAX_LENGTH = 2000;

const day = daySchema;

/** The audit log filter (administration spec, section 3), as the `filter` query parameter carries it. */
export const auditLogFilterSchema = z
  .object({
    event_types: z.array(z.enum(AUDIT_EVENT_TYPES)).max(AUDIT_EVENT_TYPES.length).optional(),
    date_option: z.enum(AUDIT_DATE_OPTIONS).optional(),
    start_date: day.nullable().optional(),
    end_date: day.nullable().optional(),
    actor_id: idSchema.nullable().optional(),
    membership_id: idSchema.nullable().optional(),
  })
  .superRefine((filter, ctx) => {
    if (filter.start_date && filter.end_date && filter.end_date < filter.start_date) {
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'before_start' });
    }
  });
export type AuditLogFilter = z.infer<typeof auditLogFilterSchema>;

/** The date option a filter means: dates without an option are a custom range. */
export function auditDateOption(filter: AuditLogFilter): AuditDateOption {
  return filter.date_option ?? (filter.start_date || filter.end_date ? 'custom' : 'all');
}

export type AuditLogFilterResult =
  { success: true; filter: AuditLogFilter } | { success: false; errors: Record<string, string[]> };

/**
 * Reads the `filter` query parameter: encoded JSON of an object. Bad JSON or another value
 * answers errors on `filter`, bad fields errors on those fields.
 */
export function decodeAuditLogFilter(raw: string | null | undefined): AuditLogFilterResult {
  if (raw === null || raw === undefined || raw.trim() === '') return { success: true, filter: {} };
  if (raw.length > AUDIT_LOG_FILTER_MAX_LENGTH) return { success: false, errors: { filter: ['too_long'] } };
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { success: false, errors: { filter: ['invalid'] } };
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    return { success: false, errors: { filter: ['invalid'] } };
  }
  const parsed = auditLogFilterSchema.safeParse(json);
  if (parsed.success) return { success: true, filter: parsed.data };
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? 'filter');
    // The first problem of a field is the one to fix.
    errors[field] ??= [issue.message];
  }
  return { success: false, errors };
}

/** The `filter` query parameter of a filter: only what is set, so that an empty filter is no parameter. */
export function encodeAuditLogFilter(filter: AuditLogFilter): string | null {
  const compact = Object.fromEntries(
    Object.entries(filter).filter(
      ([, value]) => value !== null && value !== undefined && !(Array.isArray(value) && value.length === 0),
    ),
  );
  if (compact.date_option === 'all') delete compact.date_option;
  return Object.keys(compact).length === 0 ? null : JSON.stringify(compact);
}

/** A member as the audit log names them. */
export type AuditLogMember = MemberOption & { path: string };

export type AuditLogEntry = {
  id: string;
  /** When it happened. */
  created_at: string;
  event_type: AuditEventType;
  /** Who acted; null for what the system did by itself. */
  actor_id: string | null;
  /** Null also when the member is gone (actor_id then says somebody was). */
  actor: AuditLogMember | null;
  /** Whom it concerns (who joined, whose file it was), when anybody. */
  membership_id: string | null;
  membership: AuditLogMember | null;
  subject: {
    type: string;
    id: string | null;
    /** Its name when it happened. */
    title: string;
    /** Whether it still exists; null where that is not known. */
    exists: boolean | null;
    /** Where it is shown, while it still exists (null also for what has no page). */
    path: string | null;
  };
  /** What the entry needs to be read: a file's directory, the settings changed with old and new values. */
  details: Record<string, unknown>;
};

export type AuditLogPage = {
  entries: AuditLogEntry[];
  total: number;
  page: number;
  per: number;
  /** The members the filter names (actor_id, membership_id), so that a bookmarked filter shows them. */
  filter_members: AuditLogMember[];
};

/** A domain event delivery that failed for good (`/api/v1/administration/event_failures`). */
export type EventFailure = {
  id: number;
  processor: string;
  event_type: string;
  subject: { type: string; id: string };
  attempts: number;
  last_error: string | null;
  created_at: string;
};
export type EventFailuresPage = { failures: EventFailure[]; total: number; page: number; per: number };
export const EVENT_FAILURES_PER_PAGE = 25;
