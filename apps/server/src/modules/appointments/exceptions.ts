import type { Db } from '../../platform/db/client.ts';
import type { LoadedAppointment } from './access.ts';
import type { AppointmentsRepository, NewAppointmentRow } from './repository.ts';

/**
 * The exception row of one occurrence of a series, made on the first change to that occurrence
 * alone (deleting, cancelling or locking it): until then the occurrence is the series at
 * another time. The new row starts as a copy of the series at the occurrence's time, so that
 * what was not changed stays as it was; a live occurrence also takes the series' calendars and
 * contacts (an exception without calendars is gone from every calendar). Answers the row's id.
 */
export async function changeOccurrence(
  tx: Db,
  repository: AppointmentsRepository,
  loaded: LoadedAppointment,
  changes: Partial<NewAppointmentRow>,
): Promise<string> {
  const series = loaded.series!;
  const occurrence = loaded.occurrence!;
  if (loaded.row.id !== series.id) {
    await repository.update(tx, series.networkId, loaded.row.id, changes);
    return loaded.row.id;
  }
  const { id: _id, createdAt: _c, updatedAt: _u, calendarIds, ...fields } = series;
  const inserted = await repository.insert(tx, {
    ...fields,
    seriesId: series.id,
    originalStart: occurrence.start,
    startsAt: occurrence.start,
    endsAt: occurrence.end,
    recurrenceFrequency: 'never',
    recurrenceInterval: 1,
    recurrenceEndTime: null,
    rangeEnd: occurrence.end ?? occurrence.start,
    ...changes,
  });
  if (!inserted.occurrenceDeleted) {
    await repository.setCalendars(tx, series.networkId, inserted.id, calendarIds);
    await repository.setContacts(tx, series.networkId, inserted.id, await repository.contactIds(series.id, tx));
  }
  return inserted.id;
}
