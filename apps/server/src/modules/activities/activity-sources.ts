import { networkSettingsSchema } from '@agora/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { HttpError } from '../../platform/errors.ts';
import type { Processor, ProcessorContext, StoredEvent } from '../../platform/events/index.ts';
import { translator } from '../../platform/i18n/index.ts';
import type { StoredObjectRow } from '../../platform/storage/index.ts';
import type { AppointmentsService } from '../appointments/index.ts';
import { GROUP_MEMBERSHIP_EVENTS, type GroupsService } from '../groups/index.ts';
import { memberName, type MembersService } from '../members/index.ts';
import type { NetworksService } from '../networks/index.ts';
import { postsTo, targetChanges, type Target } from './access.ts';
import type { ActivitiesDeps } from './deps.ts';
import { ACTIVITY_EVENTS, ACTIVITY_REPLY_OWNER } from './events.ts';
import type { ActivitiesService } from './service.ts';
import { activities as activitiesTable, type ActivityRow } from './tables.ts';

/** The appointment events this file reads (the appointments module's, by name). */
const APPOINTMENT_EVENT_TYPES = {
  created: 'appointment.created',
  updated: 'appointment.updated',
  destroyed: 'appointment.destroyed',
} as const;

export type ActivitySourceDeps = {
  db: Db;
  events: ActivitiesDeps['events'];
  storage: Pick<ActivitiesDeps['storage'], 'removeOwned' | 'purge'>;
  members: Pick<MembersService, 'findMany' | 'actorFor'>;
  groups: Pick<GroupsService, 'contentGroups'>;
  networks: Pick<NetworksService, 'get'>;
  appointments: Pick<AppointmentsService, 'load'>;
};

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

type SourcePost = {
  networkId: string;
  actorId: string | null;
  type: string;
  objectId: string | null;
  title: string | null;
  url: string | null;
  date: ActivityRow['date'];
  content: string;
  targets: Target[];
};

/**
 * What other modules' events post to the streams, each in the transaction of its delivery (so
 * that a repeated delivery posts nothing twice):
 *
 * - An appointment saved with `post_to_stream` and stream targets is announced once (type
 *   `appointment`) in those of its streams the member who saved it may post to: when created,
 *   or when an update turns the posting on while no announcement exists. Later updates keep the
 *   announcement's title and time in step; turning the posting off keeps what was posted (it
 *   may have replies). A deleted appointment (or series) takes its announcement with it, as its
 *   link would lead nowhere; an occurrence deleted alone does not.
 * - A member joining an open group by themselves is a short note in the group's stream, when the
 *   network's `activity_on_group_join` setting is on.
 */
