import {
  ACTIVITY_ERROR_KEYS as KEYS,
  ERROR_KEYS,
  type Activity,
  type CircularLetterAcknowledgements,
  type circularLetterBodySchema,
} from '@agora/contracts';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { newId } from '../../platform/db/ids.ts';
import { forbidden, notFound, unprocessable } from '../../platform/errors.ts';
import type { Processor, ProcessorContext, StoredEvent } from '../../platform/events/index.ts';
import { localeFor, translator } from '../../platform/i18n/index.ts';
import type { Mailer, MailJob } from '../../platform/mail/mailer.ts';
import type { Actor } from '../../platform/policy/index.ts';
import type { AccountsService } from '../accounts/index.ts';
import type { MemberSettingsService } from '../member-settings/index.ts';
import { memberName, type MembersService } from '../members/index.ts';
import type { GroupsService } from '../groups/index.ts';
import type { Target } from './access.ts';
import type { ActivitiesDeps } from './deps.ts';
import { ACTIVITY_EVENTS, ACTIVITY_OWNER } from './events.ts';
import { attachUploads, readContent } from './posting.ts';
import { presentMemberRef } from './present.ts';
import type { ActivitiesService } from './service.ts';
import { administers, mayCreateCircularLetter, seesAcknowledgements } from './circular-letter-info.ts';
import { circularLetterRecipients, circularLetters } from './tables.ts';

export type CircularLetterBodyParsed = z.output<typeof circularLetterBodySchema>['circular_letter'];

/** The domain events of circular letters (besides the `activity.created` of the letter's activity). */
export const CIRCULAR_LETTER_EVENTS = {
  /** `changes.group_ids`, `to_all`: a processor fixes the recipients, then notifies and mails them. */
  sent: 'circular_letter.sent',
  /** The actor acknowledged the letter (`subject`: the activity). */
  acknowledged: 'circular_letter.acknowledged',
} as const;

export type CircularLetterDeps = ActivitiesDeps & {
  members: Pick<MembersService, 'findMany' | 'namesSubquery'>;
  groups: Pick<GroupsService, 'contentGroups' | 'setMembershipFlag' | 'memberIdsQuery'>;
  accounts: Pick<AccountsService, 'mailAddresses'>;
  /** Whom optional mail may reach, by their mail settings and bounced addresses. */
  memberSettings: Pick<MemberSettingsService, 'mailAddresses'>;
  mailer: Pick<Mailer, 'prepare' | 'enqueue'>;
  publicUrl: string;
};

type LetterRow = typeof circularLetters.$inferSelect;

export { mayCreateCircularLetter };

/** The mail of a circular letter, in the recipient's language, with its text and a link to acknowledge it. */
function letterMail(locale: string, input: { actor: string; subject: string; body: string; url: string }) {
  const t = translator(locale);
  return {
    subject: t('notifications:circular_letter_mail.subject', { actor: input.actor, subject: input.subject }),
    paragraphs: [
      t('notifications:circular_letter_mail.sent', { actor: input.actor, subject: input.subject }),
      input.body,
    ],
    action: { label: t('notifications:circular_letter_mail.action'), url: input.url },
    closing: [],
  };
}

const idsOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/**
 * Circular letters: a post of a network administrator (to groups or everyone) or a group
 * administrator (to their groups) in the groups' streams or the network's, whose recipients (the
 * members at sending time) are mailed and notified and acknowledge having read it.
 */
