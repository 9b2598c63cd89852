import {
  appointmentFieldsSchema,
  type Appointment,
  type AppointmentCategory,
  type AppointmentFieldsInput,
  type ApplyTo,
  type AppointmentFields,
} from '@agora/contracts';
import type { Db } from '../../platform/db/client.ts';
import type { Actor } from '../../platform/policy/index.ts';
import type { Storage } from '../../platform/storage/index.ts';
import type { CalendarsService } from '../calendars/index.ts';
import type { MembersService } from '../members/index.ts';
import type { NetworksService } from '../networks/index.ts';
import { createAppointmentAccess, type LoadedAppointment } from './access.ts';
import { createCommands } from './commands.ts';
import { createDetail } from './detail.ts';
import { createFeeds } from './feeds.ts';
import { createAppointmentFiles } from './files.ts';
import { createMonth } from './month.ts';
import { presentCategory } from './present.ts';
import { createRangeRepository } from './range-repository.ts';
import { createAppointmentsRepository, type CategoryRow } from './repository.ts';
import { insertSeedAppointments, type SeedAppointment } from './seed.ts';

export type AppointmentsDeps = {
  db: Db;
  calendars: CalendarsService;
  members: MembersService;
  networks: NetworksService;
  storage: Storage;
};

export type AppointmentsService = ReturnType<typeof createAppointmentsService>;

export function createAppointmentsService(deps: AppointmentsDeps) {
  const { db } = deps;
  const repository = createAppointmentsRepository(db);
  const ranges = createRangeRepository(db);
  const access = createAppointmentAccess({ repository, calendars: deps.calendars });
  const files = createAppointmentFiles({ storage: deps.storage, calendars: deps.calendars, repository });
  const commands = createCommands({ db, repository, calendars: deps.calendars, members: deps.members, access, files });
  const detail = createDetail({ repository, members: deps.members, networks: deps.networks, files });
  const month = createMonth({ ranges, calendars: deps.calendars });
  const feeds = createFeeds({ repository, ranges, calendars: deps.calendars, members: deps.members });

  // A deleted calendar takes along the appointments that were only in it. The files' bytes are
  // left to the storage sweep: this runs inside the calendar's transaction, whose commit it cannot see.
  deps.calendars.onCalendarDestroyed(async (tx, networkId, calendarId) => {
    const ids = await repository.idsInCalendar(tx, calendarId);
    await repository.unlinkCalendar(tx, calendarId);
    const orphans = await repository.withoutCalendars(tx, networkId, ids);
    // A modified occurrence without calendars is gone from its series, as if deleted alone.
    const occurrences = orphans.filter((o) => o.seriesId).map((o) => o.id);
    for (const id of occurrences) await repository.update(tx, networkId, id, { occurrenceDeleted: true });
    const whole = orphans.filter((o) => !o.seriesId).map((o) => o.id);
    await repository.deleteMany(tx, networkId, whole);
    await files.removeAll(tx, networkId, whole);
  });

  return {
    /** An appointment or occurrence the actor may read; 404 otherwise. */
    load: (actor: Actor, id: string): Promise<LoadedAppointment> => access.load(actor, id),
    present: (actor: Actor, loaded: LoadedAppointment): Promise<Appointment> => detail.present(actor, loaded),
    /** Creates an appointment from the form's fields (already parsed); answers its id. */
    createFromFields: (actor: Actor, fields: AppointmentFields): Promise<string> => commands.create(actor, fields),
    update: (actor: Actor, loaded: LoadedAppointment, fields: AppointmentFields, applyTo?: ApplyTo) =>
      commands.update(actor, loaded, fields, applyTo),
    destroy: (actor: Actor, loaded: LoadedAppointment, applyTo?: ApplyTo) => commands.destroy(actor, loaded, applyTo),
    month: month.month,
    feed: feeds.feed,
    ics: feeds.one,

    /**
     * Creates an appointment as the form would (the same checks and rules), for the demo seed
     * and other server-side callers. Answers the appointment as `GET /appointments/{id}` does.
     */
    async create(actor: Actor, input: AppointmentFieldsInput): Promise<Appointment> {
      const id = await commands.create(actor, appointmentFieldsSchema.parse(input));
      return detail.present(actor, await access.load(actor, id));
    },

    /** Bulk insertion for seeds and benchmarks (chunks of 1000); answers the ids in order. */
    insertMany(networkId: string, rows: SeedAppointment[], chunkSize = 1000): Promise<string[]> {
      return insertSeedAppointments(db, repository, deps.calendars.touch, networkId, rows, chunkSize);
    },

    /** `GET /appointments/categories`: the network's categories in their order. */
    async categories(actor: Actor): Promise<AppointmentCategory[]> {
      return (await repository.categories(actor.networkId)).map(presentCategory);
    },

    /** Adds categories (seeds; the administration of categories comes later). Existing labels are kept. */
    createCategories(networkId: string, labels: string[], firstPosition = 0): Promise<CategoryRow[]> {
      return repository.insertCategories(labels.map((label, i) => ({ networkId, label, position: firstPosition + i })));
    },
  };
}
