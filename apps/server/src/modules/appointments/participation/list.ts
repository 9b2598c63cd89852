import {
  APPOINTMENT_LIMITS,
  type InviteStatus,
  type MemberRef,
  type Participant,
  type ParticipantPage,
  type ParticipantRole,
  type ParticipantStatus,
  type participantsQuerySchema,
} from '@agora/contracts';
import type { z } from 'zod';
import type { Actor } from '../../../platform/policy/index.ts';
import { memberImages, memberName, searchTerms } from '../../members/index.ts';
import type { MembershipRolesService } from '../../membership-roles/index.ts';
import type { LoadedAppointment } from '../access.ts';
import type { InviteRow, ParticipantListRow, ParticipationRepository, ParticipationScope } from './repository.ts';
import { isOver, registrationClosed, viewScope, viewTarget } from './scope.ts';

export type ParticipantsQuery = z.output<typeof participantsQuerySchema>;

const ORGANIZER_ROLE: ParticipantRole = { id: null, name: 'organizer', display_type: 'default' };
/** Consumers named on the detail page, at most. */
const INVITED_CONSUMERS_MAX = 50;

/** 'invited' and 'open' are the same idea of no answer: a filter for one finds both. */
function statusesOf(filter: ParticipantsQuery['status']): ParticipantStatus[] | null {
  if (filter === 'all') return null;
  if (filter === 'invited' || filter === 'open') return ['invited', 'open'];
  return [filter];
}

type RoleInfo = { name: string; displayType: ParticipantRole['display_type'] };

export function presentParticipant(
  row: ParticipantListRow,
  roles: Map<string, RoleInfo>,
  canManage: boolean,
  id: string = row.id,
): Participant {
  return {
    id,
    // 'removed' rows are never read (effectiveWhere).
    status: row.status as ParticipantStatus,
    roles: row.roles.flatMap((roleId): ParticipantRole[] => {
      if (roleId === 'organizer') return [ORGANIZER_ROLE];
      const role = roles.get(roleId);
      return role ? [{ id: roleId, name: role.name, display_type: role.displayType }] : [];
    }),
    membership: {
      id: row.membershipId,
      name: memberName(row),
      first_name: row.firstName,
      last_name: row.lastName,
      path: `/members/${row.membershipId}`,
      images: memberImages(row),
      detection_profile_field: null,
      is_external: row.isExternal,
      is_consumer: row.kind === 'consumer',
      upn: null,
      show_add_upn_link: false,
    },
    can: { update: canManage, destroy: canManage },
  };
}

/** An invite as the detail names it: stored open but past its end is expired. */
export function inviteState(invite: InviteRow, now: Date): InviteStatus {
  if (invite.status === 'open' && invite.endsAt !== null && invite.endsAt <= now) return 'expired';
  return invite.status;
}

/** What the detail answer and its `can` flags need of participation, in one round of batched queries. */
export type ParticipationSummary = {
  mine: ParticipantListRow | null;
  myInvite: InviteRow | null;
  attendingCount: number;
  participantCount: number;
  counts: ParticipantPage['counts'];
  participating: boolean;
  registrationClosed: boolean;
  over: boolean;
  first: ParticipantListRow[];
  consumers: ParticipantListRow[];
  roles: Map<string, RoleInfo>;
};

export function createParticipantList(deps: {
  repository: ParticipationRepository;
  membershipRoles: Pick<MembershipRolesService, 'findMany'>;
}) {
  const { repository } = deps;

  async function rolesOf(networkId: string, rows: ParticipantListRow[]): Promise<Map<string, RoleInfo>> {
    const ids = [...new Set(rows.flatMap((r) => r.roles).filter((id) => id !== 'organizer'))];
    if (ids.length === 0) return new Map();
    const found = await deps.membershipRoles.findMany(networkId, ids);
    return new Map(found.map((r) => [r.id, { name: r.name, displayType: r.displayType }]));
  }

  async function countsOf(scope: ParticipationScope) {
    const byStatus = await repository.counts(scope);
    const n = (...statuses: string[]) => statuses.reduce((sum, s) => sum + (byStatus.get(s as never) ?? 0), 0);
    return {
      counts: { accepted: n('accepted'), declined: n('declined', 'rejected'), invited: n('invited', 'open') },
      total: n('accepted', 'declined', 'rejected', 'invited', 'open'),
    };
  }

  return {
    /** `GET /appointments/{id}/participants`: one page in list order (the caller checked show_attendees). */
    async page(actor: Actor, loaded: LoadedAppointment, query: ParticipantsQuery, canManage: boolean) {
      const scope = viewScope(loaded);
      const [rows, { counts }] = await Promise.all([
        repository.page(actor.networkId, scope, {
          terms: searchTerms(query.q).terms,
          statuses: statusesOf(query.status),
          limit: query.limit,
          offset: query.offset,
        }),
        countsOf(scope),
      ]);
      const roles = await rolesOf(actor.networkId, rows);
      let total = rows[0]?.total ?? 0;
      // A page past the end has no row to carry the number of matches.
      if (rows.length === 0 && query.offset > 0) {
        total =
          (
            await repository.page(actor.networkId, scope, {
              terms: searchTerms(query.q).terms,
              statuses: statusesOf(query.status),
              limit: 1,
              offset: 0,
            })
          )[0]?.total ?? 0;
      }
      return {
        participants: rows.map((r) => presentParticipant(r, roles, canManage)),
        total,
        limit: query.limit,
        offset: query.offset,
        counts,
      } satisfies ParticipantPage;
    },

    /** Everything of participation the detail shows, whatever the actor may see of it (the caller filters). */
    async summary(actor: Actor, loaded: LoadedAppointment, now: Date): Promise<ParticipationSummary> {
      const scope = viewScope(loaded);
      const target = viewTarget(loaded);
      const keys = scope.key === '' ? [''] : [scope.key, ''];
      const limit = APPOINTMENT_LIMITS.detailParticipants;
      const all = { terms: [], statuses: null, offset: 0 };
      const [mine, invites, first, consumers] = await Promise.all([
        repository.page(actor.networkId, scope, { ...all, membershipId: actor.membershipId, limit: 1 }),
        repository.invitesOf(scope.ownerId, actor.membershipId, keys),
        repository.page(actor.networkId, scope, { ...all, limit }),
        repository.page(actor.networkId, scope, { ...all, consumersOnly: true, limit: INVITED_CONSUMERS_MAX }),
      ]);
      // The occurrence's own invite before the series'.
      const myInvite = keys.flatMap((k) => invites.find((i) => i.occurrenceKey === k) ?? [])[0] ?? null;
      const roles = await rolesOf(actor.networkId, [...first, ...mine]);
      // The first page of all participants counts them all (none: no page, nobody to count).
      const counts = first[0]?.matching ?? { accepted: 0, declined: 0, invited: 0 };
      const total = counts.accepted + counts.declined + counts.invited;
      return {
        mine: mine[0] ?? null,
        myInvite,
        attendingCount: counts.accepted,
        participantCount: total,
        counts,
        participating: mine.length > 0 || (myInvite !== null && inviteState(myInvite, now) === 'open'),
        registrationClosed: registrationClosed(target.row, now),
        over: isOver(target, now),
        first,
        consumers,
        roles,
      };
    },
  };
}

export function consumerRef(row: ParticipantListRow): MemberRef {
  return {
    id: row.membershipId,
    name: memberName(row),
    path: `/members/${row.membershipId}`,
    detection_profile_field: null,
  };
}

export type ParticipantList = ReturnType<typeof createParticipantList>;
