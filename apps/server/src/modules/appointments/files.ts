import type { Db } from '../../platform/db/client.ts';
import { allows, type Actor } from '../../platform/policy/index.ts';
import type { Storage, StorageOwnerPolicy, StoredObjectRow } from '../../platform/storage/index.ts';
import type { CalendarsService } from '../calendars/index.ts';
import { subjectOf } from './access.ts';
import { appointmentPolicy } from './policy.ts';
import type { AppointmentsRepository } from './repository.ts';

/**
 * The storage owner type of appointments' files and event images. Files and the image belong
 * to the series: its occurrences, modified ones too, show the series' files, and a change of
 * files made while editing one occurrence changes them for the series.
 */
export const APPOINTMENT_OWNER = 'appointment';

export type AppointmentFiles = { files: StoredObjectRow[]; image: StoredObjectRow | null };

export function createAppointmentFiles(deps: {
  storage: Storage;
  calendars: CalendarsService;
  repository: AppointmentsRepository;
}) {
  const { storage, repository } = deps;

  /** Whether the actor may change an appointment's uploads: who may update the appointment. */
  async function mayUpdate(actor: Actor, ownerId: string): Promise<boolean> {
    const row = await repository.find(actor.networkId, ownerId);
    if (!row) return false;
    const calendars = await deps.calendars.accessMany(actor, row.calendarIds);
    return allows(appointmentPolicy, 'update', actor, subjectOf(row, row.authorId, calendars));
  }

  /** Who reads and changes an appointment's files: registered by the module definition. */
  const ownerPolicy: StorageOwnerPolicy = {
    // Who reads the series, or one of its modified occurrences (which show the series' files).
    async readableIds(actor, ownerIds, networkId) {
      if (!actor || actor.networkId !== networkId) return new Set();
      const rows = await repository.calendarIdsOfOwners(networkId, ownerIds);
      const calendars = await deps.calendars.accessMany(actor, [...new Set(rows.flatMap((r) => r.calendarIds))]);
      const readable = new Set<string>();
      for (const row of rows) {
        if (row.calendarIds.some((id) => calendars.get(id)?.can.read)) readable.add(row.seriesId ?? row.id);
      }
      return new Set(ownerIds.filter((id) => readable.has(id)));
    },
    canUpdate: mayUpdate,
    canLock: mayUpdate,
  };

  return {
    ownerPolicy,
    /** The files and the event image of some appointments (series), by owner id: one query. */
    async of(networkId: string, ownerIds: string[]): Promise<Map<string, AppointmentFiles>> {
      const owned = await storage.owned(networkId, APPOINTMENT_OWNER, ownerIds);
      const result = new Map<string, AppointmentFiles>();
      for (const id of ownerIds) {
        const rows = owned.get(id) ?? [];
        const images = rows.filter((r) => r.directory === 'images');
        result.set(id, { files: rows.filter((r) => r.directory === 'files'), image: images.at(-1) ?? null });
      }
      return result;
    },

    /**
     * Inside the save's transaction: attaches the listed uploads to the owner and removes the
     * ones no longer listed. Answers the removed ones, whose bytes go after the commit (purge).
     */
    async replace(
      tx: Db,
      actor: Actor,
      ownerId: string,
      wanted: { fileIds: string[]; imageId: string | null },
      current: AppointmentFiles,
    ): Promise<StoredObjectRow[]> {
      const owner = { type: APPOINTMENT_OWNER, id: ownerId };
      await storage.attach(actor, wanted.fileIds, owner, { db: tx, field: 'event_file_ids', directory: 'files' });
      if (wanted.imageId) {
        await storage.attach(actor, [wanted.imageId], owner, { db: tx, field: 'event_image_id', directory: 'images' });
      }
      const keep = new Set([...wanted.fileIds, ...(wanted.imageId ? [wanted.imageId] : [])]);
      const dropped = [...current.files, ...(current.image ? [current.image] : [])].filter((r) => !keep.has(r.id));
      if (dropped.length === 0) return [];
      return storage.removeOwned(
        actor.networkId,
        { objectIds: dropped.map((r) => r.id) },
        { db: tx, actorId: actor.membershipId },
      );
    },

    /** Inside a deletion's transaction: the uploads of deleted appointments (purge after the commit). */
    removeAll(tx: Db, networkId: string, ownerIds: string[]): Promise<StoredObjectRow[]> {
      if (ownerIds.length === 0) return Promise.resolve([]);
      return storage.removeOwned(networkId, { type: APPOINTMENT_OWNER, ids: ownerIds }, { db: tx });
    },

    purge: (rows: StoredObjectRow[]) => (rows.length > 0 ? storage.purge(rows) : Promise.resolve()),
  };
}

export type AppointmentFilesService = ReturnType<typeof createAppointmentFiles>;
