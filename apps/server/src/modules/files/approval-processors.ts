import type { Processor, ProcessorContext, StoredEvent } from '../../platform/events/index.ts';
import { localeFor, translator } from '../../platform/i18n/index.ts';
import type { MailJob } from '../../platform/mail/mailer.ts';
import { memberName } from '../members/index.ts';
import type { ApprovalDeps } from './approval-deps.ts';
import { FILE_EVENTS } from './events.ts';

/**
 * The author of a pending version hears that it was approved or declined: a notification
 * linking the file and a mail in their language (as every notice of a decision is mailed).
 */
export function approvalProcessors(
  deps: Pick<ApprovalDeps, 'members' | 'networks' | 'memberSettings' | 'mailer' | 'notifications' | 'publicUrl'>,
): Processor[] {
  async function tellAuthor(event: StoredEvent, context: ProcessorContext): Promise<void> {
    const authorId = typeof event.changes.author_id === 'string' ? event.changes.author_id : null;
    if (!authorId || authorId === event.actorId) return;
    const approved = event.type === FILE_EVENTS.pendingVersionApproved;
    const file = typeof event.changes.name === 'string' ? event.changes.name : '';
    const path = `/files/${event.subject.id}`;
    const [[actor], [author], network, addresses] = await Promise.all([
      deps.members.findMany(event.networkId, event.actorId ? [event.actorId] : []),
      deps.members.findMany(event.networkId, [authorId]),
      deps.networks.get(event.networkId),
      deps.memberSettings.mailAddresses(event.networkId, [authorId], 'notification'),
    ]);
    if (!author || author.lockedAt || author.deletedAt || author.kind !== 'member') return;
    const actorName = actor ? memberName(actor) : '';
    // Rendered before the transaction: inside it only its `tx` may be used.
    const mails: MailJob[] = [];
    const address = addresses.get(authorId);
    if (address) {
      const locale = localeFor(address.locale, network?.language);
      const t = translator(locale);
      const key = approved ? 'approved' : 'declined';
      mails.push(
        await deps.mailer.prepare({
          networkId: event.networkId,
          networkName: network?.name,
          to: address.email,
          locale,
          subject: t(`notifications:file_pending_version_mail.subject_${key}`, { file }),
          paragraphs: [t(`notifications:file_pending_version_mail.${key}`, { actor: actorName, file })],
          action: { label: t('notifications:file_pending_version_mail.action'), url: `${deps.publicUrl}${path}` },
          closing: [],
        }),
      );
    }
    await context.transaction(async (tx) => {
      await deps.notifications.notify(
        {
          networkId: event.networkId,
          recipientIds: [authorId],
          type: approved ? 'file_pending_version_approved' : 'file_pending_version_declined',
          actorId: event.actorId,
          subject: { type: 'file', id: event.subject.id, title: file, path },
          at: event.createdAt,
        },
        { tx, afterCommit: context.afterCommit },
      );
      if (mails.length > 0) await deps.mailer.enqueue(mails, tx);
    });
  }

  return [
    {
      name: 'files.pending_version_decided',
      types: [FILE_EVENTS.pendingVersionApproved, FILE_EVENTS.pendingVersionDeclined],
      handle: tellAuthor,
    },
  ];
}
