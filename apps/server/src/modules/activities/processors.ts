import { ACTIVITY_REALTIME_EVENTS, type ActivityRealtimeEvent } from '@agora/contracts';
import type { Processor, ProcessorContext, StoredEvent } from '../../platform/events/index.ts';
import type { Actor } from '../../platform/policy/index.ts';
import type { MembershipRow } from '../members/index.ts';
import { readsTarget, type StreamAccess } from './access.ts';
import type { ActivitiesDeps } from './deps.ts';
import { ACTIVITY_EVENTS } from './events.ts';
import type { ActivitiesRepository } from './repository.ts';
import type { ActivityUnreadsService } from './unreads.ts';
import { activityRooms } from './live-rooms.ts';
import { localeFor, translator } from '../../platform/i18n/index.ts';
import type { MailJob } from '../../platform/mail/mailer.ts';
import { memberName } from '../members/index.ts';

const idsOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/** A member as the rules see them, for deciding what another member may read. */
const actorOf = (m: MembershipRow): Actor => ({
  userId: m.userId,
  membershipId: m.id,
  networkId: m.networkId,
  isNetworkAdmin: m.networkAdmin,
  isExternal: m.isExternal,
  locale: null,
  sessionId: '',
});

/** Mentions tell at most this many members (a post naming more is not a way to reach everyone). */
const MENTIONS_NOTIFIED = 50;

