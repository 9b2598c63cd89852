import type { RecurrenceFrequency, RecurrenceUnit } from '@agora/contracts';
import type { Db } from '../../platform/db/client.ts';
import { newId } from '../../platform/db/ids.ts';
import {
  DEFAULT_APPLICATION_CONFIGURATION,
  DEFAULT_ATTENDEE_CONFIGURATION,
  DEFAULT_TEAMS,
  EMPTY_LOCATION,
  EMPTY_MEETING,
} from './defaults.ts';
import type { AppointmentsRepository, NewAppointmentRow } from './repository.ts';
import type { StoredLocation } from './tables.ts';
import { rangeEndOf } from './times.ts';

/** An appointment for a seed or a generated network: instants, not form fields. */
export type SeedAppointment = {
  name: string;
  /** Sanitized HTML (seeds write what the editor would). */
  description?: string;
  startsAt: Date;
  /** All-day: local midnight after the last day. */
  endsAt?: Date | null;
  allDay?: boolean;
  timeZone: string;
  calendarIds: string[];
  /** The author's membership; the author takes part as organizer. */
  authorId?: string | null;
  recurrence?: {
    frequency: RecurrenceFrequency;
    interval?: number;
    unit?: RecurrenceUnit;
    until?: Date | null;
  } | null;
  location?: Partial<StoredLocation>;
  categoryId?: string | null;
  canceled?: boolean;
  isEvent?: boolean;
};

function rowOf(networkId: string, seed: SeedAppointment): NewAppointmentRow {
  const times = {
    startsAt: seed.startsAt,
    endsAt: seed.endsAt ?? null,
    allDay: seed.allDay ?? false,
    timeZone: seed.timeZone,
    recurrenceFrequency: seed.recurrence?.frequency ?? 'never',
    recurrenceInterval: seed.recurrence?.interval ?? 1,
    recurrenceUnit: seed.recurrence?.unit ?? 'daily',
    recurrenceEndTime: seed.recurrence?.until ?? null,
  };
  const rangeEnd = rangeEndOf(times);
  return {
    id: newId(),
    networkId,
    name: seed.name,
    description: seed.description ?? '',
    ...times,
    // The range index needs an end not before the start, whatever a generator hands in.
    rangeEnd: rangeEnd && rangeEnd < seed.startsAt ? seed.startsAt : rangeEnd,
    categoryId: seed.categoryId ?? null,
    location: { ...EMPTY_LOCATION, ...seed.location },
    meeting: EMPTY_MEETING,
    teams: DEFAULT_TEAMS,
    attendeeConfiguration: DEFAULT_ATTENDEE_CONFIGURATION,
    applicationConfiguration: DEFAULT_APPLICATION_CONFIGURATION,
    isEvent: seed.isEvent ?? false,
    canceled: seed.canceled ?? false,
    canceledAt: seed.canceled ? new Date() : null,
    authorId: seed.authorId ?? null,
    lastAuthorId: seed.authorId ?? null,
  };
}

/** Bulk insertion for seeds and benchmarks: a few statements per chunk, one transaction each. */
export async function insertSeedAppointments(
  db: Db,
  repository: AppointmentsRepository,
  /** Raises the network's calendar version in the transaction (calendars.touch). */
  touch: (tx: Db, networkId: string) => Promise<void>,
  networkId: string,
  seeds: SeedAppointment[],
  chunkSize = 1000,
): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < seeds.length; i += chunkSize) {
    const chunk = seeds.slice(i, i + chunkSize);
    const rows = chunk.map((seed) => rowOf(networkId, seed));
    await db.transaction(async (tx) => {
      await touch(tx, networkId);
      await repository.insertMany(tx, rows);
      await repository.insertCalendarLinks(
        tx,
        chunk.flatMap((seed, n) =>
          [...new Set(seed.calendarIds)].map((calendarId) => ({ appointmentId: rows[n]!.id!, calendarId, networkId })),
        ),
      );
      await repository.insertParticipants(
        tx,
        chunk.flatMap((seed, n) =>
          seed.authorId
            ? [
                {
                  networkId,
                  appointmentId: rows[n]!.id!,
                  membershipId: seed.authorId,
                  status: 'accepted' as const,
                  roles: ['organizer'],
                },
              ]
            : [],
        ),
      );
    });
    ids.push(...rows.map((r) => r.id!));
  }
  return ids;
}
