import type { MemberSettings, NetworkSettings } from '@agora/contracts';
import type { Db } from '../../platform/db/client.ts';
import type { Events } from '../../platform/events/index.ts';
import { localeFor } from '../../platform/i18n/index.ts';
import type { Mailer, MailJob } from '../../platform/mail/mailer.ts';
import type { Actor } from '../../platform/policy/index.ts';
import type { ActivitiesService } from '../activities/index.ts';
import type { AppointmentsService } from '../appointments/index.ts';
import type { GroupsService } from '../groups/index.ts';
import type { IgnoredMembersService } from '../ignored-members/index.ts';
import type { MemberSettingsService } from '../member-settings/index.ts';
import { memberName, type MembersService } from '../members/index.ts';
import type { NetworksService } from '../networks/index.ts';
import { digestMail, excerpt, type DigestMailAppointment, type DigestMailPost } from './mail.ts';
import { createDigestDeliveriesRepository } from './repository.ts';
import { DIGEST_TIME_ZONE, dueKinds, localTime, periodOf, type DigestKind } from './slots.ts';

/** The run: every hour on the hour, for all processes; each network sends at its own slots. */
export const DIGEST_MAILS_QUEUE = 'digest-mails.hourly';
export const DIGEST_MAILS_EVERY = { seconds: 60 * 60 };

const DAY_MS = 24 * 60 * 60 * 1000;
/** A member's first digest covers the last week. */
const FIRST_DIGEST_DAYS = 7;
/** However long ago the last digest was, one covers at most a month. */
const DIGEST_MAX_DAYS = 31;
/** The daily mail covers the day before; after a weekend without mails, since the last (at most three days). */
const DAILY_MAX_DAYS = 3;
/** Posts one mail lists; the rest are counted. */
const POSTS_PER_MAIL = 20;
/** Posts read for one network's run, the newest first. */
const POSTS_PER_RUN = 1000;
/** Upcoming appointments: those of the next weeks. */
const UPCOMING_DAYS = 30;
/** Members whose mails are made at the same time. */
const MEMBERS_AT_ONCE = 8;
/** Members whose upcoming appointments are read at once. */
const UPCOMING_PAGE = 500;

export type DigestMailsDeps = {
  db: Db;
  networks: Pick<NetworksService, 'ids' | 'get' | 'settings' | 'config'>;
  members: Pick<MembersService, 'activeMembers' | 'findMany'>;
  memberSettings: Pick<MemberSettingsService, 'mailAddresses' | 'settingsOf'>;
  groups: Pick<GroupsService, 'groupsOfMembers'>;
  activities: Pick<ActivitiesService, 'digestPosts' | 'access'>;
  appointments: Pick<AppointmentsService, 'upcoming'>;
  ignoredMembers: Pick<IgnoredMembersService, 'ignoredBy'>;
  mailer: Pick<Mailer, 'prepare' | 'enqueue'>;
  events: Pick<Events, 'transaction'>;
  publicUrl: string;
};

type Recipient = {
  id: string;
  userId: string;
  firstName: string;
  isExternal: boolean;
  networkAdmin: boolean;
  email: string;
  locale: string;
  since: Date;
  /** The streams (group ids, and the network's stream ids when on the network level) whose posts reach them. */
  groupIds: Set<string>;
  networkLevel: boolean;
};

export type DigestMailsService = ReturnType<typeof createDigestMailsService>;

