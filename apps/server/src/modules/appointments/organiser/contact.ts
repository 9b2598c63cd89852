import {
  CONTACT_AUDIENCES,
  occurrenceId,
  PARTICIPATION_ERROR_KEYS,
  type ContactAudience,
  type ContactContext,
  type ContactResult,
  type contactBodySchema,
} from '@agora/contracts';
import type { z } from 'zod';
import { unprocessable } from '../../../platform/errors.ts';
import type { Db } from '../../../platform/db/client.ts';
import type { MailAttachment, MailJob, Mailer } from '../../../platform/mail/mailer.ts';
import { authorize, type Actor } from '../../../platform/policy/index.ts';
import type { AccountsService } from '../../accounts/index.ts';
import type { MemberSettingsService } from '../../member-settings/index.ts';
import { memberName, type MembersService } from '../../members/index.ts';
import type { NetworksService } from '../../networks/index.ts';
import { loadedSubject, type LoadedAppointment } from '../access.ts';
import type { AppointmentFilesService } from '../files.ts';
import { mailLocale, viewScope } from '../participation/index.ts';
import { appointmentPolicy } from '../policy.ts';
import type { StoredParticipantStatus } from '../tables.ts';
import { ORGANISER_TEXTS } from './messages.ts';
import { APPOINTMENT_EVENTS, type RecordAppointmentEvent } from '../events.ts';
import type { OrganiserRepository } from './repository.ts';

export type ContactInput = z.output<typeof contactBodySchema>['contact'];

export type ContactDeps = {
  repository: OrganiserRepository;
  files: Pick<AppointmentFilesService, 'of'>;
  networks: Pick<NetworksService, 'get' | 'settings'>;
  accounts: Pick<AccountsService, 'mailAddresses'>;
  /** Whom optional mail may reach, by their mail settings and bounced addresses. */
  memberSettings: Pick<MemberSettingsService, 'mailAddresses'>;
  members: Pick<MembersService, 'findMany'>;
  mailer: Pick<Mailer, 'prepare' | 'enqueue'>;
  publicUrl: string;
  db: Db;
  record: RecordAppointmentEvent;
};

/** Whom each audience of the contact form reaches; 'open' and 'invited' are both no answer yet. */
function inAudience(audience: ContactAudience, status: StoredParticipantStatus): boolean {
  switch (audience) {
    case 'all':
      return true;
    case 'accepted':
      return status === 'accepted';
    case 'declined':
      return status === 'declined' || status === 'rejected';
    case 'no_reaction':
      return status === 'invited' || status === 'open';
  }
}

/** Addresses are looked up this many members at a time, so that a large audience stays in bounded memory. */
const ADDRESS_CHUNK = 500;

/** The organiser's text as the mail's paragraphs: blank lines part them, single line ends stay. */
function paragraphsOf(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/**
 * Contacting attendees (calendars spec, sections 2 and 5): one mail per participant of the
 * chosen audience (consumers too, the sender not), through the mail queue, answers to the
 * sender, with the appointment's files attached when asked and within the network's limit.
 */
export function createContact(deps: ContactDeps) {
  /** The appointment's (series') files, their total size and the network's limit. */
  async function attachmentsOf(actor: Actor, loaded: LoadedAppointment) {
    const owner = loaded.series ?? loaded.row;
    const [files, network] = await Promise.all([
      deps.files.of(actor.networkId, [owner.id]),
      deps.networks.get(actor.networkId),
    ]);
    const rows = files.get(owner.id)?.files ?? [];
    const limitMb = network ? deps.networks.settings(network).email_attachment_limit_mb : 10;
    return {
      rows,
      size: rows.reduce((sum, row) => sum + row.size, 0),
      limit: limitMb * 1024 * 1024,
      network,
    };
  }

  return {
    /** `GET /appointments/{id}/contact`: what the form needs besides the appointment. */
    async context(actor: Actor, loaded: LoadedAppointment): Promise<ContactContext> {
      authorize(appointmentPolicy, 'contact', actor, loadedSubject(loaded));
      const [attachments, participants] = await Promise.all([
        attachmentsOf(actor, loaded),
        deps.repository.participantStatuses(viewScope(loaded), actor.membershipId),
      ]);
      const audienceCounts = Object.fromEntries(
        CONTACT_AUDIENCES.map((audience) => [
          audience,
          participants.filter((p) => inAudience(audience, p.status)).length,
        ]),
      ) as Record<ContactAudience, number>;
      return {
        attachments_size: attachments.size,
        attachment_limit: attachments.limit,
        audience_counts: audienceCounts,
      };
    },

    /** `POST /appointments/{id}/contact`: queues the mails; answers how many. */
    async send(actor: Actor, loaded: LoadedAppointment, input: ContactInput): Promise<ContactResult> {
      authorize(appointmentPolicy, 'contact', actor, loadedSubject(loaded));
      const attachments = await attachmentsOf(actor, loaded);
      if (input.include_attachments && attachments.size > attachments.limit) {
        throw unprocessable({ include_attachments: [PARTICIPATION_ERROR_KEYS.attachmentsTooLarge] });
      }
      const participants = await deps.repository.participantStatuses(viewScope(loaded), actor.membershipId);
      const recipients = participants.filter((p) => inAudience(input.audience, p.status)).map((p) => p.membershipId);
      const [sender] = await deps.members.findMany(actor.networkId, [actor.membershipId]);
      const senderAddress = (await deps.accounts.mailAddresses(actor.networkId, [actor.membershipId])).get(
        actor.membershipId,
      );
      const { row, series, occurrence } = loaded;
      const publicId = occurrence && series ? occurrenceId(series.id, occurrence.key) : row.id;
      const url = `${deps.publicUrl}/appointments/${publicId}`;
      const files: MailAttachment[] = input.include_attachments
        ? attachments.rows.map((f) => ({ key: f.key, filename: f.name, contentType: f.contentType }))
        : [];
      const fallbackLocale = attachments.network?.language ?? 'de';
      const senderName = sender ? memberName(sender) : '';
      // Rendered first, queued all at once with the event: either every mail goes or none.
      const mails: MailJob[] = [];
      for (let start = 0; start < recipients.length; start += ADDRESS_CHUNK) {
        const addresses = await deps.memberSettings.mailAddresses(
          actor.networkId,
          recipients.slice(start, start + ADDRESS_CHUNK),
          'notification',
          actor.membershipId,
        );
        for (const address of addresses.values()) {
          const locale = mailLocale(address.locale, fallbackLocale);
          const t = ORGANISER_TEXTS[locale];
          const mail = await deps.mailer.prepare({
            networkId: actor.networkId,
            networkName: attachments.network?.name,
            to: address.email,
            locale,
            subject: input.subject,
            paragraphs: [t.wroteAbout(senderName, row.name), ...paragraphsOf(input.text)],
            action: { label: t.openAppointment, url },
            ...(senderAddress ? { replyTo: senderAddress.email } : {}),
            ...(files.length > 0 ? { attachments: files } : {}),
          });
          mails.push(mail);
        }
      }
      await deps.db.transaction(async (tx) => {
        await deps.mailer.enqueue(mails, tx);
        await deps.record(tx, {
          networkId: actor.networkId,
          type: APPOINTMENT_EVENTS.attendeesContacted,
          actorId: actor.membershipId,
          appointmentId: series?.id ?? row.id,
          changes: { name: row.name, audience: input.audience, recipients: mails.length, subject: input.subject },
        });
      });
      return { recipients: mails.length };
    },
  };
}

export type Contact = ReturnType<typeof createContact>;
