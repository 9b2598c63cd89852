import type { LightMyRequestResponse } from 'fastify';
import type { Calendar, CalendarBody } from '@agora/contracts';
import type { Actor } from '../../platform/policy/index.ts';
import { signedInMember, type MemberOptions, type Session, type TestApp } from '../../testing/index.ts';
import type { NewGroup } from '../groups/index.ts';

let worlds = 0;

/** A network of its own host (tests of lists need one each), with a group category. */
export async function calendarWorld(t: TestApp, settings: Record<string, unknown> = {}) {
  const host = `calendars-${++worlds}.test`;
  const network = await t.services.networks.create({ name: `Calendars ${worlds}`, language: 'en', host, settings });
  const [category] = await t.services.groups.createCategories(network.id, [
    { slug: 'teams', name: 'Team', pluralName: 'Teams' },
  ]);
  // The network calendar comes from the event's processor.
  await t.services.events.settled();
  let groups = 0;
  const anonymous = { host, accept: 'application/json' };

  return {
    host,
    network,
    category: category!,
    anonymous,
    async group(values: Partial<NewGroup> = {}) {
      const [group] = await t.services.groups.createGroups(network.id, [
        { groupCategoryId: category!.id, slug: `group-${++groups}`, name: `Group ${groups}`, ...values },
      ]);
      // Its group calendar comes from the event's processor.
      await t.services.events.settled();
      return group!;
    },
    async member(options: MemberOptions = {}) {
      const member = await signedInMember(t.app, t.services, network.id, options, host);
      const actor: Actor = t.services.members.actorFor(member.membership, 'test', null);
      return { ...member, actor };
    },
    join(groupId: string, membershipId: string, role: 'member' | 'admin' = 'member') {
      return t.services.groups.addMembers(network.id, [{ groupId, membershipId, role }]);
    },
    /** A request as the member of `session` (anonymous without one). */
    request(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, session?: Session, payload?: unknown) {
      return t.app.inject({
        method,
        url,
        headers: session ? session.headers : anonymous,
        ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      });
    },
  };
}

export type CalendarWorld = Awaited<ReturnType<typeof calendarWorld>>;

export function calendarBody(values: Partial<CalendarBody['calendar']> = {}): CalendarBody {
  return { calendar: { name: 'Calendar', color: '1971c2', type: 'personal', membership_ids: [], ...values } };
}

/** The calendars of a list answer. */
export function listed(response: LightMyRequestResponse): Calendar[] {
  if (response.statusCode !== 200) throw new Error(`${response.statusCode}: ${response.body}`);
  return response.json<{ calendars: Calendar[] }>().calendars;
}

/** A calendar made through the API by the member of `session`. */
export async function createCalendar(
  world: CalendarWorld,
  session: Session,
  values: Partial<CalendarBody['calendar']> = {},
): Promise<Calendar> {
  const response = await world.request('POST', '/calendars', session, calendarBody(values));
  if (response.statusCode !== 201) throw new Error(`${response.statusCode}: ${response.body}`);
  return response.json<Calendar>();
}
