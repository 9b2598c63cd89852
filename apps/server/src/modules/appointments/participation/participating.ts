import type { StoredParticipantStatus } from '../tables.ts';

/**
 * What the participating views (`/appointments/participating` and its feed) show: what the
 * member accepted, and what they are invited to and have not answered yet (so that an
 * invitation shows in their calendar until they decline it). Declined, rejected and removed
 * are left out, also for one occurrence alone.
 */
export const PARTICIPATING_STATUSES = ['accepted', 'invited', 'open'] as const satisfies StoredParticipantStatus[];

const shown = (status: StoredParticipantStatus | undefined) =>
  status !== undefined && (PARTICIPATING_STATUSES as readonly string[]).includes(status);

export type MemberParticipantRow = { appointmentId: string; occurrenceKey: string; status: StoredParticipantStatus };

/** A member's participation in some appointments and series, asked per appointment or occurrence. */
export function participatingIn(rows: MemberParticipantRow[]) {
  const owners = new Map<
    string,
    { whole: StoredParticipantStatus | undefined; keys: Map<string, StoredParticipantStatus> }
  >();
  for (const row of rows) {
    let entry = owners.get(row.appointmentId);
    if (!entry) owners.set(row.appointmentId, (entry = { whole: undefined, keys: new Map() }));
    if (row.occurrenceKey === '') entry.whole = row.status;
    else entry.keys.set(row.occurrenceKey, row.status);
  }
  return {
    /** Whether the appointment ('' key) or the occurrence of a series is shown. */
    shows(ownerId: string, key: string): boolean {
      const entry = owners.get(ownerId);
      if (!entry) return false;
      return shown((key !== '' ? entry.keys.get(key) : undefined) ?? entry.whole);
    },
    /** Whether the series as a whole is shown (its occurrences then unless left out on their own). */
    showsSeries(ownerId: string): boolean {
      return shown(owners.get(ownerId)?.whole);
    },
    /** The occurrence keys of a series whose own rows say otherwise than the series row. */
    exceptions(ownerId: string): { shown: string[]; hidden: string[] } {
      const entry = owners.get(ownerId);
      const result = { shown: [] as string[], hidden: [] as string[] };
      if (!entry) return result;
      for (const [key, status] of entry.keys) (shown(status) ? result.shown : result.hidden).push(key);
      return result;
    },
  };
}

export type ParticipatingIn = ReturnType<typeof participatingIn>;
