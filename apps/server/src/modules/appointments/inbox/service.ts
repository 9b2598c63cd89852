import {
  ID_PATTERN,
  occurrenceId,
  PARTICIPATION_ERROR_KEYS,
  type ApplyTo,
  type AppointmentInvite,
  type AppointmentParticipation,
  type InviteStatus,
  type invitesQuerySchema,
  type LinkPage,
  type OwnParticipationStatus,
  type participationsQuerySchema,
} from '@agora/contracts';
import type { z } from 'zod';
import type { Db } from '../../../platform/db/client.ts';
import { notFound, unprocessable } from '../../../platform/errors.ts';
import type { Actor } from '../../../platform/policy/index.ts';
import type { CalendarsService } from '../../calendars/index.ts';
import type { MembersService } from '../../members/index.ts';
import type { NetworksService } from '../../networks/index.ts';
import type { LoadedAppointment } from '../access.ts';
import { presentMemberRef } from '../present.ts';
import type { StoredParticipantStatus } from '../tables.ts';
import { createInvitablePresenter } from './present.ts';
import { createInboxRepository, type InviteWithAppointment } from './repository.ts';

export type InvitesQuery = z.output<typeof invitesQuerySchema>;
export type ParticipationsQuery = z.output<typeof participationsQuerySchema>;

export type InboxDeps = {
  db: Db;
  calendars: Pick<CalendarsService, 'accessMany'>;
  members: Pick<MembersService, 'findMany'>;
  networks: Pick<NetworksService, 'get' | 'settings'>;
  load: (actor: Actor, id: string) => Promise<LoadedAppointment>;
  respond: (
    actor: Actor,
    loaded: LoadedAppointment,
    status: OwnParticipationStatus,
    applyTo: ApplyTo | undefined,
    options: { viaInvite: true },
  ) => Promise<void>;
};

/** The member's answer as the inbox shows it: no answer (or none any more) is 'open'. */
function answerOf(status: StoredParticipantStatus | undefined): AppointmentInvite['status'] {
  if (status === 'accepted') return 'accepted';
  if (status === 'declined' || status === 'rejected') return 'declined';
  return 'open';
}

/** The participations list's position: the row's sort time and id, and the first page's now. */
type Cursor = { at: string; id: string; now: string };

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

function decodeCursor(raw: string): Cursor {
  try {
    const value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Partial<Cursor>;
    const valid =
      typeof value.at === 'string' &&
      !Number.isNaN(Date.parse(value.at)) &&
      typeof value.id === 'string' &&
      ID_PATTERN.test(value.id) &&
      typeof value.now === 'string' &&
      !Number.isNaN(Date.parse(value.now));
    if (valid) return value as Cursor;
  } catch {
    // Falls through to the 422 below.
  }
  throw unprocessable({ cursor: ['invalid'] });
}

/**
 * The invites inbox (calendars spec, section 2): the member's invites by state and the
 * participations lists. A page costs a constant number of queries however many items it holds.
 */
