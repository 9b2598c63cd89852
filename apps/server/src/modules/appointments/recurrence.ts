// The recurrence engine of appointments: pure functions over a series' rule, no database.
// Series are expanded for the range asked for, never stored one row per occurrence. How: see
// recurrence/series.ts (jumping into the range in floating local time) and
// recurrence/zone-time.ts (local time <-> instant, DST gaps and folds as RFC 5545 reads them).
export {
  lastOccurrenceEnd,
  nextOccurrence,
  occurrenceByKey,
  occurrencesBetween,
  previousOccurrence,
  toRRule,
  type Occurrence,
  type SeriesRule,
} from './recurrence/series.ts';
export { formatInZone, isValidTimeZone, localDate, occurrenceKey, zonedInstant } from './recurrence/zone-time.ts';
