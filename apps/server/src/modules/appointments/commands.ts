import { occurrenceId, type AppointmentFields, type ApplyTo, type Invitees } from '@agora/contracts';
import type { Db } from '../../platform/db/client.ts';
import { newId } from '../../platform/db/ids.ts';
import { conflict, forbidden, isUniqueViolation, unprocessable } from '../../platform/errors.ts';
import { allows, authorize, type Actor } from '../../platform/policy/index.ts';
import type { StoredObjectRow } from '../../platform/storage/index.ts';
import { loadedSubject, subjectOf, type AppointmentAccess, type LoadedAppointment } from './access.ts';
import { changeOccurrence } from './exceptions.ts';
import type { AppointmentFilesService } from './files.ts';
import { targetOf, type CheckedInvitation, type Participation } from './participation/index.ts';
import { obsoleteInvites, syncInviteEnds } from './invite-lifecycle.ts';
import { appointmentPolicy } from './policy.ts';
import { prepareAppointment, rowValues, type PrepareDeps } from './prepare.ts';
import type { RoomBookings } from './room-bookings.ts';
import { occurrenceByKey, occurrenceKey } from './recurrence.ts';
import { APPOINTMENT_EVENTS, type RecordAppointmentEvent } from './events.ts';
import type { AppointmentWithCalendars } from './repository.ts';
import { ruleOf, shiftedSeriesTimes, type StoredTimes } from './times.ts';

export type CommandDeps = PrepareDeps & {
  db: Db;
  access: AppointmentAccess;
  files: AppointmentFilesService;
  /** Meeting room bookings, kept in step with every save and delete in its transaction. */
  roomBookings: RoomBookings;
  record: RecordAppointmentEvent;
  /** Who is invited together with a new appointment, as adding participants invites them. */
  invitation: Participation['invitation'];
};

const fileWish = (fields: AppointmentFields) => ({ fileIds: fields.event_file_ids, imageId: fields.event_image_id });

/** An occurrence is changed alone or with its series: the request must say which. */
function requireApplyTo(loaded: LoadedAppointment, applyTo: ApplyTo | undefined): ApplyTo | null {
  if (!loaded.occurrence) return null;
  if (!applyTo) throw unprocessable({ apply_to: ['required'] });
  return applyTo;
}

/**
 * Whether an exception of a series still stands for an occurrence of it: a series moved to
 * other times or days leaves the exceptions of its old occurrences behind, and they go.
 */
function stillAnOccurrence(times: StoredTimes, originalStart: Date | null): boolean {
  if (!originalStart || times.recurrenceFrequency === 'never') return false;
  const occurrence = occurrenceByKey(ruleOf(times), occurrenceKey(originalStart, times.timeZone));
  return occurrence !== null && occurrence.start.getTime() === originalStart.getTime();
}

