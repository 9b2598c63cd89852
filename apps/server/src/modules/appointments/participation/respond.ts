import {
  PARTICIPATION_ERROR_KEYS,
  type ApplyTo,
  type OwnParticipationStatus,
  type ParticipantStatus,
} from '@agora/contracts';
import type { Db } from '../../../platform/db/client.ts';
import { forbidden, notFound, unprocessable } from '../../../platform/errors.ts';
import { allows, type Actor } from '../../../platform/policy/index.ts';
import type { CalendarsService } from '../../calendars/index.ts';
import type { NetworksService } from '../../networks/index.ts';
import { loadedSubject, type AppointmentAccess, type LoadedAppointment } from '../access.ts';
import { appointmentPolicy } from '../policy.ts';
import type { ParticipationRepository } from './repository.ts';
import { isOver, registrationClosed, targetOf, viewScope, type Target } from './scope.ts';
import { APPOINTMENT_EVENTS, type RecordAppointmentEvent } from '../events.ts';

export type RespondOptions = {
  /**
   * Answered from the invites inbox: the caller found the member's invite, so the member may
   * answer even where members do not sign up on their own.
   */
  viaInvite?: boolean;
};

/** An invite follows the participant's answer; an organiser's refusal declines it. */
function inviteStatusOf(status: ParticipantStatus): 'open' | 'accepted' | 'declined' {
  if (status === 'accepted') return 'accepted';
  if (status === 'declined' || status === 'rejected') return 'declined';
  return 'open';
}

export type RespondDeps = {
  db: Db;
  repository: ParticipationRepository;
  access: AppointmentAccess;
  calendars: Pick<CalendarsService, 'touch'>;
  networks: Pick<NetworksService, 'get' | 'settings'>;
  record: RecordAppointmentEvent;
};