export function createInbox(deps: InboxDeps) {
  const repository = createInboxRepository(deps.db);
  const presentInvitables = createInvitablePresenter({ repository, calendars: deps.calendars });

  async function retroactiveOpting(networkId: string): Promise<boolean> {
    const network = await deps.networks.get(networkId);
    return network ? deps.networks.settings(network).appointments_retroactive_opting : false;
  }

  /** Presents invites; those the member can no longer read are left out. */
  async function presentInvites(actor: Actor, rows: InviteWithAppointment[], now: Date): Promise<AppointmentInvite[]> {
    const ownerIds = [...new Set(rows.flatMap((r) => (r.appointment ? [r.appointment.id] : [])))];
    const authorIds = [...new Set(rows.flatMap((r) => (r.invite.authorId ? [r.invite.authorId] : [])))];
    const [invitables, participants, authors, retroactive] = await Promise.all([
      presentInvitables(
        actor,
        rows.map((r) => ({ appointment: r.appointment, key: r.invite.occurrenceKey, snapshot: r.invite.snapshot })),
      ),
      repository.memberRows(actor.membershipId, ownerIds),
      deps.members.findMany(actor.networkId, authorIds),
      retroactiveOpting(actor.networkId),
    ]);
    const statuses = new Map(participants.map((p) => [`${p.appointmentId}|${p.occurrenceKey}`, p.status]));
    const authorById = new Map(authors.map((m) => [m.id, m]));
    return rows.flatMap((row, index) => {
      const presented = invitables[index];
      if (!presented) return [];
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
      const author = invite.authorId ? authorById.get(invite.authorId) : undefined;
      return [
        {
          id: invite.id,
          type: 'appointment_invite' as const,
          invitable: presented.invitable,
          invitable_type: presented.invitableType,
          author: author ? presentMemberRef(author) : null,
          status,
          inviteStatus,
          created_at: invite.createdAt.toISOString(),
          can: { accept: answerable, reject: answerable },
        },
      ];
    });
  }

  return {
    /** `GET /api/v1/invites?filter=appointments&status=...`: newest first, paged by `next`. */
    async invites(actor: Actor, query: InvitesQuery, now: Date = new Date()): Promise<LinkPage<AppointmentInvite>> {
      const rows = await repository.invitesPage(actor.networkId, actor.membershipId, query.status, {
        limit: query.limit,
        after: query.after,
        now,
      });
      const page = rows.slice(0, query.limit);
      const more = rows.length > query.limit;
      const next = more
        ? `/api/v1/invites?${new URLSearchParams({
            filter: 'appointments',
            status: query.status,
            limit: String(query.limit),
            after: page.at(-1)!.invite.id,
          })}`
        : null;
      return { items: await presentInvites(actor, page, now), next };
    },

    /** `GET /api/v1/participations?status=...`: paged by `next` (an opaque cursor). */
    async participations(
      actor: Actor,
      query: ParticipationsQuery,
      now: Date = new Date(),
    ): Promise<LinkPage<AppointmentParticipation>> {
      const cursor = query.cursor ? decodeCursor(query.cursor) : null;
      const pinned = cursor ? new Date(cursor.now) : now;
      const rows = await repository.participationsPage(actor.networkId, actor.membershipId, query.status, {
        limit: query.limit,
        now: pinned,
        after: cursor ? { at: cursor.at, id: cursor.id } : undefined,
      });
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      const next =
        rows.length > query.limit && last
          ? `/api/v1/participations?${new URLSearchParams({
              status: query.status,
              limit: String(query.limit),
              cursor: encodeCursor({ at: last.sortAt, id: last.id, now: pinned.toISOString() }),
            })}`
          : null;
      const invitables = await presentInvitables(
        actor,
        page.map((r) => ({ appointment: r.appointment, key: r.occurrenceKey, snapshot: null })),
      );
      const items = page.flatMap((row, index): AppointmentParticipation[] => {
        const presented = invitables[index];
        if (!presented || row.status === 'removed') return [];
        return [
          {
            id: row.id,
            status: row.status,
            invitable: presented.invitable,
            invitable_type: presented.invitableType,
          },
        ];
      });
      return { items, next };
    },

    /**
     * `POST /api/v1/invites/{id}/accept` and `/reject`: only the invitee's own invite (404
     * otherwise), while it asks for an answer (open, or expired where the network allows
     * answering afterwards; 422 otherwise). Answers the invite as it now is.
     */
    async answer(actor: Actor, rawId: string, answer: 'accept' | 'reject'): Promise<AppointmentInvite> {
      if (!ID_PATTERN.test(rawId)) throw notFound();
      const found = await repository.invite(actor.networkId, actor.membershipId, rawId);
      if (!found) throw notFound();
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
      const [presented] = after ? await presentInvites(actor, [after], new Date()) : [];
      if (!presented) throw notFound();
      return presented;
    },
  };
}

export type Inbox = ReturnType<typeof createInbox>;
