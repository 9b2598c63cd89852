import {
  PARTICIPATION_ERROR_KEYS,
  PARTICIPATION_LIMITS,
  type AddParticipantsResult,
  type addParticipantsBodySchema,
  type Invitees,
  type ParticipantStatus,
} from '@agora/contracts';
import type { z } from 'zod';
import type { Db } from '../../../platform/db/client.ts';
import { forbidden, unprocessable } from '../../../platform/errors.ts';
import type { Jobs } from '../../../platform/jobs/jobs.ts';
import type { ProcessorContext, StoredEvent } from '../../../platform/events/index.ts';
import type { MailJob, Mailer } from '../../../platform/mail/mailer.ts';
import { allows, type Actor } from '../../../platform/policy/index.ts';
import type { AccountsService } from '../../accounts/index.ts';
import type { MemberSettingsService } from '../../member-settings/index.ts';
import type { CalendarsService } from '../../calendars/index.ts';
import type { GroupsService } from '../../groups/index.ts';
import { memberName, type MembersService } from '../../members/index.ts';
import type { MembershipRolesService } from '../../membership-roles/index.ts';
import type { NetworksService } from '../../networks/index.ts';
import type { NotificationsService } from '../../notifications/index.ts';
import type { LoadedAppointment } from '../access.ts';
import { appointmentPolicy, type AppointmentSubject } from '../policy.ts';
import { inviteMail, mailLocale } from './mails.ts';
import type { ParticipationRepository, ParticipationScope } from './repository.ts';
import { targetOf, type Target } from './scope.ts';
import { APPOINTMENT_EVENTS, type RecordAppointmentEvent } from '../events.ts';

export type AddParticipantsInput = z.output<typeof addParticipantsBodySchema>;

export const ADD_PARTICIPANTS_QUEUE = 'appointments.add-participants';
/** Rows written per statement and transaction, notifications per call, by the job. */
const BATCH = 1000;

/** What the job needs to add the members of groups and roles: small, whatever their size. */
type AddJob = {
  networkId: string;
  actorId: string;
  groupIds: string[];
  roleIds: string[];
  status: ParticipantStatus;
  sendEmail: boolean;
  inviteConsumers: boolean;
  invitable: Invitable;
};

/** What was invited to, as notifications, mails and invites name it. */
type Invitable = {
  scope: ParticipationScope;
  publicId: string;
  name: string;
  start: string;
  allDay: boolean;
  timeZone: string;
  endsAt: string | null;
};

type Entry = { membershipId: string; roles: string[] };

type CheckInput = Invitees & { invite_consumers: boolean };

/** Who is to be added, checked and (unless `large`) resolved to members. */
type Checked = {
  entries: Entry[];
  /** The members of the groups and roles are too many to add at once: a job adds them. */
  large: boolean;
  groupIds: string[];
  roleIds: string[];
  inviteConsumers: boolean;
  sendEmail: boolean;
  /** Nobody was named. */
  empty: boolean;
};

export type AddDeps = {
  db: Db;
  repository: ParticipationRepository;
  calendars: Pick<CalendarsService, 'touch'>;
  members: Pick<MembersService, 'findMany' | 'find'>;
  groups: Pick<GroupsService, 'readableAmong' | 'memberIds'>;
  membershipRoles: Pick<MembershipRolesService, 'findMany' | 'memberIdsWithRoles'>;
  notifications: Pick<NotificationsService, 'notify'>;
  networks: Pick<NetworksService, 'get'>;
  accounts: Pick<AccountsService, 'mailAddresses'>;
  /** Whom optional mail may reach, by their mail settings and bounced addresses. */
  memberSettings: Pick<MemberSettingsService, 'mailAddresses'>;
  mailer: Pick<Mailer, 'prepare' | 'enqueue'>;
  jobs: Pick<Jobs, 'send' | 'work'>;
  publicUrl: string;
  record: RecordAppointmentEvent;
  /** Checks can.update_participants for the target (403). */
  authorizeManage(actor: Actor, loaded: LoadedAppointment, target: Target): Promise<void>;
};

