import {
  REALTIME_EVENTS,
  type Locale,
  type Notification,
  type NotificationPage,
  type NotificationsMarkedRead,
  type NotificationsQuery,
  type NotificationsReadEvent,
  type UnreadsChangedEvent,
} from '@agora/contracts';
import type { Db } from '../../platform/db/client.ts';
import { notFound } from '../../platform/errors.ts';
import { localeFor } from '../../platform/i18n/index.ts';
import type { ProcessorContext } from '../../platform/events/index.ts';
import type { Actor } from '../../platform/policy/index.ts';
import type { Realtime } from '../../platform/realtime/index.ts';
import type { AccountsService } from '../accounts/index.ts';
import type { IgnoredMembersService } from '../ignored-members/index.ts';
import { presentMemberSummary, type MembersService } from '../members/index.ts';
import type { NetworksService } from '../networks/index.ts';
import { presentNotification, type NotificationActor } from './present.ts';
import { createNotificationsRepository, type NotificationRow } from './repository.ts';

export type NotificationsService = ReturnType<typeof createNotificationsService>;

export type NotificationsDeps = {
  db: Db;
  members: MembersService;
  /** Where the members' languages are (their accounts'). */
  accounts: Pick<AccountsService, 'mailAddresses'>;
  /** The network's language, for members who chose none. */
  networks: Pick<NetworksService, 'get'>;
  realtime: Pick<Realtime, 'toMember'>;
  /** Members who ignore a notification's actor do not get it. */
  ignoredMembers: Pick<IgnoredMembersService, 'ignoring'>;
};

/** An event processor's transaction, and where the pushes go once it commits. */
export type NotifyContext = { tx: Db; afterCommit: ProcessorContext['afterCommit'] };

/** What any module hands over to notify members of something. */
export type NotifyInput = {
  networkId: string;
  /**
   * Membership ids; the actor is left out, as nobody needs to hear of what they did, and so are
   * those who ignore the actor.
   */
  recipientIds: string[];
  /** Names the message `notifications:types.{type}`, in which the notification is read. */
  type: string;
  actorId?: string | null;
  subject: { type: string; id?: string | null; title: string; path: string };
  /** What the message of the type is filled with, besides the actor's name and the subject's title. */
  params?: Record<string, string | number>;
  /** Shown for types that have no message; types with one are rendered in the reader's language. */
  text?: string;
  /** When it happened, for imports and seeds; now by default. */
  at?: Date;
  /** When it was read, for imports and seeds; unread by default. */
  readAt?: Date;
};

/**
 * Told of every batch of new notifications, in the transaction that writes them (so what it
 * queues commits or rolls back with them): the devices module queues their pushes.
 */
export type NotificationsCreatedListener = (
  created: { networkId: string; ids: string[]; recipientIds: string[] },
  tx: Db | undefined,
) => Promise<void>;