export function createRespond(deps: RespondDeps) {
  const { db, repository } = deps;

  async function retroactiveOpting(networkId: string): Promise<boolean> {
    const network = await deps.networks.get(networkId);
    return network ? deps.networks.settings(network).appointments_retroactive_opting : false;
  }

  /** Who manages participants of an occurrence's series must be allowed to change the series. */
  async function authorizeManage(actor: Actor, loaded: LoadedAppointment, target: Target): Promise<void> {
    const subject =
      loaded.occurrence && target.scope.key === ''
        ? await deps.access.seriesSubject(actor, loaded)
        : loadedSubject(loaded);
    if (!allows(appointmentPolicy, 'update_participants', actor, subject)) throw forbidden();
  }

  /** The member a participant id stands for ('me': the actor). */
  async function memberOf(actor: Actor, target: Target, participantId: string): Promise<string> {
    if (participantId === 'me') return actor.membershipId;
    const row = await repository.findRow(target.scope.ownerId, participantId);
    if (!row) throw notFound();
    return row.membershipId;
  }

  /** Writes a member's status for the target; answering for a whole series drops their occurrence rows. */
  async function write(
    tx: Db,
    actor: Actor,
    target: Target,
    membershipId: string,
    status: ParticipantStatus,
  ): Promise<void> {
    await repository.upsert(tx, actor.networkId, target.scope, [{ membershipId, status }]);
    if (target.scope.key === '') await repository.deleteOverrides(tx, target.scope.ownerId, membershipId);
    await repository.answerInvite(tx, target.scope, membershipId, inviteStatusOf(status), new Date());
    await changed(tx, actor, target, membershipId, status);
  }

  /** The event of every participation change; the member's Calendars unread count follows from it. */
  function changed(tx: Db, actor: Actor, target: Target, membershipId: string, status: ParticipantStatus | null) {
    return deps.record(tx, {
      networkId: actor.networkId,
      type: APPOINTMENT_EVENTS.participationChanged,
      actorId: actor.membershipId,
      appointmentId: target.scope.ownerId,
      changes: {
        name: target.name,
        occurrence_key: target.scope.key,
        membership_id: membershipId,
        status,
        recount: [membershipId],
      },
    });
  }

  return {
    authorizeManage,

    /**
     * A member answers for themselves (`PUT /appointments/{id}/participants/me`, and the invites
     * inbox). Every rule is checked here: canceled, locked, over, registration deadline, who may
     * sign up, and the attendee limit, counted after locking the appointment's row so that two
     * members answering at once cannot both take the last place.
     */
    async respond(
      actor: Actor,
      loaded: LoadedAppointment,
      status: OwnParticipationStatus,
      applyTo: ApplyTo | undefined,
      options: RespondOptions = {},
    ): Promise<void> {
      const target = targetOf(loaded, applyTo);
      const now = new Date();
      const { attendeeConfiguration: attendees } = target.row;
      if (target.canceled) throw unprocessable({ status: [PARTICIPATION_ERROR_KEYS.canceled] });
      if (attendees.participation_locked) throw unprocessable({ status: [PARTICIPATION_ERROR_KEYS.locked] });
      if (isOver(target, now) && !(await retroactiveOpting(actor.networkId))) {
        throw unprocessable({ status: [PARTICIPATION_ERROR_KEYS.over] });
      }
      if (status === 'accepted' && registrationClosed(target.row, now)) {
        throw unprocessable({ status: [PARTICIPATION_ERROR_KEYS.deadlinePassed] });
      }
      if (!options.viaInvite && !(attendees.user_can_opt && !actor.isExternal)) {
        const me = [actor.membershipId];
        const view = viewScope(loaded);
        const keys = [...new Set(['', view.key, target.scope.key])];
        const [asViewed, asTargeted, invites] = await Promise.all([
          repository.effectiveOf(view, me),
          repository.effectiveOf(target.scope, me),
          repository.invitesOf(target.scope.ownerId, actor.membershipId, keys),
        ]);
        const invited = invites.some((i) => i.status !== 'obsolete');
        if (asViewed.length === 0 && asTargeted.length === 0 && !invited) throw forbidden();
      }
      await db.transaction(async (tx) => {
        await deps.calendars.touch(tx, actor.networkId, 'participation');
        if (status === 'accepted' && attendees.total_attendees_enforced && attendees.total !== null) {
          await repository.lockOwner(tx, target.scope.ownerId);
          const taken = await repository.acceptedOthers(tx, target.scope, actor.membershipId);
          if (taken >= attendees.total) throw unprocessable({ status: [PARTICIPATION_ERROR_KEYS.full] });
        }
        await write(tx, actor, target, actor.membershipId, status);
      });
    },

    /** `PUT /appointments/{id}/participants/{participantId}`: an organiser sets someone's status. */
    async update(
      actor: Actor,
      loaded: LoadedAppointment,
      participantId: string,
      status: ParticipantStatus,
      applyTo: ApplyTo | undefined,
    ): Promise<string> {
      const target = targetOf(loaded, applyTo);
      await authorizeManage(actor, loaded, target);
      const membershipId = await memberOf(actor, target, participantId);
      await db.transaction(async (tx) => {
        await deps.calendars.touch(tx, actor.networkId, 'participation');
        await write(tx, actor, target, membershipId, status);
      });
      return membershipId;
    },

    /**
     * `DELETE /appointments/{id}/participants/{participantId}`: off the appointment or the whole
     * series, or (apply_to this) off one occurrence by a 'removed' row of it. Their open
     * invites of what they were taken off are obsolete.
     */
    async remove(
      actor: Actor,
      loaded: LoadedAppointment,
      participantId: string,
      applyTo: ApplyTo | undefined,
    ): Promise<void> {
      const target = targetOf(loaded, applyTo);
      await authorizeManage(actor, loaded, target);
      const membershipId = await memberOf(actor, target, participantId);
      const whole = target.scope.key === '';
      await db.transaction(async (tx) => {
        await deps.calendars.touch(tx, actor.networkId, 'participation');
        if (whole) await repository.deleteMember(tx, target.scope.ownerId, membershipId);
        else await repository.upsert(tx, actor.networkId, target.scope, [{ membershipId, status: 'removed' }]);
        await repository.obsoleteOpenInvites(tx, target.scope, membershipId, whole);
        await changed(tx, actor, target, membershipId, null);
      });
    },
  };
}

export type Respond = ReturnType<typeof createRespond>;
