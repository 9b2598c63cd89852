import { sql, type Column, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';

// The invites' side of what happens to their appointments: cancelling and deleting make them
// obsolete, saving moves their end. Each is one statement inside the write's transaction, so
// that an inbox never shows an invite to something that no longer is as it says.

/**
 * An occurrence's original local start from its key (`yyyyMMddTHHmm`), as a timestamp without
 * zone: built from its fields, so that the session's time zone plays no part. Null for the key
 * '' (the whole appointment): SQL may evaluate this for rows a condition beside it excludes.
 */
function occurrenceLocal(key: SQL | Column): SQL {
  const part = (from: number, length: number) =>
    sql`substr(nullif(${key}, ''), ${sql.raw(String(from))}, ${sql.raw(String(length))})::int`;
  return sql`make_timestamp(${part(1, 4)}, ${part(5, 2)}, ${part(7, 2)}, ${part(10, 2)}, ${part(12, 2)}, 0)`;
}

/** The columns of a series that place its occurrences in time. */
export type SeriesTimesSql = { timeZone: SQL | Column; startsAt: SQL | Column; endsAt: SQL | Column };

const SERIES_A: SeriesTimesSql = { timeZone: sql`a.time_zone`, startsAt: sql`a.starts_at`, endsAt: sql`a.ends_at` };

/** The instant the occurrence `key` of a series originally starts. */
export function occurrenceStartSql(key: SQL | Column, series: SeriesTimesSql = SERIES_A): SQL {
  return sql`(${occurrenceLocal(key)} at time zone ${series.timeZone})`;
}

/**
 * When the occurrence `key` of a series originally ends: its start plus the series' duration
 * in wall-clock time (as the recurrence engine counts it, so 10:00-11:00 stays so across DST);
 * its start when the series has no end.
 */
export function occurrenceEndSql(key: SQL | Column, series: SeriesTimesSql = SERIES_A): SQL {
  const { timeZone: zone } = series;
  return sql`((${occurrenceLocal(key)} + coalesce((${series.endsAt} at time zone ${zone}) - (${series.startsAt} at time zone ${zone}), interval '0')) at time zone ${zone})`;
}

const occurrenceStart = (key: SQL) => occurrenceStartSql(key);
const occurrenceEnd = (key: SQL) => occurrenceEndSql(key);

/** The exception row of the occurrence `key` of series `a`, if it was changed on its own. */
function exceptionOf(key: SQL, column: SQL): SQL {
  return sql`(select ${column} from appointments e where e.series_id = a.id and e.original_start = ${occurrenceStart(key)} and not e.occurrence_deleted)`;
}

/** When what an invite `i` of appointment `a` is about is over (null: a series without end). */
const inviteEnd = sql`case when i.occurrence_key = '' then a.range_end else coalesce(${exceptionOf(
  sql`i.occurrence_key`,
  sql`coalesce(e.ends_at, e.starts_at)`,
)}, ${occurrenceEnd(sql`i.occurrence_key`)}) end`;

const iso = (instant: SQL) => sql`to_char(${instant} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * What an invite keeps of its appointment (InviteSnapshot): the appointment or series, or for an
 * occurrence invite that occurrence (as changed on its own, if it was).
 */
const snapshot = sql`case when i.occurrence_key = '' then jsonb_build_object(
    'name', a.name, 'starts_at', ${iso(sql`a.starts_at`)}, 'ends_at', ${iso(sql`a.ends_at`)},
    'all_day', a.all_day, 'time_zone', a.time_zone, 'recurring', a.series_id is null and a.recurrence_frequency <> 'never')
  else jsonb_build_object(
    'name', coalesce(${exceptionOf(sql`i.occurrence_key`, sql`e.name`)}, a.name),
    'starts_at', ${iso(sql`coalesce(${exceptionOf(sql`i.occurrence_key`, sql`e.starts_at`)}, ${occurrenceStart(sql`i.occurrence_key`)})`)},
    'ends_at', ${iso(sql`coalesce(${exceptionOf(sql`i.occurrence_key`, sql`e.ends_at`)}, ${occurrenceEnd(sql`i.occurrence_key`)})`)},
    'all_day', a.all_day, 'time_zone', a.time_zone, 'recurring', false) end`;

export type InviteScope =
  /** Every invite of some appointments or series (their occurrences' too). */
  | { appointmentIds: string[] }
  /** The invites of one occurrence of a series. */
  | { seriesId: string; occurrenceKey: string }
  /** The invites of the occurrences some exception rows stand for. */
  | { exceptionIds: string[] };

export type ObsoleteOptions = {
  /** Only open invites (cancelling); deleting makes answered ones obsolete too. */
  onlyOpen: boolean;
  /** Keep the name and time (deleting: the link to the appointment goes). */
  withSnapshot: boolean;
};

const list = (ids: string[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

function scopeWhere(scope: InviteScope): SQL {
  if ('appointmentIds' in scope) return sql`i.appointment_id in (${list(scope.appointmentIds)})`;
  if ('exceptionIds' in scope) {
    return sql`exists (select 1 from appointments x where x.id in (${list(scope.exceptionIds)})
      and x.series_id = i.appointment_id
      and i.occurrence_key = to_char(x.original_start at time zone a.time_zone, 'YYYYMMDD"T"HH24MI'))`;
  }
  return sql`i.appointment_id = ${scope.seriesId} and i.occurrence_key = ${scope.occurrenceKey}`;
}

/**
 * Makes the invites in scope obsolete. Answers the invitees whose invite was open until now:
 * their count of open invites changed.
 */
export async function obsoleteInvites(
  tx: Db,
  networkId: string,
  scope: InviteScope,
  options: ObsoleteOptions,
): Promise<string[]> {
  if ('appointmentIds' in scope && scope.appointmentIds.length === 0) return [];
  if ('exceptionIds' in scope && scope.exceptionIds.length === 0) return [];
  const statuses = options.onlyOpen ? sql`i.status = 'open'` : sql`i.status <> 'obsolete'`;
  const result = await tx.execute(sql`
    update appointment_invites target
    set status = 'obsolete', updated_at = now(),
      snapshot = ${options.withSnapshot ? sql`s.snapshot` : sql`target.snapshot`}
    from (
      select i.id, i.status = 'open' as was_open, ${options.withSnapshot ? snapshot : sql`null::jsonb`} as snapshot
      from appointment_invites i join appointments a on a.id = i.appointment_id
      where i.network_id = ${networkId} and ${scopeWhere(scope)} and ${statuses}
    ) s
    where target.id = s.id
    returning target.membership_id, s.was_open`);
  const rows = rowsOf<{ membership_id: string; was_open: boolean }>(result);
  return [...new Set(rows.filter((r) => r.was_open).map((r) => r.membership_id))];
}

/**
 * Keeps the invites of an appointment or series in step with its times (its end; an occurrence
 * invite: that occurrence's end): one statement per save.
 */
export async function syncInviteEnds(tx: Db, networkId: string, appointmentId: string): Promise<void> {
  await tx.execute(sql`
    update appointment_invites target set ends_at = s.ends_at
    from (
      select i.id, ${inviteEnd} as ends_at
      from appointment_invites i join appointments a on a.id = i.appointment_id
      where i.network_id = ${networkId} and i.appointment_id = ${appointmentId}
    ) s
    where target.id = s.id and target.ends_at is distinct from s.ends_at`);
}

/** The rows of a raw statement, on PGlite and node-postgres alike. */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
