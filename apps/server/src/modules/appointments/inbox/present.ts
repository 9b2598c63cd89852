import { occurrenceId, type Invitable } from '@agora/contracts';
import { allows, type Actor } from '../../../platform/policy/index.ts';
import type { CalendarAccess, CalendarsService } from '../../calendars/index.ts';
import { subjectOf } from '../access.ts';
import { appointmentPolicy } from '../policy.ts';
import { appointmentType } from '../present.ts';
import { occurrenceByKey } from '../recurrence.ts';
import type { InviteSnapshot } from '../tables.ts';
import { presentDate, ruleOf } from '../times.ts';
import type { InboxAppointment, InboxRepository } from './repository.ts';

/** What an invite or participation is about: an appointment or series (occurrence key ''), or one occurrence of it. */
export type InvitableRef = {
  appointment: InboxAppointment | null;
  key: string;
  /** What a deleted appointment (or occurrence) left behind. */
  snapshot: InviteSnapshot | null;
};

export type PresentedInvitable = {
  invitable: Invitable;
  invitableType: 'Appointment' | 'RecurringAppointment';
};

const isSeries = (row: InboxAppointment) => !row.seriesId && row.recurrenceFrequency !== 'never';

function fromSnapshot(snapshot: InviteSnapshot): PresentedInvitable {
  const start = new Date(snapshot.starts_at);
  const end = snapshot.ends_at ? new Date(snapshot.ends_at) : null;
  return {
    invitable: {
      id: null,
      name: snapshot.name,
      path: null,
      type: snapshot.recurring ? 'recurring_appointment' : 'appointment',
      date: presentDate(start, end, snapshot.all_day, snapshot.time_zone),
      recurring: snapshot.recurring,
      canceled: false,
      location_name: null,
      calendars: [],
    },
    invitableType: snapshot.recurring ? 'RecurringAppointment' : 'Appointment',
  };
}

/** Where an occurrence stands: as the series generates it, or its own row when changed (or deleted) alone. */
type Placed = {
  ref: InvitableRef;
  owner: InboxAppointment;
  occurrence: { start: Date; end: Date | null; key: string } | null;
  exception: InboxAppointment | null;
};

/**
 * Presents what invites and participations are about, for a page of them at once: the
 * exception rows of the occurrences in one query and the member's rights in their calendars in
 * one more. An item the member can no longer read, or an occurrence no longer in its series
 * without a snapshot, answers null (left out).
 */
export function createInvitablePresenter(deps: {
  repository: Pick<InboxRepository, 'exceptionsAt'>;
  calendars: Pick<CalendarsService, 'accessMany'>;
}) {
  return async function present(actor: Actor, refs: InvitableRef[]): Promise<Array<PresentedInvitable | null>> {
    const placed: Array<Placed | null> = refs.map((ref) => {
      const owner = ref.appointment;
      if (!owner) return null;
      if (ref.key === '') return { ref, owner, occurrence: null, exception: null };
      const occurrence = isSeries(owner) ? occurrenceByKey(ruleOf(owner), ref.key) : null;
      return { ref, owner, occurrence, exception: null };
    });
    const wanted = placed.flatMap((p) =>
      p?.occurrence ? [{ seriesId: p.owner.id, originalStart: p.occurrence.start }] : [],
    );
    const exceptions = await deps.repository.exceptionsAt(actor.networkId, wanted);
    const byStart = new Map(exceptions.map((x) => [`${x.seriesId}|${x.originalStart?.getTime()}`, x]));
    for (const p of placed) {
      if (p?.occurrence) p.exception = byStart.get(`${p.owner.id}|${p.occurrence.start.getTime()}`) ?? null;
    }
    const shown = (p: Placed) => p.exception ?? p.owner;
    const calendarIds = new Set(placed.flatMap((p) => (p ? shown(p).calendarIds : [])));
    const calendars: Map<string, CalendarAccess> = calendarIds.size
      ? await deps.calendars.accessMany(actor, [...calendarIds])
      : new Map();

    return refs.map((ref, index) => {
      const p = placed[index];
      const gone = !p || (ref.key !== '' && (!p.occurrence || p.exception?.occurrenceDeleted));
      if (gone) return ref.snapshot ? fromSnapshot(ref.snapshot) : null;
      const row = shown(p);
      if (!allows(appointmentPolicy, 'read', actor, subjectOf(row, p.owner.authorId, calendars))) return null;
      const occurrence = p.occurrence;
      const id = occurrence ? occurrenceId(p.owner.id, occurrence.key) : p.owner.id;
      const date =
        occurrence && !p.exception
          ? presentDate(occurrence.start, occurrence.end, row.allDay, row.timeZone)
          : presentDate(row.startsAt, row.endsAt, row.allDay, row.timeZone);
      const series = !occurrence && isSeries(p.owner);
      return {
        invitable: {
          id,
          name: row.name,
          path: `/appointments/${id}`,
          type: appointmentType(row, occurrence !== null),
          date,
          recurring: occurrence !== null || series,
          canceled: row.canceled || p.owner.canceled,
          location_name: row.location.name,
          calendars: row.calendarIds.flatMap((cid) => {
            const c = calendars.get(cid);
            return c?.can.read ? [{ id: c.id, name: c.name, color: c.color }] : [];
          }),
        },
        invitableType: series ? 'RecurringAppointment' : 'Appointment',
      };
    });
  };
}

export type InvitablePresenter = ReturnType<typeof createInvitablePresenter>;
