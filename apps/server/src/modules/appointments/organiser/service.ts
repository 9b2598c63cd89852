import type { ApplyTo } from '@agora/contracts';
import type { Db } from '../../../platform/db/client.ts';
import type { ProcessorContext, StoredEvent } from '../../../platform/events/index.ts';
import type { Mailer } from '../../../platform/mail/mailer.ts';
import type { Actor } from '../../../platform/policy/index.ts';
import type { AccountsService } from '../../accounts/index.ts';
import type { MemberSettingsService } from '../../member-settings/index.ts';
import type { CalendarsService } from '../../calendars/index.ts';
import type { MembersService } from '../../members/index.ts';
import type { MembershipRolesService } from '../../membership-roles/index.ts';
import type { NetworksService } from '../../networks/index.ts';
import type { NotificationsService } from '../../notifications/index.ts';
import type { AppointmentAccess, LoadedAppointment } from '../access.ts';
import type { AppointmentFilesService } from '../files.ts';
import { createParticipationRepository } from '../participation/index.ts';
import type { AppointmentsRepository } from '../repository.ts';
import type { RoomBookings } from '../room-bookings.ts';
import type { RecordAppointmentEvent } from '../events.ts';
import { createOrganiserCommands, type Canceled } from './cancel.ts';
import { createContact, type ContactInput } from './contact.ts';
import { createAttendeeExports, type AttendeesFormat } from './exports.ts';
import { createOrganiserRepository } from './repository.ts';

export type OrganiserDeps = {
  db: Db;
  repository: AppointmentsRepository;
  access: AppointmentAccess;
  files: Pick<AppointmentFilesService, 'of'>;
  calendars: Pick<CalendarsService, 'touch'>;
  roomBookings: Pick<RoomBookings, 'sync' | 'syncOccurrence'>;
  members: Pick<MembersService, 'findMany' | 'namesSubquery'>;
  networks: Pick<NetworksService, 'get' | 'settings'>;
  accounts: Pick<AccountsService, 'mailAddresses'>;
  /** Whom optional mail may reach, by their mail settings and bounced addresses. */
  memberSettings: Pick<MemberSettingsService, 'mailAddresses'>;
  membershipRoles: Pick<MembershipRolesService, 'findMany'>;
  notifications: Pick<NotificationsService, 'notify'>;
  mailer: Pick<Mailer, 'prepare' | 'enqueue'>;
  publicUrl: string;
  record: RecordAppointmentEvent;
};

/** The organiser's actions of the detail page's menu: cancel, lock, contact attendees, attendee exports. */
export function createOrganiser(deps: OrganiserDeps) {
  const repository = createOrganiserRepository(deps.db);
  const participation = createParticipationRepository(deps.db, deps.members);
  const commands = createOrganiserCommands({ ...deps, repository: deps.repository });
  const contact = createContact({ ...deps, repository });
  const exports = createAttendeeExports({ ...deps, repository, participation });

  return {
    /** Cancels; who takes part hears of it from `notifyCanceled`, the event's processor. */
    cancel: (actor: Actor, loaded: LoadedAppointment, applyTo: ApplyTo | undefined): Promise<Canceled> =>
      commands.cancel(actor, loaded, applyTo),

    /**
     * Tells who takes part (accepted, or not answered yet) of a cancelation with a notification,
     * rendered in each reader's language when read.
     */
    async notifyCanceled(event: StoredEvent, context: ProcessorContext): Promise<void> {
      const changes = event.changes as { name: string; occurrence_key: string; public_id: string; path: string };
      const recipients = await repository.toNotify({ ownerId: event.subject.id, key: changes.occurrence_key });
      if (recipients.length === 0) return;
      await context.transaction((tx) =>
        deps.notifications.notify(
          {
            networkId: event.networkId,
            recipientIds: recipients,
            type: 'appointment_canceled',
            actorId: event.actorId,
            subject: { type: 'appointment', id: changes.public_id, title: changes.name, path: changes.path },
          },
          { tx, afterCommit: context.afterCommit },
        ),
      );
    },
    lock: commands.lock,
    contactContext: contact.context,
    contact: (actor: Actor, loaded: LoadedAppointment, input: ContactInput) => contact.send(actor, loaded, input),
    attendees: (actor: Actor, loaded: LoadedAppointment, format: AttendeesFormat) =>
      exports.export(actor, loaded, format),
  };
}

export type Organiser = ReturnType<typeof createOrganiser>;
