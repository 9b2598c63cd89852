import {
  REALTIME_EVENTS,
  type Notification,
  type NotificationPage,
  type NotificationsMarkedRead,
  type NotificationsQuery,
  type NotificationsReadEvent,
  type UnreadsChangedEvent,
} from '@agora/contracts';
import type { Db } from '../../platform/db/client.ts';
import { notFound } from '../../platform/errors.ts';
import type { Actor } from '../../platform/policy/index.ts';
import type { Realtime } from '../../platform/realtime/index.ts';
import type { UnreadsRegistry } from '../../platform/unreads/index.ts';
import { presentMemberSummary, type MembersService } from '../members/index.ts';
import { presentNotification, type NotificationActor } from './present.ts';
import { createNotificationsRepository, type NotificationRow } from './repository.ts';

export type NotificationsService = ReturnType<typeof createNotificationsService>;

export type NotificationsDeps = {
  db: Db;
  members: MembersService;
  realtime: Pick<Realtime, 'toMember'>;
  unreads: UnreadsRegistry;
};

/** What any module hands over to notify members of something. */
export type NotifyInput = {
  networkId: string;
  /** Membership ids; the actor is left out, as nobody needs to hear of what they did. */
  recipientIds: string[];
  /** Names the message `notifications:types.{type}` of the web app. */
  type: string;
  actorId?: string | null;
  subject: { type: string; id?: string | null; title: string; path: string };
  /** Shown where the web app knows no message for the type. */
  text: string;
  /** When it happened, for imports and seeds; now by default. */
  at?: Date;
  /** When it was read, for imports and seeds; unread by default. */
  readAt?: Date;
};

export function createNotificationsService(deps: NotificationsDeps) {
  const repository = createNotificationsRepository(deps.db);

  /** The actors of several notifications in one query. */
  async function actorsOf(networkId: string, rows: NotificationRow[]): Promise<Map<string, NotificationActor>> {
    const ids = [...new Set(rows.map((r) => r.actorId).filter((id): id is string => !!id))];
    const members = await deps.members.findMany(networkId, ids);
    return new Map(members.map((m) => [m.id, presentMemberSummary(m)]));
  }

  const present = (row: NotificationRow, actors: Map<string, NotificationActor>) =>
    presentNotification(row, (row.actorId && actors.get(row.actorId)) || null);

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
    /**
     * Stores one notification per recipient (one statement) and pushes each, with the new
     * unread count, to the recipient's open pages.
     */
    async notify(input: NotifyInput): Promise<Notification[]> {
      const recipientIds = [...new Set(input.recipientIds)].filter((id) => id !== input.actorId);
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
          text: input.text,
          ...(input.at ? { createdAt: input.at } : {}),
          ...(input.readAt ? { readAt: input.readAt } : {}),
        })),
      );
      const actors = await actorsOf(input.networkId, rows);
      const presented = rows.map((row) => present(row, actors));
      presented.forEach((notification, i) =>
        deps.realtime.toMember(rows[i]!.recipientId, REALTIME_EVENTS.notificationCreated, notification),
      );
      await pushUnreads(input.networkId, recipientIds);
      return presented;
    },

    /** The member's own notifications, newest first. */
    async list(actor: Actor, query: NotificationsQuery): Promise<NotificationPage> {
      const [rows, counts] = await Promise.all([
        repository.page(actor.networkId, actor.membershipId, query.limit, query.offset),
        repository.counts(actor.networkId, actor.membershipId),
      ]);
      const actors = await actorsOf(actor.networkId, rows);
      return {
        notifications: rows.map((row) => present(row, actors)),
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
      return present(row, await actorsOf(actor.networkId, [row]));
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

    unreadCount(actor: Actor): Promise<number> {
      return repository.unreadCount(actor.networkId, actor.membershipId);
    },
  };

  deps.unreads.register('Notifications', service.unreadCount);
  return service;
}
