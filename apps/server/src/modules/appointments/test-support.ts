// Test helpers of the appointments module: a network with calendars and members of each kind,
// form bodies, and the HTTP calls the web app makes.
import type { AppointmentFieldsInput, AppointmentMonth, ApplyTo } from '@agora/contracts';
import type { Services } from '../../app.ts';
import type { Actor } from '../../platform/policy/index.ts';
import {
  createNetwork,
  createTestApp,
  signedInMember,
  type MemberOptions,
  type Session,
  type TestApp,
} from '../../testing/index.ts';

export type Member = Awaited<ReturnType<typeof signedInMember>> & { actor: Actor };

export async function member(
  t: TestApp,
  networkId: string,
  options: MemberOptions = {},
  host = 'localhost',
): Promise<Member> {
  const m = await signedInMember(t.app, t.services, networkId, options, host);
  return { ...m, actor: t.services.members.actorFor(m.membership, 'test', null) };
}

/** The network's own calendar (made by the processor of the network's creation). */
export async function networkCalendarId(services: Services, actor: Actor): Promise<string> {
  await services.events.settled();
  const calendars = await services.calendars.accessible(actor);
  const found = calendars.find((c) => c.type === 'network' && c.isDefault);
  if (!found) throw new Error('The network has no calendar');
  return found.id;
}

export async function personalCalendar(
  services: Services,
  networkId: string,
  owner: Member,
  sharedWith: string[] = [],
) {
  const [calendar] = await services.calendars.createMany(networkId, [
    {
      type: 'personal',
      name: `Calendar of ${owner.membership.lastName}`,
      color: '2f9e44',
      ownerId: owner.membership.id,
      authorId: owner.membership.id,
      sharedWith,
    },
  ]);
  return calendar!;
}

/**
 * A network with an administrator, two members with a personal calendar each (the second's is
 * shared with the first), an external member, and the network calendar.
 */
export async function appointmentsWorld(t: TestApp, host: string | null = null) {
  const network = await createNetwork(t.services, host ? { host } : {});
  const hostName = host ?? 'localhost';
  const admin = await member(t, network.id, { admin: true }, hostName);
  const author = await member(t, network.id, {}, hostName);
  const other = await member(t, network.id, {}, hostName);
  const external = await member(t, network.id, { external: true }, hostName);
  const networkCalendar = await networkCalendarId(t.services, admin.actor);
  const authorCalendar = await personalCalendar(t.services, network.id, author);
  const otherCalendar = await personalCalendar(t.services, network.id, other, [author.membership.id]);
  return {
    network,
    admin,
    author,
    other,
    external,
    networkCalendar,
    authorCalendar: authorCalendar.id,
    otherCalendar: otherCalendar.id,
  };
}

let groups = 0;

/** A group (open unless said otherwise) with its calendar; `admins` and `members` join it. */
export async function groupWithCalendar(
  services: Services,
  networkId: string,
  people: { admins?: Member[]; members?: Member[]; access?: 'open' | 'closed' | 'hidden' } = {},
) {
  const n = ++groups;
  const [category] = await services.groups.createCategories(networkId, [
    { slug: `category-${n}`, name: `Category ${n}`, pluralName: `Categories ${n}` },
  ]);
  const [group] = await services.groups.createGroups(networkId, [
    { groupCategoryId: category!.id, slug: `group-${n}`, name: `Group ${n}`, access: people.access ?? 'open' },
  ]);
  // Its group calendar comes from the event's processor.
  await services.events.settled();
  await services.groups.addMembers(networkId, [
    ...(people.admins ?? []).map((m) => ({
      groupId: group!.id,
      membershipId: m.membership.id,
      role: 'admin' as const,
    })),
    ...(people.members ?? []).map((m) => ({ groupId: group!.id, membershipId: m.membership.id })),
  ]);
  const reader = people.admins?.[0] ?? people.members?.[0];
  if (!reader) throw new Error('A group needs someone in it');
  const calendar = (await services.calendars.accessible(reader.actor)).find(
    (c) => c.type === 'group' && c.parentId === group!.id,
  );
  if (!calendar) throw new Error('The group has no calendar');
  return { group: group!, calendar: calendar.id };
}

type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? DeepPartial<T[K]> | T[K] : T[K] };

/** A form body: a one-hour appointment on 1 December 2026 at 10:00 in Berlin, with overrides. */
export function appointmentBody(
  calendarIds: string[],
  overrides: DeepPartial<AppointmentFieldsInput> = {},
  applyTo?: ApplyTo,
): { appointment: AppointmentFieldsInput; apply_to?: ApplyTo } {
  const { date, recurrence_pattern: recurrence, ...rest } = overrides;
  return {
    appointment: {
      name: 'Team meeting',
      calendar_ids: calendarIds,
      ...rest,
      date: {
        start: '2026-12-01T10:00',
        end: '2026-12-01T11:00',
        all_day: false,
        time_zone: 'Europe/Berlin',
        ...(date as object),
      },
      recurrence_pattern: { recurrence_frequency: 'never', ...(recurrence as object) },
    } as AppointmentFieldsInput,
    ...(applyTo ? { apply_to: applyTo } : {}),
  };
}

export function appointmentsApi(t: TestApp) {
  const json = { accept: 'application/json' };
  return {
    create: (session: Session | null, payload: unknown) =>
      t.app.inject({
        method: 'POST',
        url: '/appointments',
        headers: session?.headers ?? json,
        payload: payload as object,
      }),
    update: (session: Session | null, id: string, payload: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: `/appointments/${id}`,
        headers: session?.headers ?? json,
        payload: payload as object,
      }),
    get: (session: Session | null, id: string) =>
      t.app.inject({ url: `/appointments/${id}`, headers: session?.headers ?? json }),
    destroy: (session: Session | null, id: string, applyTo?: ApplyTo) =>
      t.app.inject({
        method: 'DELETE',
        url: `/appointments/${id}${applyTo ? `?apply_to=${applyTo}` : ''}`,
        headers: session?.headers ?? json,
      }),
    month: async (session: Session, query: Record<string, string>, participating = false) => {
      const response = await t.app.inject({
        url: `/appointments${participating ? '/participating' : ''}?${new URLSearchParams({ type: 'month', ...query })}`,
        headers: session.headers,
      });
      if (response.statusCode !== 200) throw new Error(`month: ${response.statusCode} ${response.body}`);
      return response.json<AppointmentMonth>();
    },
  };
}

export { createTestApp, type TestApp };
