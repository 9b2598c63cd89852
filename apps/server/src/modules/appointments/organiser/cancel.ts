import { occurrenceId, PARTICIPATION_ERROR_KEYS, type ApplyTo } from '@agora/contracts';
import type { Db } from '../../../platform/db/client.ts';
import { forbidden, unprocessable } from '../../../platform/errors.ts';
import { allows, authorize, type Actor } from '../../../platform/policy/index.ts';
import type { CalendarsService } from '../../calendars/index.ts';
import { loadedSubject, type AppointmentAccess, type LoadedAppointment } from '../access.ts';
import { changeOccurrence } from '../exceptions.ts';
import { obsoleteInvites, type InviteScope } from '../invite-lifecycle.ts';
import { appointmentPolicy } from '../policy.ts';
import { APPOINTMENT_EVENTS, type RecordAppointmentEvent } from '../events.ts';
import type { AppointmentsRepository, NewAppointmentRow } from '../repository.ts';
import type { RoomBookings } from '../room-bookings.ts';

export type OrganiserCommandDeps = {
  db: Db;
  repository: AppointmentsRepository;
  access: AppointmentAccess;
  calendars: Pick<CalendarsService, 'touch'>;
  /** A canceled appointment frees its meeting room; an occurrence changed alone books on its own. */
  roomBookings: Pick<RoomBookings, 'sync' | 'syncOccurrence'>;
  record: RecordAppointmentEvent;
};

/** What a cancelation reached: whose open invites went, and who is told. */
export type Canceled = {
  /** The appointment or series, or the occurrence (its key) when canceled alone. */
  ownerId: string;
  occurrenceKey: string;
  name: string;
  /** The id and page of what was canceled (`r-...` for an occurrence alone). */
  publicId: string;
  path: string;
};

/** Whether the loaded appointment is a series itself (not one of its occurrences). */
export function isSeriesItself(loaded: LoadedAppointment): boolean {
  const { row, occurrence } = loaded;
  return !occurrence && !row.seriesId && row.recurrenceFrequency !== 'never';
}

/**
 * The organiser's actions on an appointment as a whole: cancelling (calendars spec, section 4:
 * "the cancel action is disabled once canceled") and locking participation ("not offered for a
 * recurring series"). Each is one transaction with the calendar version and the invites.
 */
export function createOrganiserCommands(deps: OrganiserCommandDeps) {
  const { db, repository, access } = deps;

  /** Runs a change in one transaction with raising the calendar version (the month cache key). */
  function write<T>(networkId: string, run: (tx: Db) => Promise<T>): Promise<T> {
    return db.transaction(async (tx) => {
      await deps.calendars.touch(tx, networkId);
      return run(tx);
    });
  }

  /** Writes a change to one occurrence alone: its exception row, made on the first change. */
  async function changeThis(tx: Db, loaded: LoadedAppointment, changes: Partial<NewAppointmentRow>): Promise<void> {
    const exceptionId = await changeOccurrence(tx, repository, loaded, changes);
    await deps.roomBookings.syncOccurrence(tx, loaded.row.networkId, exceptionId);
  }

  return {
    /**
     * `POST /appointments/{id}/cancel`: a single appointment or series; an occurrence alone
     * (`apply_to` this, required) or its series (all). Its open invites become obsolete.
     */
    async cancel(actor: Actor, loaded: LoadedAppointment, applyTo: ApplyTo | undefined): Promise<Canceled> {
      const { series, occurrence } = loaded;
      if (occurrence && !applyTo) throw unprocessable({ apply_to: ['required'] });
      const alone = occurrence !== null && applyTo === 'this';
      const whole = alone ? null : occurrence ? series! : loaded.row;
      if (occurrence && !alone) {
        if (!allows(appointmentPolicy, 'destroy', actor, await access.seriesSubject(actor, loaded))) throw forbidden();
      } else {
        authorize(appointmentPolicy, 'destroy', actor, loadedSubject(loaded));
      }
      // An occurrence of a canceled series is canceled with it.
      const canceled = whole ? whole.canceled : loaded.row.canceled || series!.canceled;
      if (canceled) throw unprocessable({ base: [PARTICIPATION_ERROR_KEYS.alreadyCanceled] });

      const now = new Date();
      const changes = { canceled: true, canceledAt: now, lastAuthorId: actor.membershipId };
      const scope: InviteScope = whole
        ? { appointmentIds: [whole.id] }
        : { seriesId: series!.id, occurrenceKey: occurrence!.key };
      const publicId = whole ? whole.id : occurrenceId(series!.id, occurrence!.key);
      const result: Canceled = {
        ownerId: whole?.id ?? series!.id,
        occurrenceKey: whole ? '' : occurrence!.key,
        name: (whole ?? loaded.row).name,
        publicId,
        path: `/appointments/${publicId}`,
      };
      await write(actor.networkId, async (tx) => {
        if (whole) {
          await repository.update(tx, actor.networkId, whole.id, changes);
          await deps.roomBookings.sync(tx, actor.networkId, whole.id);
        } else {
          await changeThis(tx, loaded, changes);
        }
        const invitees = await obsoleteInvites(tx, actor.networkId, scope, { onlyOpen: true, withSnapshot: false });
        // Who takes part hears of it from the event's processor.
        await deps.record(tx, {
          networkId: actor.networkId,
          type: APPOINTMENT_EVENTS.canceled,
          actorId: actor.membershipId,
          appointmentId: result.ownerId,
          changes: {
            name: result.name,
            occurrence_key: result.occurrenceKey,
            public_id: result.publicId,
            path: result.path,
            recount: invitees,
          },
        });
      });
      return result;
    },

    /**
     * `PATCH /appointments/{id}`: locks or unlocks participation of a single appointment or of
     * one occurrence (its own row); a series as a whole has no lock of its own (422).
     */
    async lock(actor: Actor, loaded: LoadedAppointment, locked: boolean): Promise<void> {
      authorize(appointmentPolicy, 'update', actor, loadedSubject(loaded));
      if (isSeriesItself(loaded)) {
        throw unprocessable({ 'attendee_configuration.participation_locked': ['invalid'] });
      }
      const attendeeConfiguration = { ...loaded.row.attendeeConfiguration, participation_locked: locked };
      const changes = { attendeeConfiguration, lastAuthorId: actor.membershipId };
      await write(actor.networkId, async (tx) => {
        if (loaded.occurrence) await changeThis(tx, loaded, changes);
        else await repository.update(tx, actor.networkId, loaded.row.id, changes);
        await deps.record(tx, {
          networkId: actor.networkId,
          type: APPOINTMENT_EVENTS.participationLocked,
          actorId: actor.membershipId,
          appointmentId: loaded.series?.id ?? loaded.row.id,
          changes: { name: loaded.row.name, occurrence_key: loaded.occurrence?.key ?? '', locked },
        });
      });
    },
  };
}

export type OrganiserCommands = ReturnType<typeof createOrganiserCommands>;