function invitableOf(target: Target): Invitable {
  return {
    scope: target.scope,
    publicId: target.publicId,
    name: target.name,
    start: target.start.toISOString(),
    allDay: target.allDay,
    timeZone: target.timeZone,
    endsAt: target.endsAt?.toISOString() ?? null,
  };
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export function createAddParticipants(deps: AddDeps) {
  const { db, repository } = deps;

  /**
   * Writes one batch: members not yet taking part get a row (and, without an answer, an
   * invite); those who do keep theirs unless a status other than 'invited' was given. Records
   * the event whose processor tells the invitees (`announce`). Answers how many were added.
   */
  async function writeAndRecord(
    tx: Db,
    networkId: string,
    actorId: string,
    invitable: Invitable,
    entries: Entry[],
    status: ParticipantStatus,
    sendEmail: boolean,
  ): Promise<number> {
    if (entries.length === 0) return 0;
    const written = await writeEntries(tx, networkId, actorId, invitable, entries, status);
    await deps.record(tx, {
      networkId,
      type: APPOINTMENT_EVENTS.participantsAdded,
      actorId,
      appointmentId: invitable.scope.ownerId,
      changes: {
        name: invitable.name,
        invitable,
        invitees: written.invitees,
        send_email: sendEmail,
        recount: written.invitees,
      },
    });
    return written.added;
  }

  async function writeEntries(
    tx: Db,
    networkId: string,
    actorId: string,
    invitable: Invitable,
    entries: Entry[],
    status: ParticipantStatus,
  ): Promise<{ added: number; invitees: string[] }> {
    const { scope } = invitable;
    await deps.calendars.touch(tx, networkId, 'participation');
    const ids = entries.map((e) => e.membershipId);
    const existing = new Set((await repository.effectiveOf(scope, ids, tx)).map((r) => r.membershipId));
    const explicit = status !== 'invited';
    const written = entries.filter((e) => explicit || !existing.has(e.membershipId));
    await repository.upsert(
      tx,
      networkId,
      scope,
      written.map((e) => ({ membershipId: e.membershipId, status, roles: e.roles })),
    );
    const fresh = ids.filter((id) => !existing.has(id));
    const invitees = status === 'invited' || status === 'open' ? fresh : [];
    const endsAt = invitable.endsAt ? new Date(invitable.endsAt) : null;
    await repository.invite(tx, networkId, scope, invitees, actorId, endsAt);
    return { added: fresh.length, invitees };
  }

  /**
   * The processor of `participants_added`: a notification to each invitee, a mail each when asked
   * for, written together with the event's handled marker.
   */
  async function announce(event: StoredEvent, context: ProcessorContext): Promise<void> {
    const changes = event.changes as { invitable: Invitable; invitees: string[]; send_email: boolean };
    const { invitable, invitees } = changes;
    if (invitees.length === 0) return;
    const { networkId } = event;
    const actorId = event.actorId!;
    const actor = await deps.members.find(networkId, actorId);
    const actorName = actor ? memberName(actor) : '';
    const path = `/appointments/${invitable.publicId}`;
    // Rendered before the transaction: inside it only its `tx` may be used.
    const mails: MailJob[] = [];
    if (changes.send_email) {
      const network = await deps.networks.get(networkId);
      const fallback = network?.language ?? 'de';
      for (const batch of chunks(invitees, BATCH)) {
        const addresses = await deps.memberSettings.mailAddresses(networkId, batch, 'notification', actorId);
        for (const id of batch) {
          const address = addresses.get(id);
          if (!address) continue;
          const locale = mailLocale(address.locale, fallback);
          const content = inviteMail(locale, {
            actorName,
            name: invitable.name,
            start: new Date(invitable.start),
            allDay: invitable.allDay,
            timeZone: invitable.timeZone,
            url: `${deps.publicUrl}${path}`,
          });
          mails.push(
            await deps.mailer.prepare({ networkId, networkName: network?.name, to: address.email, locale, ...content }),
          );
        }
      }
    }
    await context.transaction(async (tx) => {
      await deps.notifications.notify(
        {
          networkId,
          recipientIds: invitees,
          type: 'appointment_invite',
          actorId,
          subject: { type: 'appointment', id: invitable.publicId, title: invitable.name, path },
        },
        { tx, afterCommit: context.afterCommit },
      );
      await deps.mailer.enqueue(mails, tx);
    });
  }

  /** Members of groups and roles, each with the roles they were added through; consumers only when invited too. */
  async function expand(
    networkId: string,
    groupIds: string[],
    roleIds: string[],
    inviteConsumers: boolean,
  ): Promise<Entry[]> {
    const [groupMembers, holders] = await Promise.all([
      deps.groups.memberIds(networkId, groupIds),
      deps.membershipRoles.memberIdsWithRoles(networkId, roleIds),
    ]);
    const entries = new Map<string, Entry>(groupMembers.map((id) => [id, { membershipId: id, roles: [] }]));
    for (const h of holders) entries.set(h.membershipId, { membershipId: h.membershipId, roles: h.roleIds });
    const all = [...entries.values()];
    if (inviteConsumers) return all;
    const kept: Entry[] = [];
    for (const batch of chunks(all, BATCH)) {
      const members = new Map(
        (
          await deps.members.findMany(
            networkId,
            batch.map((e) => e.membershipId),
          )
        ).map((m) => [m.id, m]),
      );
      kept.push(...batch.filter((e) => members.get(e.membershipId)?.kind === 'member'));
    }
    return kept;
  }

  async function run(job: AddJob): Promise<void> {
    const entries = await expand(job.networkId, job.groupIds, job.roleIds, job.inviteConsumers);
    for (const batch of chunks(entries, BATCH)) {
      await db.transaction((tx) =>
        writeAndRecord(tx, job.networkId, job.actorId, job.invitable, batch, job.status, job.sendEmail),
      );
    }
  }

  /**
   * Checks who is to be added, before anything is written: members of this network (consumers
   * only when consumers are invited), groups the actor may see, roles of the network; 422 under
   * `prefix` otherwise. Resolves the members of groups and roles unless there are too many to
   * add at once (`large`: a job adds them).
   */
  async function check(actor: Actor, input: CheckInput, prefix = ''): Promise<Checked> {
    const networkId = actor.networkId;
    const memberIds = [...new Set(input.membership_ids)];
    const groupIds = [...new Set(input.group_ids)];
    const roleIds = [...new Set(input.membership_role_ids)];
    const [direct, groups, roles] = await Promise.all([
      deps.members.findMany(networkId, memberIds),
      groupIds.length > 0 ? deps.groups.readableAmong(actor, groupIds) : new Map(),
      deps.membershipRoles.findMany(networkId, roleIds),
    ]);
    const errors: Record<string, string[]> = {};
    // Consumers picked by name without inviting consumers are refused, not skipped: the organiser chose them.
    if (direct.length < memberIds.length || (!input.invite_consumers && direct.some((m) => m.kind !== 'member'))) {
      errors[`${prefix}membership_ids`] = ['invalid'];
    }
    if (groups.size < groupIds.length) errors[`${prefix}group_ids`] = ['invalid'];
    if (roles.length < roleIds.length) errors[`${prefix}membership_role_ids`] = ['invalid'];
    if (Object.keys(errors).length > 0) throw unprocessable(errors);

    const [groupMembers, holders] = await Promise.all([
      deps.groups.memberIds(networkId, groupIds),
      deps.membershipRoles.memberIdsWithRoles(networkId, roleIds),
    ]);
    const large = groupMembers.length + holders.length > PARTICIPATION_LIMITS.inlineAddMax;
    const directEntries: Entry[] = memberIds.map((id) => ({ membershipId: id, roles: [] }));
    let entries = directEntries;
    if (!large) {
      const merged = new Map(directEntries.map((e) => [e.membershipId, e]));
      for (const e of await expand(networkId, groupIds, roleIds, input.invite_consumers)) {
        merged.set(e.membershipId, {
          membershipId: e.membershipId,
          roles: [...(merged.get(e.membershipId)?.roles ?? []), ...e.roles],
        });
      }
      entries = [...merged.values()];
    }
    return {
      entries,
      large,
      groupIds,
      roleIds,
      inviteConsumers: input.invite_consumers,
      sendEmail: input.send_email_notification,
      empty: memberIds.length + groupIds.length + roleIds.length === 0,
    };
  }

  /**
   * Writes what `check` resolved, in the caller's transaction; the job for the members of large
   * groups and roles is stored with it. Answers how many were added now.
   */
  async function store(
    tx: Db,
    actor: Actor,
    target: Target,
    checked: Checked,
    status: ParticipantStatus,
  ): Promise<number> {
    const networkId = actor.networkId;
    const invitable = invitableOf(target);
    const added = await writeAndRecord(
      tx,
      networkId,
      actor.membershipId,
      invitable,
      checked.entries,
      status,
      checked.sendEmail,
    );
    if (checked.large) {
      await deps.jobs.send<AddJob>(
        ADD_PARTICIPANTS_QUEUE,
        {
          networkId,
          actorId: actor.membershipId,
          groupIds: checked.groupIds,
          roleIds: checked.roleIds,
          status,
          sendEmail: checked.sendEmail,
          inviteConsumers: checked.inviteConsumers,
          invitable,
        },
        { tx },
      );
    }
    return added;
  }

  deps.jobs.work<AddJob>(ADD_PARTICIPANTS_QUEUE, ({ data }) => run(data));

  return {
    announce,
    /**
     * `POST /appointments/{id}/participants`. Members picked one by one are written at once;
     * the members of groups and roles too when they are few, else by a job (202, `queued`).
     */
    async add(actor: Actor, loaded: LoadedAppointment, body: AddParticipantsInput): Promise<AddParticipantsResult> {
      const input = body.participant;
      if (input.membership_ids.length + input.group_ids.length + input.membership_role_ids.length === 0) {
        throw unprocessable({ membership_ids: [PARTICIPATION_ERROR_KEYS.nobodyToAdd] });
      }
      const target = targetOf(loaded, body.apply_to);
      await deps.authorizeManage(actor, loaded, target);
      const checked = await check(actor, input);
      const added = await db.transaction((tx) => store(tx, actor, target, checked, input.status));
      return { added, queued: checked.large };
    },

    /**
     * The invitation saved with a new appointment (`invitation` of `POST /appointments`):
     * `check` it before the appointment is written, with `subject` the appointment about to be
     * created (the actor must be allowed to manage its participants, as for adding them: 403),
     * then `store` it in the appointment's transaction: the same rows, invites and event as
     * adding participants with status 'invited'.
     */
    invitation: {
      async check(actor: Actor, subject: AppointmentSubject, invitation: Invitees, inviteConsumers: boolean) {
        if (!allows(appointmentPolicy, 'update_participants', actor, subject)) throw forbidden();
        const checked = await check(actor, { ...invitation, invite_consumers: inviteConsumers }, 'invitation.');
        return checked.empty ? null : checked;
      },
      store: (tx: Db, actor: Actor, target: Target, checked: Checked) => store(tx, actor, target, checked, 'invited'),
    },
  };
}

export type AddParticipants = ReturnType<typeof createAddParticipants>;
/** What an invitation sent with a new appointment resolved to (`invitation.check`). */
export type CheckedInvitation = Checked;