/** Live events, unread pushes and notifications that follow the activity events. */
export function activityProcessors(
  deps: ActivitiesDeps,
  repository: ActivitiesRepository,
  unreads: ActivityUnreadsService,
  load: (actor: Actor) => Promise<StreamAccess>,
): Processor[] {
  /** The rooms of where an activity is: the network's for network streams, each group's. */
  function roomsOf(event: StoredEvent): string[] {
    return activityRooms(event.networkId, event.changes.network === true, idsOf(event.changes.group_ids));
  }

  /** Of some members, those active ones who may read the activity (its targets). */
  async function readers(networkId: string, activityId: string, candidates: string[]): Promise<MembershipRow[]> {
    const ids = [...new Set(candidates)].slice(0, MENTIONS_NOTIFIED);
    if (ids.length === 0) return [];
    const [members, targets] = await Promise.all([
      deps.members.findMany(networkId, ids),
      repository.targetsOf([activityId]),
    ]);
    const result: MembershipRow[] = [];
    for (const member of members) {
      if (member.kind !== 'member' || member.lockedAt) continue;
      const access = await load(actorOf(member));
      if (targets.some((t) => readsTarget(access, t))) result.push(member);
    }
    return result;
  }

  /** `postedAt`: when what mentions was written (a post dated in the past, imported or seeded, mails nobody). */
  type Notice = {
    recipients: string[];
    type: string;
    activityId: string;
    path: string;
    title: string;
    postedAt?: Date;
  };
  const MAIL_WITHIN_MS = 60 * 60 * 1000;

  /** The mails to mentioned members, in each one's language (one rendering per language). */
  async function mentionMails(event: StoredEvent, notice: Notice): Promise<MailJob[]> {
    const [[actor], network, addresses] = await Promise.all([
      deps.members.findMany(event.networkId, event.actorId ? [event.actorId] : []),
      deps.networks.get(event.networkId),
      deps.memberSettings.mailAddresses(event.networkId, notice.recipients, 'notification', event.actorId),
    ]);
    const name = actor ? memberName(actor) : '';
    const rendered = new Map<string, MailJob>();
    const mails: MailJob[] = [];
    for (const id of notice.recipients) {
      const address = addresses.get(id);
      if (!address) continue;
      const locale = localeFor(address.locale, network?.language);
      let job = rendered.get(locale);
      if (!job) {
        const t = translator(locale);
        job = await deps.mailer.prepare({
          networkId: event.networkId,
          networkName: network?.name,
          to: address.email,
          locale,
          subject: t('notifications:activity_mention_mail.subject', { actor: name }),
          paragraphs: [t('notifications:activity_mention_mail.sent', { actor: name, title: notice.title })],
          action: { label: t('notifications:activity_mention_mail.action'), url: `${deps.publicUrl}${notice.path}` },
          closing: [],
        });
        rendered.set(locale, job);
      }
      mails.push({ ...job, to: address.email });
    }
    return mails;
  }

  /** The notifications of one event (and the mentions' mails), in the processor's one transaction. */
  async function notify(event: StoredEvent, context: ProcessorContext, notices: Notice[]) {
    const due = notices.filter((n) => n.recipients.length > 0);
    if (due.length === 0) return;
    // Read before the transaction: inside it only its `tx` may be used.
    const mails = (
      await Promise.all(
        due
          .filter(
            (n) =>
              n.type === 'activity_mention' && Date.now() - (n.postedAt ?? event.createdAt).getTime() < MAIL_WITHIN_MS,
          )
          .map((n) => mentionMails(event, n)),
      )
    ).flat();
    await context.transaction(async (tx) => {
      if (mails.length > 0) await deps.mailer.enqueue(mails, tx);
      for (const input of due) {
        await deps.notifications.notify(
          {
            networkId: event.networkId,
            recipientIds: input.recipients,
            type: input.type,
            actorId: event.actorId,
            subject: { type: 'activity', id: input.activityId, title: input.title, path: input.path },
            at: event.createdAt,
          },
          { tx, afterCommit: context.afterCommit },
        );
      }
    });
  }

  const titleOf = (text: string) => (text.length > 80 ? `${text.slice(0, 79)}…` : text);

  async function live(event: StoredEvent): Promise<void> {
    const rooms = roomsOf(event);
    if (rooms.length === 0) return;
    const reply = event.subject.type === 'activity_reply';
    const payload: ActivityRealtimeEvent = {
      id: reply ? (event.context?.id ?? '') : event.subject.id,
      activitystream_ids: idsOf(event.changes.stream_ids),
      actor_id: event.actorId,
      ...(reply ? { reply_id: event.subject.id } : {}),
    };
    const name = {
      [ACTIVITY_EVENTS.created]: ACTIVITY_REALTIME_EVENTS.created,
      [ACTIVITY_EVENTS.updated]: ACTIVITY_REALTIME_EVENTS.updated,
      [ACTIVITY_EVENTS.destroyed]: ACTIVITY_REALTIME_EVENTS.destroyed,
      [ACTIVITY_EVENTS.replyCreated]: ACTIVITY_REALTIME_EVENTS.replyCreated,
    }[event.type];
    if (name) deps.realtime.toRooms(rooms, name, payload);
    if (event.type === ACTIVITY_EVENTS.created || event.type === ACTIVITY_EVENTS.destroyed) {
      unreads.announce(event.networkId, event.changes.network === true, idsOf(event.changes.group_ids));
    }
  }

  return [
    {
      // Pushes only: a page that missed one refetches when it reconnects.
      name: 'activities.live',
      types: [
        ACTIVITY_EVENTS.created,
        ACTIVITY_EVENTS.updated,
        ACTIVITY_EVENTS.destroyed,
        ACTIVITY_EVENTS.replyCreated,
      ],
      handle: live,
    },
    {
      name: 'activities.mentions',
      types: [ACTIVITY_EVENTS.created, ACTIVITY_EVENTS.updated],
      handle: async (event, context) => {
        const mentioned = idsOf(event.changes.mentioned_ids).filter((id) => id !== event.actorId);
        if (mentioned.length === 0) return;
        const [row] = await repository.byIds(event.networkId, [event.subject.id]);
        if (!row) return;
        const recipients = await readers(event.networkId, row.id, mentioned);
        await notify(event, context, [
          {
            recipients: recipients.map((m) => m.id),
            type: 'activity_mention',
            activityId: row.id,
            path: `/activities/${row.id}`,
            title: titleOf(row.title ?? row.plainContent),
            postedAt: row.createdAt,
          },
        ]);
      },
    },
    {
      name: 'activities.replies',
      types: [ACTIVITY_EVENTS.replyCreated, ACTIVITY_EVENTS.replyUpdated],
      handle: async (event, context) => {
        const activityId = event.context?.id;
        if (!activityId) return;
        const [row] = await repository.byIds(event.networkId, [activityId]);
        if (!row) return;
        const title = titleOf(row.title ?? row.plainContent);
        const path = `/activities/${row.id}`;
        const mentioned = idsOf(event.changes.mentioned_ids).filter((id) => id !== event.actorId);
        const author =
          event.type === ACTIVITY_EVENTS.replyCreated && row.actorId && row.actorId !== event.actorId
            ? row.actorId
            : null;
        const readable = new Set(
          (await readers(event.networkId, row.id, [...mentioned, ...(author ? [author] : [])])).map((m) => m.id),
        );
        const others = mentioned.filter((id) => readable.has(id) && id !== author);
        await notify(event, context, [
          {
            recipients: author && readable.has(author) ? [author] : [],
            type: event.changes.reply_type === 'answers' ? 'activity_answer' : 'activity_reply',
            activityId: row.id,
            path,
            title,
          },
          { recipients: others, type: 'activity_mention', activityId: row.id, path, title },
        ]);
      },
    },
    {
      // The member's own count changed: read marks and subscriptions.
      name: 'activities.unreads',
      types: [ACTIVITY_EVENTS.streamRead, ACTIVITY_EVENTS.streamSubscribed, ACTIVITY_EVENTS.streamUnsubscribed],
      handle: async (event) => {
        if (!event.actorId) return;
        const [member] = await deps.members.findMany(event.networkId, [event.actorId]);
        if (member) await unreads.pushTo(actorOf(member));
      },
    },
  ];
}