export function createCircularLetters(deps: CircularLetterDeps, activities: ActivitiesService) {
  const { db } = deps;
  const { repository } = activities;

  async function letterOf(activityId: string): Promise<LetterRow | undefined> {
    const [row] = await db.select().from(circularLetters).where(eq(circularLetters.activityId, activityId)).limit(1);
    return row;
  }

  /** A letter the actor may read: 404 for an activity they cannot read or that is no letter. */
  async function readableLetter(actor: Actor, id: string) {
    const access = await activities.access.load(actor);
    const { row } = await activities.views.loadReadable(access, id);
    const letter = row.circularLetter ? await letterOf(id) : undefined;
    if (!letter) throw notFound();
    return { access, row, letter };
  }

  /** The members a group or the whole network gives a letter, as subqueries of ids. */
  function audiences(networkId: string, groupIds: string[], toAll: boolean): SQL[] {
    const names = deps.members.namesSubquery(networkId);
    const active = sql`select ${names.id} as id from ${names} where ${names.kind} = 'member'`;
    if (toAll) return [active];
    return groupIds.map(
      (groupId) =>
        sql`select ${names.id} as id from ${names} where ${names.kind} = 'member' and ${names.id} in (${deps.groups.memberIdsQuery(groupId)})`,
    );
  }

  async function deliver(event: StoredEvent, context: ProcessorContext): Promise<void> {
    const { networkId } = event;
    const activityId = event.subject.id;
    const [[row], letter] = await Promise.all([repository.byIds(networkId, [activityId]), letterOf(activityId)]);
    if (!row || !letter) return;
    const groupIds = idsOf(event.changes.group_ids);
    const toAll = event.changes.to_all === true;
    const members = audiences(networkId, groupIds, toAll);

    // Read before the transaction: who will receive it, and their mails.
    const recipients = new Set<string>();
    for (const query of members) {
      const { rows } = (await db.execute(sql`select id from (${query}) m`)) as unknown as {
        rows: Array<{ id: string }>;
      };
      for (const r of rows) if (r.id !== row.actorId) recipients.add(r.id);
    }
    const recipientIds = [...recipients];
    const [authors, network, addresses] = await Promise.all([
      row.actorId ? deps.members.findMany(networkId, [row.actorId]) : Promise.resolve([]),
      deps.networks.get(networkId),
      deps.memberSettings.mailAddresses(networkId, recipientIds, 'notification'),
    ]);
    const actor = authors[0] ? memberName(authors[0]) : '';
    const url = `${deps.publicUrl}/activities/${row.id}`;
    const rendered = new Map<string, MailJob>();
    const mails: MailJob[] = [];
    for (const id of event.changes.send_email === false ? [] : recipientIds) {
      const address = addresses.get(id);
      if (!address) continue;
      const locale = localeFor(address.locale, network?.language);
      let job = rendered.get(locale);
      if (!job) {
        const content = letterMail(locale, { actor, subject: letter.subject, body: row.plainContent, url });
        job = await deps.mailer.prepare({
          networkId,
          networkName: network?.name,
          to: address.email,
          locale,
          ...content,
        });
        rendered.set(locale, job);
      }
      mails.push({ ...job, to: address.email });
    }

    await context.transaction(async (tx) => {
      // One statement per group (or one for everyone): the members as they are now.
      for (const query of members) {
        await tx.execute(sql`
          insert into ${circularLetterRecipients} (activity_id, membership_id, network_id)
          select ${row.id}, m.id, ${networkId} from (${query}) m
          where m.id is distinct from ${row.actorId}
          on conflict do nothing`);
      }
      await tx
        .update(circularLetters)
        .set({
          recipientCount: sql`(select count(*)::int from ${circularLetterRecipients} where activity_id = ${row.id})`,
        })
        .where(eq(circularLetters.activityId, row.id));
      await deps.notifications.notify(
        {
          networkId,
          recipientIds,
          type: 'circular_letter',
          actorId: row.actorId,
          subject: { type: 'activity', id: row.id, title: letter.subject, path: `/activities/${row.id}` },
          at: row.createdAt,
        },
        { tx, afterCommit: context.afterCommit },
      );
      await deps.mailer.enqueue(mails, tx);
    });
  }

  return {
    /** `POST /api/v1/circular_letters`: answers the letter's activity as its sender sees it. */
    async send(
      actor: Actor,
      body: CircularLetterBodyParsed,
      // The demo's letter is not mailed, and was written days before.
      options: { sendEmail?: boolean; at?: Date } = {},
    ): Promise<Activity> {
      const access = await activities.access.load(actor);
      if (!mayCreateCircularLetter(access)) throw forbidden();
      const subject = body.subject.trim();
      const read = readContent(body.content);
      const groupIds = body.to_all_network_members ? [] : [...new Set(body.group_ids)];
      const errors: Record<string, string[]> = {};
      if (!subject) errors.subject = [ERROR_KEYS.required];
      if (!read.plain && body.files.length === 0 && body.images.length === 0) errors.content = [KEYS.contentEmpty];
      if (body.to_all_network_members) {
        if (!actor.isNetworkAdmin) errors.to_all_network_members = [KEYS.streamNotAllowed];
      } else if (groupIds.length === 0) {
        errors.group_ids = [KEYS.recipientsEmpty];
      } else if (
        groupIds.some((id) => {
          const group = access.groups.get(id);
          return !group || group.archived || (!actor.isNetworkAdmin && !administers(access, id));
        })
      ) {
        errors.group_ids = [KEYS.streamNotAllowed];
      }
      if (Object.keys(errors).length > 0) throw unprocessable(errors);
      const networkStream = access.networkStreams[0];
      if (body.to_all_network_members && !networkStream)
        throw unprocessable({ to_all_network_members: [KEYS.streamNotAllowed] });
      const targets: Target[] = body.to_all_network_members
        ? [{ streamId: networkStream!.id, groupId: null }]
        : groupIds.map((id) => ({ streamId: id, groupId: id }));
      const mentioned = read.mentions.memberIds.length
        ? (await deps.members.findMany(actor.networkId, read.mentions.memberIds)).map((m) => m.id)
        : [];

      const id = await deps.events.transaction(async (tx) => {
        const id = newId(options.at?.getTime());
        const row = await repository.insertActivity(tx, {
          id,
          networkId: actor.networkId,
          actorId: actor.membershipId,
          type: 'note',
          content: read.content,
          plainContent: read.plain,
          linkUrl: read.link,
          circularLetter: true,
          ...(options.at ? { createdAt: options.at, updatedAt: options.at } : {}),
        });
        await repository.insertTargets(
          tx,
          targets.map((t) => ({
            ...t,
            activityId: id,
            networkId: actor.networkId,
            actorId: actor.membershipId,
            type: 'note',
          })),
        );
        await tx.insert(circularLetters).values({
          activityId: id,
          networkId: actor.networkId,
          subject,
          toAll: body.to_all_network_members,
          groupIds,
          ...(options.at ? { createdAt: options.at } : {}),
        });
        await attachUploads(deps, tx, actor, { type: ACTIVITY_OWNER, id }, body.files, body.images);
        await repository.setMentions(tx, actor.networkId, id, id, mentioned);
        await deps.events.record(tx, {
          networkId: actor.networkId,
          type: ACTIVITY_EVENTS.created,
          actorId: actor.membershipId,
          subject: { type: 'activity', id },
          changes: {
            stream_ids: targets.map((t) => t.streamId),
            group_ids: groupIds,
            network: body.to_all_network_members,
            type: row.type,
            mentioned_ids: mentioned,
            circular_letter: true,
          },
        });
        await deps.events.record(tx, {
          networkId: actor.networkId,
          type: CIRCULAR_LETTER_EVENTS.sent,
          actorId: actor.membershipId,
          subject: { type: 'activity', id },
          changes: {
            subject,
            group_ids: groupIds,
            to_all: body.to_all_network_members,
            send_email: options.sendEmail ?? true,
          },
        });
        return id;
      });
      return activities.show(actor, id);
    },

    /** `POST /api/v1/activities/{id}/acknowledge`: a recipient marks the letter read; again is a no-op. */
    async acknowledge(actor: Actor, id: string, options: { at?: Date } = {}): Promise<void> {
      const { letter } = await readableLetter(actor, id);
      const [copy] = await db
        .select()
        .from(circularLetterRecipients)
        .where(
          and(
            eq(circularLetterRecipients.activityId, id),
            eq(circularLetterRecipients.membershipId, actor.membershipId),
          ),
        )
        .limit(1);
      if (!copy) throw forbidden();
      if (copy.acknowledgedAt) return;
      await deps.events.transaction(async (tx) => {
        const changed = await tx
          .update(circularLetterRecipients)
          .set({ acknowledgedAt: options.at ?? new Date() })
          .where(
            and(
              eq(circularLetterRecipients.activityId, id),
              eq(circularLetterRecipients.membershipId, actor.membershipId),
              isNull(circularLetterRecipients.acknowledgedAt),
            ),
          )
          .returning({ id: circularLetterRecipients.membershipId });
        if (changed.length === 0) return;
        await tx
          .update(circularLetters)
          .set({ acknowledgedCount: sql`${circularLetters.acknowledgedCount} + 1` })
          .where(eq(circularLetters.activityId, id));
        await deps.events.record(tx, {
          networkId: actor.networkId,
          type: CIRCULAR_LETTER_EVENTS.acknowledged,
          actorId: actor.membershipId,
          subject: { type: 'activity', id },
          changes: { subject: letter.subject },
        });
      });
    },

    /** `GET /api/v1/activities/{id}/acknowledgements`: who acknowledged (newest first) and who not yet (by name). */
    async acknowledgements(actor: Actor, id: string): Promise<CircularLetterAcknowledgements> {
      const { access, row, letter } = await readableLetter(actor, id);
      if (!seesAcknowledgements(access, letter, row.actorId)) throw forbidden();
      const copies = await db
        .select()
        .from(circularLetterRecipients)
        .where(eq(circularLetterRecipients.activityId, id));
      const members = new Map(
        (
          await deps.members.findMany(
            actor.networkId,
            copies.map((c) => c.membershipId),
          )
        ).map((m) => [m.id, m]),
      );
      const acknowledged = copies
        .filter((c) => c.acknowledgedAt)
        .sort((a, b) => b.acknowledgedAt!.getTime() - a.acknowledgedAt!.getTime())
        .flatMap((c) => {
          const ref = presentMemberRef(members.get(c.membershipId));
          return ref ? [{ ...ref, acknowledged_at: c.acknowledgedAt!.toISOString() }] : [];
        });
      const pending = copies
        .filter((c) => !c.acknowledgedAt)
        .flatMap((c) => {
          const ref = presentMemberRef(members.get(c.membershipId));
          return ref ? [ref] : [];
        })
        .sort((a, b) => a.name.localeCompare(b.name));
      return { acknowledged, pending };
    },

    processors: [
      { name: 'activities.circular-letter-delivery', types: [CIRCULAR_LETTER_EVENTS.sent], handle: deliver },
    ] satisfies Processor[],
  };
}

export type CircularLetters = ReturnType<typeof createCircularLetters>;
