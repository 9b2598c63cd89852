import { locationLines, occurrenceId, type CalendarFeed } from '@agora/contracts';
import { notFound } from '../../platform/errors.ts';
import type { Actor } from '../../platform/policy/index.ts';
import type { CalendarAccess, CalendarsService } from '../calendars/index.ts';
import { memberName, type MembersService } from '../members/index.ts';
import type { LoadedAppointment } from './access.ts';
import { buildCalendar, type IcsEvent } from './ics.ts';
import type { FeedRow, RangeRepository } from './range-repository.ts';
import { participatingIn, type ParticipatingIn } from './participation/participating.ts';
import { occurrenceByKey, occurrenceKey, toRRule } from './recurrence.ts';
import type { AppointmentRow, AppointmentsRepository } from './repository.ts';
import { ruleOf } from './times.ts';

/** A feed holds the appointments from a year ago on, at most this many events (a series is one). */
export const FEED_MAX_EVENTS = 10_000;
const FEED_PAST_MS = 365 * 24 * 60 * 60 * 1000;

/** Where links in the feed point: the site the request came to. */
export type FeedSite = { origin: string; host: string; networkName: string };

type EventRow = AppointmentRow & { calendarIds: string[] };

function locationText(location: AppointmentRow['location']): string | null {
  const lines = locationLines(location);
  return lines.length > 0 ? lines.join(', ') : location.link;
}

const isSeries = (row: Pick<AppointmentRow, 'seriesId' | 'recurrenceFrequency'>) =>
  !row.seriesId && row.recurrenceFrequency !== 'never';

const FEED_NAMES: Record<Exclude<CalendarFeed, 'calendar'>, string> = {
  appointments: 'Appointments',
  participating: 'Participating',
  my: 'My calendars',
  shared: 'Shared calendars',
  all: 'All calendars',
};

type EventOf = (
  row: EventRow,
  id: string,
  uid: string,
  extra?: Partial<Pick<IcsEvent, 'rrule' | 'exdates' | 'recurrenceId'>>,
) => IcsEvent;

/** Some occurrences of a series as events of their own (modified ones as changed, deleted ones not at all). */
function someOccurrences(series: EventRow, exceptions: EventRow[], keys: string[], event: EventOf): IcsEvent[] {
  const rule = ruleOf(series);
  const byStart = new Map(
    exceptions.flatMap((e) => (e.originalStart ? [[e.originalStart.getTime(), e] as const] : [])),
  );
  return keys.flatMap((key) => {
    const occurrence = occurrenceByKey(rule, key);
    if (!occurrence) return [];
    const id = occurrenceId(series.id, key);
    const exception = byStart.get(occurrence.start.getTime());
    if (exception?.occurrenceDeleted) return [];
    const shown = exception ?? { ...series, startsAt: occurrence.start, endsAt: occurrence.end };
    return [event({ ...shown, seriesId: null, recurrenceFrequency: 'never' }, id, id)];
  });
}

