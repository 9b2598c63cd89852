import { sql } from 'drizzle-orm';
import type { Processor, ProcessorContext, StoredEvent } from '../../platform/events/index.ts';
import { localeFor, translator } from '../../platform/i18n/index.ts';
import type { MailJob } from '../../platform/mail/mailer.ts';
import { memberName } from '../members/index.ts';
import type { MessagesDeps } from './deps.ts';
import { MESSAGE_EVENTS } from './events.ts';
import type { MessagesRepository } from './repository.ts';
import type { DirectMessageRow } from './tables.ts';
import type { MessageUnreads } from './unreads.ts';

const idsOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/** The mail telling of a new message, in the recipient's language; the body only where the network allows. */
function messageMail(locale: string, input: { actor: string; subject: string; body: string | null; url: string }) {
  const t = translator(locale);
  const subject = input.subject || t('notifications:direct_message_mail.no_subject');
  return {
    subject: t('notifications:direct_message_mail.subject', { actor: input.actor, subject }),
    paragraphs: [
      t('notifications:direct_message_mail.sent', { actor: input.actor, subject }),
      ...(input.body ? [input.body] : []),
    ],
    action: { label: t('notifications:direct_message_mail.action'), url: input.url },
    closing: [],
  };
}

/** What this module does when its events happen: deliver to groups and all, tell recipients, push counts. */
export function messageProcessors(
  deps: MessagesDeps,
  repository: MessagesRepository,
  unreads: MessageUnreads,
  settingsOf: (networkId: string) => Promise<{ notifications_send_direct_message_body: boolean; language?: string }>,
): Processor[] {
  /** The members a group or the whole network gives a message, as a subquery of ids. */
  function audiences(message: DirectMessageRow, groupIds: string[], toAll: boolean) {
    const names = deps.members.namesSubquery(message.networkId);
    const active = sql`select ${names.id} as id from ${names} where ${names.kind} = 'member'`;
    return [
      ...groupIds.map((groupId) => ({
        groupId,
        members: sql`select ${names.id} as id from ${names} where ${names.kind} = 'member' and ${names.id} in (${deps.groups.memberIdsQuery(groupId)})`,
      })),
      ...(toAll ? [{ groupId: null, members: active }] : []),
    ];
  }

  async function deliver(event: StoredEvent, context: ProcessorContext): Promise<void> {
    const { networkId } = event;
    const message = await repository.byId(networkId, event.subject.id);
    if (!message) return;
    const groupIds = idsOf(event.changes.group_ids);
    const toAll = event.changes.to_all === true;
    const expands = message.expandedAt === null && (groupIds.length > 0 || toAll);

    // Read before the transaction (inside it only its `tx` may be used): who will hold a copy, and their mails.
    const expected = new Set(await repository.recipientIds(message.id));
    if (expands) {
      for (const { members } of audiences(message, groupIds, toAll)) {
        for (const id of await repository.idsOf(members)) if (id !== message.authorId) expected.add(id);
      }
    }
    const recipientIds = [...expected];
    const settings = await settingsOf(networkId);
    const [[author], network, addresses] = await Promise.all([
      deps.members.findMany(networkId, [message.authorId]),
      deps.networks.get(networkId),
      deps.memberSettings.mailAddresses(networkId, recipientIds, 'notification', message.authorId),
    ]);
    const actor = author ? memberName(author) : '';
    const body = settings.notifications_send_direct_message_body ? message.plainContent : null;
    const url = `${deps.publicUrl}/messages/${message.id}`;
    // One rendering per language, addressed to each recipient.
    const rendered = new Map<string, MailJob>();
    const mails: MailJob[] = [];
    for (const id of event.changes.send_email === false ? [] : recipientIds) {
      const address = addresses.get(id);
      if (!address) continue;
      const locale = localeFor(address.locale, network?.language);
      let job = rendered.get(locale);
      if (!job) {
        const content = messageMail(locale, { actor, subject: message.subject, body, url });
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
      if (expands) {
        for (const { groupId, members } of audiences(message, groupIds, toAll)) {
          await repository.expandRecipients(tx, message, members, groupId);
        }
        const recipientCount = await repository.finishExpansion(tx, message.id);
        await deps.events.record(tx, {
          networkId,
          type: MESSAGE_EVENTS.delivered,
          actorId: message.authorId,
          subject: { type: 'direct_message', id: message.id },
          changes: { recipient_count: recipientCount },
        });
      }
      await deps.notifications.notify(
        {
          networkId,
          recipientIds,
          type: 'direct_message',
          actorId: message.authorId,
          subject: {
            type: 'direct_message',
            id: message.id,
            title: message.subject || message.plainContent.slice(0, 80),
            path: `/messages/${message.id}`,
          },
          at: message.createdAt,
        },
        { tx, afterCommit: context.afterCommit },
      );
      await deps.mailer.enqueue(mails, tx);
    });
    context.afterCommit(() => unreads.push(networkId, recipientIds));
  }

  return [
    { name: 'messages.deliver', types: [MESSAGE_EVENTS.sent], handle: deliver },
    {
      // Pushes only: counts are read anew, so pushing twice does no harm.
      name: 'messages.unreads',
      types: [MESSAGE_EVENTS.marked, MESSAGE_EVENTS.deleted],
      handle: async (event, context) => {
        if (!event.actorId) return;
        await unreads.push(event.networkId, [event.actorId]);
        // The bell's notice of a message read or deleted is done with too.
        const changes = event.changes as { message_ids?: string[]; read?: boolean; copy?: string };
        const done = event.type === MESSAGE_EVENTS.deleted ? changes.copy === 'inbox' : changes.read === true;
        if (!done || !changes.message_ids?.length) return;
        await context.transaction((tx) =>
          deps.notifications.markReadAbout(
            {
              networkId: event.networkId,
              recipientId: event.actorId!,
              subject: { type: 'direct_message', ids: changes.message_ids! },
            },
            { tx, afterCommit: context.afterCommit },
          ),
        );
      },
    },
  ];
}
