import type { ApplyTo } from '@agora/contracts';
import type { Db } from '../../../platform/db/client.ts';
import type { Mailer } from '../../../platform/mail/mailer.ts';
import type { Actor } from '../../../platform/policy/index.ts';
import type { AccountsService } from '../../accounts/index.ts';
import type { CalendarsService } from '../../calendars/index.ts';
import type { MembersService } from '../../members/index.ts';
import type { MembershipRolesService } from '../../membership-roles/index.ts';
import type { NetworksService } from '../../networks/index.ts';
import type { NotificationsService } from '../../notifications/index.ts';
import type { AppointmentAccess, LoadedAppointment } from '../access.ts';
import type { AppointmentFilesService } from '../files.ts';
import { createParticipationRepository, mailLocale } from '../participation/index.ts';
import type { AppointmentsRepository } from '../repository.ts';
import type { RoomBookings } from '../room-bookings.ts';
import { createOrganiserCommands } from './cancel.ts';
import { createContact, type ContactInput } from './contact.ts';
import { createAttendeeExports, type AttendeesFormat } from './exports.ts';
import { ORGANISER_TEXTS } from './messages.ts';
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
  membershipRoles: Pick<MembershipRolesService, 'findMany'>;
  notifications: Pick<NotificationsService, 'notify'>;
  mailer: Pick<Mailer, 'send'>;
  publicUrl: string;
  /** After the commit: these members' open invites changed (their Calendars unread count). */
  invitesChanged: (networkId: string, membershipIds: string[]) => Promise<void>;
};

/** The organiser's actions of the detail page's menu: cancel, lock, contact attendees, attendee exports. */
export function createOrganiser(deps: OrganiserDeps) {
  const repository = createOrganiserRepository(deps.db);
  const participation = createParticipationRepository(deps.db, deps.members);
  const commands = createOrganiserCommands({ ...deps, repository: deps.repository });
  const contact = createContact({ ...deps, repository });
  const exports = createAttendeeExports({ ...deps, repository, participation });

  return {
    /**
     * Cancels, then tells who takes part (accepted, or not answered yet) with a notification.
     * The notification's text is in the network's language; the web app shows its own.
     */
    async cancel(actor: Actor, loaded: LoadedAppointment, applyTo: ApplyTo | undefined): Promise<void> {
      const canceled = await commands.cancel(actor, loaded, applyTo);
      const recipients = await repository.toNotify({ ownerId: canceled.ownerId, key: canceled.occurrenceKey });
      if (recipients.length === 0) return;
      const network = await deps.networks.get(actor.networkId);
      const t = ORGANISER_TEXTS[mailLocale(null, network?.language ?? 'de')];
      await deps.notifications.notify({
        networkId: actor.networkId,
        recipientIds: recipients,
        type: 'appointment_canceled',
        actorId: actor.membershipId,
        subject: { type: 'appointment', id: canceled.publicId, title: canceled.name, path: canceled.path },
        text: t.canceled(canceled.name),
      });
    },
    lock: commands.lock,
    contactContext: contact.context,
    contact: (actor: Actor, loaded: LoadedAppointment, input: ContactInput) => contact.send(actor, loaded, input),
    attendees: (actor: Actor, loaded: LoadedAppointment, format: AttendeesFormat) =>
      exports.export(actor, loaded, format),
  };
}

export type Organiser = ReturnType<typeof createOrganiser>;