export function activitySourceProcessors(deps: ActivitySourceDeps, activities: ActivitiesService): Processor[] {
  const { repository } = activities;

  async function announcementOf(networkId: string, appointmentId: string, tx: Db = deps.db) {
    const [row] = await tx
      .select()
      .from(activitiesTable)
      .where(
        and(
          eq(activitiesTable.networkId, networkId),
          eq(activitiesTable.type, 'appointment'),
          eq(activitiesTable.objectId, appointmentId),
        ),
      )
      .limit(1);
    return row;
  }

  async function post(tx: Db, { targets, ...input }: SourcePost): Promise<void> {
    await activities.insertModulePost(tx, input, targets);
  }

  /** The member an event names as its actor, as an actor (null: gone, or no member). */
  async function actorOf(networkId: string, membershipId: string | null) {
    if (!membershipId) return null;
    const [member] = await deps.members.findMany(networkId, [membershipId]);
    return member && !member.lockedAt ? { member, actor: deps.members.actorFor(member, '', null) } : null;
  }

  async function appointmentSaved(event: StoredEvent, context: ProcessorContext): Promise<void> {
    // An occurrence changed on its own is not announced again.
    if (event.changes.occurrence_key) return;
    const { networkId } = event;
    const appointmentId = event.subject.id;
    const existing = await announcementOf(networkId, appointmentId);
    const saver = await actorOf(networkId, event.actorId);
    if (!saver) return;
    let loaded;
    try {
      loaded = await deps.appointments.load(saver.actor, appointmentId);
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 404) return;
      throw error;
    }
    const appointment = loaded.row;
    const date = {
      start: appointment.startsAt.toISOString(),
      end: (appointment.endsAt ?? appointment.startsAt).toISOString(),
      all_day: appointment.allDay,
    };
    if (existing) {
      // Announced already: its title and time follow the appointment.
      if (existing.title === appointment.name && JSON.stringify(existing.date) === JSON.stringify(date)) return;
      const targets = await repository.targetsOf([existing.id]);
      await context.transaction(async (tx) => {
        await repository.updateActivity(tx, existing.id, { title: appointment.name, date });
        // Pages showing it and the search index hear of the new title.
        await deps.events.record(tx, {
          networkId,
          type: ACTIVITY_EVENTS.updated,
          actorId: saver.member.id,
          subject: { type: 'activity', id: existing.id },
          changes: { ...targetChanges(targets), mentioned_ids: [] },
        });
      });
      return;
    }
    if (!appointment.postToStream || appointment.activitystreamIds.length === 0) return;
    const access = await activities.access.load(saver.actor);
    const streamIds = [...new Set(appointment.activitystreamIds)].filter((id) => postsTo(access, id));
    if (streamIds.length === 0) return;
    await context.transaction(async (tx) => {
      // Checked again in the transaction: two saves in a row announce once.
      if (await announcementOf(networkId, appointmentId, tx)) return;
      await post(tx, {
        networkId,
        actorId: saver.member.id,
        type: 'appointment',
        objectId: appointmentId,
        title: appointment.name,
        url: `/appointments/${appointmentId}`,
        date,
        content: appointment.description,
        targets: streamIds.map((id) => ({ streamId: id, groupId: access.groups.has(id) ? id : null })),
      });
    });
  }

  async function appointmentDestroyed(event: StoredEvent, context: ProcessorContext): Promise<void> {
    if (event.changes.occurrence_key) return;
    const { networkId } = event;
    const existing = await announcementOf(networkId, event.subject.id);
    if (!existing) return;
    const targets = await repository.targetsOf([existing.id]);
    const removed: StoredObjectRow[] = [];
    await context.transaction(async (tx) => {
      const replyIds = await repository.replyIdsOf(tx, existing.id);
      removed.push(
        ...(await deps.storage.removeOwned(
          networkId,
          { type: ACTIVITY_REPLY_OWNER, ids: replyIds },
          { db: tx, actorId: event.actorId },
        )),
      );
      await repository.deleteActivity(tx, existing.id);
      await deps.events.record(tx, {
        networkId,
        type: ACTIVITY_EVENTS.destroyed,
        actorId: event.actorId,
        subject: { type: 'activity', id: existing.id },
        changes: {
          ...targetChanges(targets),
          author_id: existing.actorId,
        },
      });
    });
    context.afterCommit(() => deps.storage.purge(removed));
  }

  async function groupJoined(event: StoredEvent, context: ProcessorContext): Promise<void> {
    if (event.changes.via !== 'open') return;
    const { networkId } = event;
    const network = await deps.networks.get(networkId);
    const settings = networkSettingsSchema.parse(network?.settings ?? {});
    if (!settings.activity_on_group_join) return;
    const joined = await actorOf(
      networkId,
      typeof event.changes.membership_id === 'string' ? event.changes.membership_id : null,
    );
    if (!joined) return;
    const [group] = await deps.groups.contentGroups(joined.actor, [event.subject.id]);
    if (!group || group.access !== 'open' || group.archived || group.role === null) return;
    const t = translator(network?.language ?? 'de');
    const text = t('notifications:activity_posts.group_joined', {
      name: memberName(joined.member),
      group: group.name,
    });
    await context.transaction(async (tx) => {
      await post(tx, {
        networkId,
        actorId: joined.member.id,
        type: 'note',
        objectId: null,
        title: null,
        url: null,
        date: null,
        content: `<p>${escapeHtml(text)}</p>`,
        targets: [{ streamId: group.id, groupId: group.id }],
      });
    });
  }

  return [
    {
      name: 'activities.appointment-announcements',
      types: [APPOINTMENT_EVENT_TYPES.created, APPOINTMENT_EVENT_TYPES.updated],
      handle: appointmentSaved,
    },
    {
      name: 'activities.appointment-announcements-removed',
      types: [APPOINTMENT_EVENT_TYPES.destroyed],
      handle: appointmentDestroyed,
    },
    { name: 'activities.group-join-posts', types: [GROUP_MEMBERSHIP_EVENTS.joined], handle: groupJoined },
  ];
}