export function createNotificationsService(deps: NotificationsDeps) {
  const repository = createNotificationsRepository(deps.db);
  const createdListeners: NotificationsCreatedListener[] = [];

  /** The actors of several notifications in one query. */
  async function actorsOf(networkId: string, rows: NotificationRow[]): Promise<Map<string, NotificationActor>> {
    const ids = [...new Set(rows.map((r) => r.actorId).filter((id): id is string => !!id))];
    const members = await deps.members.findMany(networkId, ids);
    return new Map(members.map((m) => [m.id, presentMemberSummary(m)]));
  }

  const present = (row: NotificationRow, actors: Map<string, NotificationActor>, locale: Locale) =>
    presentNotification(row, (row.actorId && actors.get(row.actorId)) || null, locale);

  async function networkLanguage(networkId: string): Promise<string | null> {
    return (await deps.networks.get(networkId))?.language ?? null;
  }

  /** The language the member reads in: their own choice, else the network's. */
  async function readerLocale(actor: Actor): Promise<Locale> {
    return localeFor(actor.locale, actor.locale ? null : await networkLanguage(actor.networkId));
  }

  /** Each recipient's language, for all of them at once (their own choice, else the network's). */
  async function recipientLocales(networkId: string, recipientIds: string[]): Promise<Map<string, Locale>> {
    const addresses = await deps.accounts.mailAddresses(networkId, recipientIds);
    const chosen = (id: string) => addresses.get(id)?.locale ?? null;
    const fallback = recipientIds.every(chosen) ? null : await networkLanguage(networkId);
    return new Map(recipientIds.map((id) => [id, localeFor(chosen(id), fallback)]));
  }

  /** Tells each member's open pages their new unread count. */
  async function pushUnreads(networkId: string, recipientIds: string[]): Promise<void> {
    const counts = await repository.unreadCounts(networkId, recipientIds);
    for (const id of recipientIds) {
      const payload: UnreadsChangedEvent = { Notifications: counts.get(id) ?? 0 };
      deps.realtime.toMember(id, REALTIME_EVENTS.unreadsChanged, payload);
    }
  }

  function pushRead(actor: Actor, event: NotificationsReadEvent) {
    deps.realtime.toMember(actor.membershipId, REALTIME_EVENTS.notificationsRead, event);
  }

  const service = {
    /** Registers a listener of new notifications (see NotificationsCreatedListener). */
    onCreated(listener: NotificationsCreatedListener): void {
      createdListeners.push(listener);
    },

    /**
     * Notifications by id with their texts in their recipients' languages, for what is sent
     * elsewhere (pushes to devices); missing ones are left out.
     */
    async presentMany(networkId: string, ids: string[]): Promise<(Notification & { recipientId: string })[]> {
      const rows = await repository.findMany(networkId, ids);
      if (rows.length === 0) return [];
      const [actors, locales] = await Promise.all([
        actorsOf(networkId, rows),
        recipientLocales(networkId, [...new Set(rows.map((r) => r.recipientId))]),
      ]);
      return rows.map((row) => ({
        ...present(row, actors, locales.get(row.recipientId) ?? 'de'),
        recipientId: row.recipientId,
      }));
    },

    /**
     * Stores one notification per recipient (one statement) and pushes each, with the new
     * unread count, to the recipient's open pages. From an event processor, the rows are written
     * in its transaction and pushed once that commits.
     */
    async notify(input: NotifyInput, context?: NotifyContext): Promise<Notification[]> {
      let recipientIds = [...new Set(input.recipientIds)].filter((id) => id !== input.actorId);
      if (input.actorId && recipientIds.length > 0) {
        const ignoring = await deps.ignoredMembers.ignoring(input.actorId, recipientIds, context?.tx);
        if (ignoring.size > 0) recipientIds = recipientIds.filter((id) => !ignoring.has(id));
      }
      if (recipientIds.length === 0) return [];
      const rows = await repository.insertMany(
        recipientIds.map((recipientId) => ({
          networkId: input.networkId,
          recipientId,
          type: input.type,
          actorId: input.actorId ?? null,
          subjectType: input.subject.type,
          subjectId: input.subject.id ?? null,
          subjectTitle: input.subject.title,
          subjectPath: input.subject.path,
          params: input.params ?? {},
          text: input.text ?? '',
          ...(input.at ? { createdAt: input.at } : {}),
          ...(input.readAt ? { readAt: input.readAt } : {}),
        })),
        context?.tx,
      );
      for (const listener of createdListeners) {
        await listener({ networkId: input.networkId, ids: rows.map((r) => r.id), recipientIds }, context?.tx);
      }
      // Read after the commit: inside a processor's transaction only its `tx` may be used.
      const push = async () => {
        const [actors, locales] = await Promise.all([
          actorsOf(input.networkId, rows),
          recipientLocales(input.networkId, recipientIds),
        ]);
        // Each in its recipient's language, as their list will show it.
        const presented = rows.map((row) => present(row, actors, locales.get(row.recipientId) ?? 'de'));
        presented.forEach((notification, i) =>
          deps.realtime.toMember(rows[i]!.recipientId, REALTIME_EVENTS.notificationCreated, notification),
        );
        await pushUnreads(input.networkId, recipientIds);
        return presented;
      };
      if (!context) return push();
      context.afterCommit(push);
      return [];
    },

    /** The member's own notifications, newest first, in the member's language. */
    async list(actor: Actor, query: NotificationsQuery): Promise<NotificationPage> {
      const [rows, counts, locale] = await Promise.all([
        repository.page(actor.networkId, actor.membershipId, query.limit, query.offset),
        repository.counts(actor.networkId, actor.membershipId),
        readerLocale(actor),
      ]);
      const actors = await actorsOf(actor.networkId, rows);
      return {
        notifications: rows.map((row) => present(row, actors, locale)),
        total: counts.total,
        unread: counts.unread,
        limit: query.limit,
        offset: query.offset,
      };
    },

    /** Marks one of the member's notifications read; another member's is not found. */
    async markRead(actor: Actor, id: string): Promise<Notification> {
      const found = await repository.find(actor.networkId, actor.membershipId, id);
      if (!found) throw notFound();
      let row = found;
      if (!found.readAt) {
        const updated = await repository.markRead(actor.networkId, actor.membershipId, id, new Date());
        if (updated) {
          row = updated;
          pushRead(actor, { ids: [id], all: false });
          await pushUnreads(actor.networkId, [actor.membershipId]);
        }
      }
      const [actors, locale] = await Promise.all([actorsOf(actor.networkId, [row]), readerLocale(actor)]);
      return present(row, actors, locale);
    },

    async markAllRead(actor: Actor): Promise<NotificationsMarkedRead> {
      const marked = await repository.markAllRead(actor.networkId, actor.membershipId, new Date());
      if (marked > 0) {
        pushRead(actor, { ids: [], all: true });
        await pushUnreads(actor.networkId, [actor.membershipId]);
      }
      // Counted again: a notification may have arrived meanwhile.
      return { marked, unread: await service.unreadCount(actor) };
    },

    /**
     * Marks a member's notifications about these subjects read (a message read or deleted, an
     * activity seen), and tells their open pages once the processor's transaction commits.
     */
    async markReadAbout(
      input: { networkId: string; recipientId: string; subject: { type: string; ids: string[] } },
      context: NotifyContext,
    ): Promise<number> {
      const { networkId, recipientId, subject } = input;
      const ids = await repository.markReadAbout(
        networkId,
        recipientId,
        subject.type,
        subject.ids,
        new Date(),
        context.tx,
      );
      if (ids.length > 0) {
        context.afterCommit(async () => {
          deps.realtime.toMember(recipientId, REALTIME_EVENTS.notificationsRead, { ids, all: false });
          await pushUnreads(networkId, [recipientId]);
        });
      }
      return ids.length;
    },

    unreadCount(actor: Actor): Promise<number> {
      return repository.unreadCount(actor.networkId, actor.membershipId);
    },
  };

  return service;
}