export function createDigestMailsService(deps: DigestMailsDeps) {
  const repository = createDigestDeliveriesRepository(deps.db);

  /** The members who get this kind of mail, with their window and streams. */
  async function recipientsOf(
    networkId: string,
    language: string,
    kind: DigestKind,
    period: string,
    at: Date,
    networkLevelAllowed: boolean,
  ): Promise<{ recipients: Recipient[]; streamNames: Map<string, string> }> {
    const members = await deps.members.activeMembers(networkId);
    const ids = members.map((m) => m.id);
    const [addresses, delivered] = await Promise.all([
      deps.memberSettings.mailAddresses(networkId, ids, kind === 'digest' ? 'digest' : 'daily_digest'),
      repository.delivered(kind, period, ids),
    ]);
    const wanted = members.filter((m) => addresses.has(m.id) && !delivered.has(m.id));
    if (wanted.length === 0) return { recipients: [], streamNames: new Map() };
    const wantedIds = wanted.map((m) => m.id);
    const [settings, groups, lastSent] = await Promise.all([
      deps.memberSettings.settingsOf(wantedIds),
      deps.groups.groupsOfMembers(networkId, wantedIds),
      repository.lastSent(kind, wantedIds),
    ]);
    const first = at.getTime() - (kind === 'digest' ? FIRST_DIGEST_DAYS : 1) * DAY_MS;
    const earliest = at.getTime() - (kind === 'digest' ? DIGEST_MAX_DAYS : DAILY_MAX_DAYS) * DAY_MS;
    const streamNames = new Map<string, string>();
    for (const list of groups.values()) for (const g of list) streamNames.set(g.id, g.name);
    const recipients = wanted.map((m) => {
      const address = addresses.get(m.id)!;
      const choice: MemberSettings['email_digests'] = settings.get(m.id)![
        kind === 'digest' ? 'email_digests' : 'email_daily_digests'
      ];
      const chosen = choice.group_ids ? new Set(choice.group_ids) : null;
      const last = lastSent.get(m.id)?.getTime();
      return {
        ...m,
        email: address.email,
        locale: localeFor(address.locale, language),
        since: new Date(last === undefined ? first : Math.max(last, earliest)),
        groupIds: new Set((groups.get(m.id) ?? []).filter((g) => !chosen || chosen.has(g.id)).map((g) => g.id)),
        // Guests read no network stream.
        networkLevel: networkLevelAllowed && choice.include_network_level && !m.isExternal,
      };
    });
    return { recipients, streamNames };
  }

  const actorOf = (r: Recipient, networkId: string): Actor => ({
    userId: r.userId,
    membershipId: r.id,
    networkId,
    isNetworkAdmin: r.networkAdmin,
    isExternal: r.isExternal,
    locale: r.locale,
    sessionId: '',
  });

  /**
   * The next appointments each member takes part in (the appointments module's batch read, by
   * the rules of their participating month view), from `at` for the next 30 days, at most `max`:
   * a fixed number of queries per page of members.
   */
  async function upcoming(
    recipients: Recipient[],
    networkId: string,
    at: Date,
    max: number,
  ): Promise<Map<string, DigestMailAppointment[]>> {
    const result = new Map<string, DigestMailAppointment[]>();
    if (max <= 0) return result;
    const to = new Date(at.getTime() + UPCOMING_DAYS * DAY_MS);
    for (let i = 0; i < recipients.length; i += UPCOMING_PAGE) {
      const page = recipients.slice(i, i + UPCOMING_PAGE).map((r) => actorOf(r, networkId));
      const found = await deps.appointments.upcoming(page, { from: at, to, timeZone: DIGEST_TIME_ZONE, max });
      for (const [id, list] of found) {
        result.set(
          id,
          list.map((a) => ({ name: a.name, start: a.at, allDay: a.allDay, url: `${deps.publicUrl}${a.path}` })),
        );
      }
    }
    return result;
  }

  /** One kind of mail of one network's slot: read once for all its members, queued together with the slot's rows. */
  async function sendKind(
    network: { id: string; name: string; language: string },
    settings: NetworkSettings,
    kind: DigestKind,
    period: string,
    at: Date,
  ): Promise<number> {
    const daily = settings.daily_activity;
    const { recipients, streamNames } = await recipientsOf(
      network.id,
      network.language,
      kind,
      period,
      at,
      kind === 'digest' || daily.include_network_level,
    );
    if (recipients.length === 0) return 0;
    const showReplies = kind === 'digest' ? settings.digests.show_comments : daily.mode === 'new_and_updated';
    const groupIds = new Set(recipients.flatMap((r) => [...r.groupIds]));
    const posts = await deps.activities.digestPosts({
      networkId: network.id,
      since: new Date(Math.min(...recipients.map((r) => r.since.getTime()))),
      until: at,
      network: recipients.some((r) => r.networkLevel),
      groupIds: [...groupIds],
      edited: kind === 'daily' && daily.mode === 'new_and_updated',
      replied: showReplies,
      limit: POSTS_PER_RUN,
    });
    if (posts.length === 0) return 0;

    for (const s of await deps.activities.access.networkStreams(network.id, network.language)) {
      streamNames.set(s.id, s.name);
    }
    const authorIds = new Set<string>();
    for (const p of posts) {
      if (p.actorId) authorIds.add(p.actorId);
      for (const r of p.replies) if (r.actorId) authorIds.add(r.actorId);
    }
    const authors = new Map(
      (await deps.members.findMany(network.id, [...authorIds])).map((m) => [m.id, m.deletedAt ? null : memberName(m)]),
    );
    const nameOf = (id: string | null) => (id ? (authors.get(id) ?? null) : null);

    type Listed = { post: (typeof posts)[number]; isNew: boolean; replies: (typeof posts)[number]['replies'] };
    const readsTargetOf = (r: Recipient) => (t: { groupId: string | null }) =>
      t.groupId === null ? r.networkLevel : r.groupIds.has(t.groupId);

    /** The posts the member's mail lists, each with the new replies under it; none when nothing is new to them. */
    async function listedFor(r: Recipient): Promise<Listed[]> {
      const since = r.since.getTime();
      const readsTarget = readsTargetOf(r);
      const candidates = posts.filter((p) => p.targets.some(readsTarget));
      if (candidates.length === 0) return [];
      // Read only for those something may reach: a cached set per member.
      const ignored = await deps.ignoredMembers.ignoredBy(r.id);
      const others = (id: string | null) => id !== r.id && !(id && ignored.has(id));
      const listed: Listed[] = [];
      for (const p of candidates) {
        if (!others(p.actorId)) continue;
        const isNew = p.createdAt.getTime() > since;
        const replies = showReplies ? p.replies.filter((x) => x.createdAt.getTime() > since && others(x.actorId)) : [];
        const edited =
          kind === 'daily' && daily.mode === 'new_and_updated' && !!p.editedAt && p.editedAt.getTime() > since;
        if (isNew || replies.length > 0 || edited) listed.push({ post: p, isNew, replies });
      }
      return listed;
    }

    /** The mail of a member something is new to. */
    function mailFor(r: Recipient, listed: Listed[], appointments: DigestMailAppointment[]): Promise<MailJob> {
      const readsTarget = readsTargetOf(r);
      const content = digestMail(r.locale, {
        kind,
        networkName: network.name,
        firstName: r.firstName,
        since: r.since,
        posts: listed.slice(0, POSTS_PER_MAIL).map(({ post: p, isNew, replies }): DigestMailPost => {
          const target = p.targets.find(readsTarget)!;
          return {
            author: nameOf(p.actorId),
            stream: streamNames.get(target.groupId ?? target.streamId) ?? '',
            at: p.createdAt,
            text: excerpt(p.type === 'note' || p.type === 'question' ? p.text : (p.title ?? p.text)),
            url: `${deps.publicUrl}/activities/${p.id}`,
            updated: !isNew,
            replies: replies.map((x) => ({ author: nameOf(x.actorId), text: excerpt(x.text, 140) })),
          };
        }),
        more: Math.max(0, listed.length - POSTS_PER_MAIL),
        appointments,
        appointmentsPosition: settings.digests.upcoming_appointments_position,
        activitiesUrl: `${deps.publicUrl}/activitystreams`,
        settingsUrl: `${deps.publicUrl}/members/${r.id}/settings/edit`,
      });
      return deps.mailer.prepare({
        networkId: network.id,
        networkName: network.name,
        to: r.email,
        locale: r.locale,
        ...content,
      });
    }

    // A few members at a time: their reads (ignored members, the imprint) overlap.
    const listedOf = new Map<string, Listed[]>();
    for (let i = 0; i < recipients.length; i += MEMBERS_AT_ONCE) {
      const batch = recipients.slice(i, i + MEMBERS_AT_ONCE);
      const found = await Promise.all(batch.map(listedFor));
      batch.forEach((r, k) => {
        if (found[k]!.length > 0) listedOf.set(r.id, found[k]!);
      });
    }
    const readers = recipients.filter((r) => listedOf.has(r.id));
    const appointmentsOf =
      kind === 'digest'
        ? await upcoming(readers, network.id, at, settings.digests.max_number_of_upcoming_appointments)
        : new Map<string, DigestMailAppointment[]>();
    const mails = new Map<string, MailJob>();
    for (let i = 0; i < readers.length; i += MEMBERS_AT_ONCE) {
      const batch = readers.slice(i, i + MEMBERS_AT_ONCE);
      const prepared = await Promise.all(
        batch.map((r) => mailFor(r, listedOf.get(r.id)!, appointmentsOf.get(r.id) ?? [])),
      );
      batch.forEach((r, k) => mails.set(r.id, prepared[k]!));
    }
    if (mails.size === 0) return 0;
    return deps.events.transaction(async (tx) => {
      const claimed = await repository.claim(tx, {
        networkId: network.id,
        kind,
        period,
        sentAt: at,
        membershipIds: [...mails.keys()],
      });
      const queued = [...mails].filter(([id]) => claimed.has(id)).map(([, mail]) => mail);
      if (queued.length > 0) await deps.mailer.enqueue(queued, tx);
      return queued.length;
    });
  }

  async function sendInNetwork(networkId: string, at: Date): Promise<Record<DigestKind, number>> {
    const sent = { digest: 0, daily: 0 };
    const network = await deps.networks.get(networkId);
    if (!network || !deps.networks.config(network).digests_configurable) return sent;
    const settings = deps.networks.settings(network);
    const local = localTime(at);
    for (const kind of dueKinds(settings, local)) {
      sent[kind] += await sendKind(network, settings, kind, periodOf(local), at);
    }
    return sent;
  }

  return {
    /**
     * The run of the hour starting at `at`: in each network whose settings send a digest or the
     * daily activity mail at this local hour, each member who wants it gets what is new for them
     * (no mail when nothing is). Each member's mail of a slot is queued once, also when several
     * processes or a retry run the hour. Answers how many mails of each kind were queued.
     */
    async runSlot(at: Date): Promise<Record<DigestKind, number>> {
      const total = { digest: 0, daily: 0 };
      for (const networkId of await deps.networks.ids()) {
        const sent = await sendInNetwork(networkId, at);
        total.digest += sent.digest;
        total.daily += sent.daily;
      }
      return total;
    },
  };
}