export function createFeeds(deps: {
  repository: AppointmentsRepository;
  ranges: RangeRepository;
  calendars: CalendarsService;
  members: MembersService;
}) {
  /** The events of some rows: series with RRULE and EXDATE, their modified occurrences as RECURRENCE-ID overrides. */
  async function events(
    actor: Actor,
    site: FeedSite,
    rows: EventRow[],
    /** Given the calendars of the series' exceptions, tells whether the member reads some calendars. */
    readableAmong: (calendarIds: string[]) => Promise<(calendarIds: string[]) => boolean>,
    /** The participating feed: which appointments and occurrences the member's rows show. */
    participation: ParticipatingIn | null = null,
  ): Promise<IcsEvent[]> {
    const seriesIds = rows.filter(isSeries).map((r) => r.id);
    const inFeed = new Set(seriesIds);
    const exceptions = await deps.ranges.feedExceptions(actor.networkId, seriesIds);
    const readable = await readableAmong([...new Set(exceptions.flatMap((e) => e.calendarIds))]);
    const authorIds = [...new Set([...rows, ...exceptions].map((r) => r.authorId).filter((id): id is string => !!id))];
    const authors = new Map((await deps.members.findMany(actor.networkId, authorIds)).map((m) => [m.id, m]));
    const bySeries = new Map<string, EventRow[]>();
    for (const e of exceptions) bySeries.set(e.seriesId!, [...(bySeries.get(e.seriesId!) ?? []), e]);

    const event = (
      row: EventRow,
      id: string,
      uid: string,
      extra: Partial<Pick<IcsEvent, 'rrule' | 'exdates' | 'recurrenceId'>> = {},
    ): IcsEvent => {
      const author = row.authorId ? authors.get(row.authorId) : undefined;
      return {
        uid: `${uid}@${site.host}`,
        name: row.name,
        descriptionHtml: row.description,
        start: row.startsAt,
        end: row.endsAt,
        allDay: row.allDay,
        timeZone: row.timeZone,
        rrule: extra.rrule ?? null,
        exdates: extra.exdates ?? [],
        recurrenceId: extra.recurrenceId ?? null,
        location: locationText(row.location),
        url: `${site.origin}/appointments/${id}`,
        canceled: row.canceled,
        created: row.createdAt,
        updated: row.updatedAt,
        organizer: author ? { name: memberName(author) } : null,
      };
    };

    const out: IcsEvent[] = [];
    for (const row of rows) {
      if (isSeries(row) && participation && !participation.showsSeries(row.id)) {
        // The member takes part in some occurrences only: those stand alone.
        out.push(...someOccurrences(row, bySeries.get(row.id) ?? [], participation.exceptions(row.id).shown, event));
      } else if (isSeries(row)) {
        const own = bySeries.get(row.id) ?? [];
        // Occurrences the member declined or was taken off are left out like deleted ones.
        const hiddenKeys = new Set(participation?.exceptions(row.id).hidden ?? []);
        const keyOf = (e: EventRow) => occurrenceKey(e.originalStart!, row.timeZone);
        // A modified occurrence the member may not read is left out of the series like a deleted one.
        const overrides = own.filter(
          (e) => !e.occurrenceDeleted && readable(e.calendarIds) && e.originalStart && !hiddenKeys.has(keyOf(e)),
        );
        const shown = new Set(overrides.map((e) => e.id));
        const exdates = own.filter((e) => !shown.has(e.id)).flatMap((e) => (e.originalStart ? [e.originalStart] : []));
        const rule = ruleOf(row);
        const excluded = new Set(exdates.map((d) => d.getTime()));
        for (const key of hiddenKeys) {
          const start = occurrenceByKey(rule, key)?.start;
          if (start && !excluded.has(start.getTime())) exdates.push(start);
        }
        out.push(event(row, row.id, row.id, { rrule: toRRule(rule), exdates }));
        for (const e of overrides) {
          out.push(event(e, occurrenceId(row.id, keyOf(e)), row.id, { recurrenceId: e.originalStart }));
        }
      } else if (row.seriesId && row.originalStart) {
        // A modified occurrence of a series outside the feed stands alone.
        if (inFeed.has(row.seriesId)) continue;
        const zone = (row as FeedRow).seriesTimeZone ?? row.timeZone;
        const key = occurrenceKey(row.originalStart, zone);
        if (participation && !participation.shows(row.seriesId, key)) continue;
        const id = occurrenceId(row.seriesId, key);
        out.push(event(row, id, id));
      } else {
        if (participation && !participation.shows(row.id, '')) continue;
        out.push(event(row, row.id, row.id));
      }
      if (out.length >= FEED_MAX_EVENTS) break;
    }
    return out.slice(0, FEED_MAX_EVENTS);
  }

  /** The calendars a feed shows, of those the actor reads. */
  function feedCalendars(
    actor: Actor,
    readable: CalendarAccess[],
    feed: CalendarFeed,
    calendarId: string | null,
  ): CalendarAccess[] {
    const own = (c: CalendarAccess) => c.type === 'personal' && c.ownerId === actor.membershipId;
    switch (feed) {
      case 'calendar': {
        const calendar = readable.find((c) => c.id === calendarId);
        if (!calendar) throw notFound();
        return [calendar];
      }
      case 'my':
        return readable.filter(own);
      case 'shared':
        return readable.filter((c) => c.type === 'personal' && !own(c));
      default:
        return readable;
    }
  }

  return {
    /** A webcal feed: the appointments of its calendars from a year ago on. */
    async feed(
      actor: Actor,
      site: FeedSite,
      feed: CalendarFeed,
      calendarId: string | null,
      now: Date = new Date(),
    ): Promise<string> {
      const readableCalendars = (await deps.calendars.accessible(actor)).filter((c) => c.can.read);
      const calendars = feedCalendars(actor, readableCalendars, feed, calendarId);
      const readable = new Set(readableCalendars.map((c) => c.id));
      const rows = await deps.ranges.feedRows({
        networkId: actor.networkId,
        calendarIds: calendars.map((c) => c.id),
        from: new Date(now.getTime() - FEED_PAST_MS),
        to: null,
        participantId: feed === 'participating' ? actor.membershipId : null,
        limit: FEED_MAX_EVENTS,
      });
      const participation =
        feed === 'participating'
          ? participatingIn(
              await deps.ranges.memberRows(actor.membershipId, [...new Set(rows.map((r) => r.seriesId ?? r.id))]),
            )
          : null;
      const list = await events(
        actor,
        site,
        rows,
        async () => (ids) => ids.some((id) => readable.has(id)),
        participation,
      );
      const name = feed === 'calendar' ? calendars[0]!.name : FEED_NAMES[feed];
      return buildCalendar({ name: `${site.networkName}: ${name}`, events: list, prodHost: site.host });
    },

    /** `GET /appointments/{id}.ics`: a single appointment, a series with its exceptions, or one occurrence alone. */
    async one(actor: Actor, site: FeedSite, loaded: LoadedAppointment): Promise<string> {
      const { row, series, occurrence } = loaded;
      if (occurrence && series) {
        const id = occurrenceId(series.id, occurrence.key);
        const shown: EventRow =
          row === series ? { ...series, startsAt: occurrence.start, endsAt: occurrence.end } : row;
        const alone = { ...shown, seriesId: null, recurrenceFrequency: 'never' as const };
        const list = (await events(actor, site, [alone], async () => () => true)).map((e) => ({
          ...e,
          uid: `${id}@${site.host}`,
          url: `${site.origin}/appointments/${id}`,
        }));
        return buildCalendar({ name: row.name, events: list, prodHost: site.host });
      }
      // A series' modified occurrences sit in calendars of their own: the member's rights there decide.
      const list = await events(actor, site, [row], async (calendarIds) => {
        const access = calendarIds.length > 0 ? await deps.calendars.accessMany(actor, calendarIds) : new Map();
        return (ids) => ids.some((id) => access.get(id)?.can.read);
      });
      return buildCalendar({ name: row.name, events: list, prodHost: site.host });
    },
  };
}

export type Feeds = ReturnType<typeof createFeeds>;
