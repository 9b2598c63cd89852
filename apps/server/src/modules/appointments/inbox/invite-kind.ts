import {
  ID_PATTERN,
  occurrenceId,
  PARTICIPATION_ERROR_KEYS,
  type ApplyTo,
  type AppointmentInvite,
  type InviteStatus,
  type OwnParticipationStatus,
} from '@agora/contracts';
import { notFound, unprocessable } from '../../../platform/errors.ts';
import type { Actor } from '../../../platform/policy/index.ts';
import { positionAt, type InviteKind } from '../../invites/index.ts';
import type { MembersService } from '../../members/index.ts';
import type { NetworksService } from '../../networks/index.ts';
import type { LoadedAppointment } from '../access.ts';
import { presentMemberRef } from '../present.ts';
import type { StoredParticipantStatus } from '../tables.ts';
import type { InvitablePresenter } from './present.ts';
import type { InboxRepository, InviteWithAppointment } from './repository.ts';

/** Answers for the actor through their invite (participation's `respond`). */
export type RespondViaInvite = (
  actor: Actor,
  loaded: LoadedAppointment,
  status: OwnParticipationStatus,
  applyTo: ApplyTo | undefined,
  options: { viaInvite: true },
) => Promise<void>;

export type AppointmentInviteKindDeps = {
  repository: InboxRepository;
  presentInvitables: InvitablePresenter;
  members: Pick<MembersService, 'findMany'>;
  networks: Pick<NetworksService, 'get' | 'settings'>;
  load: (actor: Actor, id: string) => Promise<LoadedAppointment>;
  respond: RespondViaInvite;
  /** The Calendars unread count: open invites that still ask for an answer. */
  openCount: (actor: Actor) => Promise<number>;
};

/** The member's answer as the inbox shows it: no answer (or none any more) is 'open'. */
function answerOf(status: StoredParticipantStatus | undefined): AppointmentInvite['status'] {
  if (status === 'accepted') return 'accepted';
  if (status === 'declined' || status === 'rejected') return 'declined';
  return 'open';
}

/**
 * The appointments' kind of invite (`filter=appointments`; calendars spec, section 2: the
 * invites inbox), registered with the invites module. A page costs a constant number of queries
 * however many items it holds.
 */
export function createAppointmentInviteKind(
  deps: AppointmentInviteKindDeps,
): InviteKind<InviteWithAppointment, AppointmentInvite> {
  const { repository } = deps;

  async function retroactiveOpting(networkId: string): Promise<boolean> {
    const network = await deps.networks.get(networkId);
    return network ? deps.networks.settings(network).appointments_retroactive_opting : false;
  }

  /**
   * Whether each invite's appointment (or occurrence) has an enforced total of attendees that
   * is reached, as answering counts it: one statement for the page.
   */
  async function fullyBooked(rows: InviteWithAppointment[]): Promise<boolean[]> {
    const limited = rows.map(({ invite, appointment }) => {
      const attendees = appointment?.attendeeConfiguration;
      if (!appointment || !attendees?.total_attendees_enforced || attendees.total === null) return null;
      return { scope: { ownerId: appointment.id, key: invite.occurrenceKey }, total: attendees.total };
    });
    const counts = await repository.acceptedCounts(limited.flatMap((l) => (l ? [l.scope] : [])));
    let next = 0;
    return limited.map((l) => (l ? counts[next++]! >= l.total : false));
  }

  /** Presents invites; those the member can no longer read answer null. */
  async function present(
    actor: Actor,
    rows: InviteWithAppointment[],
    now: Date,
  ): Promise<Array<AppointmentInvite | null>> {
    const ownerIds = [...new Set(rows.flatMap((r) => (r.appointment ? [r.appointment.id] : [])))];
    const authorIds = [...new Set(rows.flatMap((r) => (r.invite.authorId ? [r.invite.authorId] : [])))];
    const [invitables, participants, authors, retroactive] = await Promise.all([
      deps.presentInvitables(
        actor,
        rows.map((r) => ({ appointment: r.appointment, key: r.invite.occurrenceKey, snapshot: r.invite.snapshot })),
      ),
      repository.memberRows(actor.membershipId, ownerIds),
      deps.members.findMany(actor.networkId, authorIds),
      retroactiveOpting(actor.networkId),
    ]);
    const statuses = new Map(participants.map((p) => [`${p.appointmentId}|${p.occurrenceKey}`, p.status]));
    const authorById = new Map(authors.map((m) => [m.id, m]));
    const full = await fullyBooked(rows);
    return rows.map((row, index) => {
      const presented = invitables[index];
      if (!presented) return null;
      const { invite, appointment } = row;
      const over = invite.endsAt !== null && invite.endsAt <= now;
      const inviteStatus: InviteStatus = invite.status === 'open' && over ? 'expired' : invite.status;
      const ownerId = appointment?.id;
      // An occurrence's own row, else the series' row, says how the member answered.
      const stored = ownerId
        ? (statuses.get(`${ownerId}|${invite.occurrenceKey}`) ?? statuses.get(`${ownerId}|`))
        : undefined;
      const status = answerOf(stored);
      const answerable = (inviteStatus === 'open' || (inviteStatus === 'expired' && retroactive)) && status === 'open';
      const exceeded = full[index]!;
      const author = invite.authorId ? authorById.get(invite.authorId) : undefined;
      return {
        id: invite.id,
        type: 'appointment_invite' as const,
        invitable: presented.invitable,
        invitable_type: presented.invitableType,
        author: author ? presentMemberRef(author) : null,
        status,
        inviteStatus,
        created_at: invite.createdAt.toISOString(),
        total_attendees_enforced_and_exceeded: exceeded,
        // Accepting a full appointment would be refused; declining stays possible.
        can: { accept: answerable && !exceeded, reject: answerable },
      };
    });
  }

  return {
    name: 'appointments',

    page: (actor, request) =>
      repository.invitesPage(actor.networkId, actor.membershipId, request.status, {
        limit: request.limit,
        after: request.after,
        now: request.now,
      }),

    position: (row) => ({ at: positionAt(row.at), id: row.invite.id }),

    find: (actor, id) =>
      ID_PATTERN.test(id) ? repository.invite(actor.networkId, actor.membershipId, id) : Promise.resolve(null),

    /**
     * Answers while the invite asks for an answer: open, or expired where the network allows
     * answering afterwards (422 otherwise). An occurrence's invite answers that occurrence only.
     */
    async answer(actor, found, answer) {
      const { invite, appointment } = found;
      const now = new Date();
      const expired = invite.endsAt !== null && invite.endsAt <= now;
      const open = invite.status === 'open' && appointment !== null;
      if (!open || (expired && !(await retroactiveOpting(actor.networkId)))) {
        throw unprocessable({ base: [PARTICIPATION_ERROR_KEYS.inviteNotOpen] });
      }
      const key = invite.occurrenceKey;
      const loaded = await deps.load(actor, key ? occurrenceId(appointment.id, key) : appointment.id);
      const status = answer === 'accept' ? 'accepted' : 'declined';
      await deps.respond(actor, loaded, status, key ? 'this' : undefined, { viaInvite: true });
      const after = await repository.invite(actor.networkId, actor.membershipId, invite.id);
      if (!after) throw notFound();
      return after;
    },

    present,

    openCount: deps.openCount,
  };
}