export function createCommands(deps: CommandDeps) {
  const { db, repository, files, access } = deps;

  /**
   * Runs a write in one transaction, together with raising the network's calendar version (the
   * month sheet's cache key), then deletes the bytes of the uploads it removed.
   */
  async function write<T>(
    networkId: string,
    run: (tx: Db) => Promise<{ result: T; removed: StoredObjectRow[] }>,
  ): Promise<T> {
    const { result, removed } = await db
      .transaction(async (tx) => {
        await deps.calendars.touch(tx, networkId);
        return run(tx);
      })
      .catch((err: unknown) => {
        // Two members changing the same occurrence of a series on its own at once: the second
        // one is told so, and nothing of it is written.
        if (isUniqueViolation(err)) throw conflict();
        throw err;
      });
    await files.purge(removed);
    return result;
  }

  /** Saves a single appointment or a whole series (with `fromOccurrence`: edited through one of its occurrences). */
  async function saveWhole(
    actor: Actor,
    target: AppointmentWithCalendars,
    input: AppointmentFields,
    fromOccurrence: Date | null,
  ): Promise<string> {
    const prepared = await prepareAppointment(deps, actor, input, target.calendarIds);
    if (fromOccurrence) prepared.times = shiftedSeriesTimes(target, fromOccurrence, prepared.times);
    const current = (await files.of(actor.networkId, [target.id])).get(target.id)!;
    return write(actor.networkId, async (tx) => {
      await repository.update(tx, actor.networkId, target.id, rowValues(actor, prepared, target));
      await repository.setCalendars(tx, actor.networkId, target.id, prepared.calendarIds);
      await repository.setContacts(tx, actor.networkId, target.id, prepared.contactIds);
      const exceptions = await repository.exceptionsOf(actor.networkId, [target.id], tx);
      const stale = exceptions.filter((e) => !stillAnOccurrence(prepared.times, e.originalStart)).map((e) => e.id);
      await deps.roomBookings.release(tx, actor.networkId, stale);
      await repository.deleteMany(tx, actor.networkId, stale);
      await deps.roomBookings.sync(tx, actor.networkId, target.id);
      await syncInviteEnds(tx, actor.networkId, target.id);
      const removed = await files.replace(tx, actor, target.id, fileWish(prepared.fields), current);
      await deps.record(tx, {
        networkId: actor.networkId,
        type: APPOINTMENT_EVENTS.updated,
        actorId: actor.membershipId,
        appointmentId: target.id,
        // Rows deleted here are named: what was made of them (their search documents) goes too.
        changes: { name: prepared.fields.name, removed_exception_ids: stale },
      });
      return { result: target.id, removed };
    });
  }

  /** Saves one occurrence on its own: its exception row, with fields and calendars of its own. */
  async function saveOccurrence(actor: Actor, loaded: LoadedAppointment, input: AppointmentFields): Promise<string> {
    const series = loaded.series!;
    const occurrence = loaded.occurrence!;
    const single: AppointmentFields = {
      ...input,
      recurrence_pattern: { ...input.recurrence_pattern, recurrence_frequency: 'never', recurrence_end_time: null },
    };
    const prepared = await prepareAppointment(deps, actor, single, loaded.row.calendarIds);
    const existing = loaded.row.id === series.id ? null : loaded.row;
    const current = (await files.of(actor.networkId, [series.id])).get(series.id)!;
    return write(actor.networkId, async (tx) => {
      const values = rowValues(actor, prepared, existing ?? series);
      let id: string;
      if (existing) {
        id = existing.id;
        await repository.update(tx, actor.networkId, id, values);
      } else {
        id = newId();
        await repository.insert(tx, {
          ...values,
          id,
          networkId: actor.networkId,
          kind: series.kind,
          seriesId: series.id,
          originalStart: occurrence.start,
          authorId: series.authorId,
        });
      }
      await repository.setCalendars(tx, actor.networkId, id, prepared.calendarIds);
      await repository.setContacts(tx, actor.networkId, id, prepared.contactIds);
      await deps.roomBookings.syncOccurrence(tx, actor.networkId, id);
      await syncInviteEnds(tx, actor.networkId, series.id);
      const removed = await files.replace(tx, actor, series.id, fileWish(prepared.fields), current);
      await deps.record(tx, {
        networkId: actor.networkId,
        type: APPOINTMENT_EVENTS.updated,
        actorId: actor.membershipId,
        appointmentId: series.id,
        changes: { name: prepared.fields.name, occurrence_key: occurrence.key },
      });
      return { result: occurrenceId(series.id, occurrence.key), removed };
    });
  }

  return {
    /**
     * `POST /appointments`: the author takes part as its organizer; an `invitation` invites
     * members, groups and roles in the same transaction, so that no appointment is left without
     * the invites it was saved with. Answers the new id.
     */
    async create(actor: Actor, input: AppointmentFields, invitation?: Invitees): Promise<string> {
      const prepared = await prepareAppointment(deps, actor, input, []);
      const id = newId();
      const none = { files: [], image: null };
      const values = rowValues(actor, prepared, null);
      let invited: CheckedInvitation | null = null;
      if (invitation) {
        // Checked before anything is written: the rights are those of the appointment about to be.
        const calendars = await deps.calendars.accessMany(actor, prepared.calendarIds);
        const row = { ...values, networkId: actor.networkId, calendarIds: prepared.calendarIds, canceled: false };
        const subject = subjectOf(row, actor.membershipId, calendars);
        invited = await deps.invitation.check(actor, subject, invitation, prepared.fields.invite_consumers);
      }
      return write(actor.networkId, async (tx) => {
        await repository.insert(tx, {
          ...values,
          id,
          networkId: actor.networkId,
          authorId: actor.membershipId,
        });
        await repository.setCalendars(tx, actor.networkId, id, prepared.calendarIds);
        await repository.setContacts(tx, actor.networkId, id, prepared.contactIds);
        await deps.roomBookings.sync(tx, actor.networkId, id);
        await repository.insertParticipants(tx, [
          {
            networkId: actor.networkId,
            appointmentId: id,
            membershipId: actor.membershipId,
            status: 'accepted',
            roles: ['organizer'],
          },
        ]);
        const removed = await files.replace(tx, actor, id, fileWish(prepared.fields), none);
        await deps.record(tx, {
          networkId: actor.networkId,
          type: APPOINTMENT_EVENTS.created,
          actorId: actor.membershipId,
          appointmentId: id,
          changes: { name: prepared.fields.name },
        });
        if (invited) {
          const row = (await repository.find(actor.networkId, id, tx))!;
          const target = targetOf({ row, series: null, occurrence: null, calendars: new Map() }, undefined);
          await deps.invitation.store(tx, actor, target, invited);
        }
        return { result: id, removed };
      });
    },

    /**
     * `PUT /appointments/{id}`: a single appointment or a series as a whole; an occurrence alone
     * (`apply_to` this) or its series (all). Answers the id to show afterwards.
     */
    async update(
      actor: Actor,
      loaded: LoadedAppointment,
      input: AppointmentFields,
      applyTo: ApplyTo | undefined,
    ): Promise<string> {
      const scope = requireApplyTo(loaded, applyTo);
      if (scope === 'all') {
        if (!allows(appointmentPolicy, 'update', actor, await access.seriesSubject(actor, loaded))) throw forbidden();
        return saveWhole(actor, loaded.series!, input, loaded.occurrence!.start);
      }
      authorize(appointmentPolicy, 'update', actor, loadedSubject(loaded));
      if (scope === 'this') return saveOccurrence(actor, loaded, input);
      return saveWhole(actor, loaded.row, input, null);
    },

    /**
     * `DELETE /appointments/{id}`: a single appointment or a series with everything that hangs
     * on it; an occurrence alone (`apply_to` this: it becomes a deleted exception, an EXDATE) or
     * its whole series (all).
     */
    async destroy(actor: Actor, loaded: LoadedAppointment, applyTo: ApplyTo | undefined): Promise<void> {
      const scope = requireApplyTo(loaded, applyTo);
      if (scope === 'all') {
        if (!allows(appointmentPolicy, 'destroy', actor, await access.seriesSubject(actor, loaded))) throw forbidden();
      } else {
        authorize(appointmentPolicy, 'destroy', actor, loadedSubject(loaded));
      }
      if (scope === 'this') {
        const series = loaded.series!;
        const occurrence = loaded.occurrence!;
        await db.transaction(async (tx) => {
          await deps.calendars.touch(tx, actor.networkId);
          // Its invites keep its name and time: the occurrence is gone from the series.
          const scope = { seriesId: series.id, occurrenceKey: occurrence.key };
          const obsoleted = await obsoleteInvites(tx, actor.networkId, scope, { onlyOpen: false, withSnapshot: true });
          // The deleted occurrence keeps the series' fields: a record of what it was.
          const changes = { occurrenceDeleted: true, lastAuthorId: actor.membershipId };
          const exceptionId = await changeOccurrence(tx, repository, loaded, changes);
          await deps.roomBookings.syncOccurrence(tx, actor.networkId, exceptionId);
          await deps.record(tx, {
            networkId: actor.networkId,
            type: APPOINTMENT_EVENTS.destroyed,
            actorId: actor.membershipId,
            appointmentId: series.id,
            changes: { name: loaded.row.name, occurrence_key: occurrence.key, recount: obsoleted },
          });
        });
        return;
      }
      const whole = scope === 'all' ? loaded.series! : loaded.row;
      await write(actor.networkId, async (tx) => {
        // Before the rows go: the invites keep what the appointment was, and lose the link.
        const scope = { appointmentIds: [whole.id] };
        const obsoleted = await obsoleteInvites(tx, actor.networkId, scope, { onlyOpen: false, withSnapshot: true });
        await deps.roomBookings.releaseWithExceptions(tx, actor.networkId, [whole.id]);
        // Its changed occurrences go with it: named, as their rows will be gone (search documents).
        const exceptions = await repository.exceptionsOf(actor.networkId, [whole.id], tx);
        await repository.deleteMany(tx, actor.networkId, [whole.id]);
        await deps.record(tx, {
          networkId: actor.networkId,
          type: APPOINTMENT_EVENTS.destroyed,
          actorId: actor.membershipId,
          appointmentId: whole.id,
          changes: { name: whole.name, recount: obsoleted, removed_exception_ids: exceptions.map((e) => e.id) },
        });
        return { result: undefined, removed: await files.removeAll(tx, actor.networkId, [whole.id]) };
      });
    },
  };
}

export type AppointmentCommands = ReturnType<typeof createCommands>;
