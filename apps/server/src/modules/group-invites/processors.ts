import type { Processor, ProcessorContext, StoredEvent } from '../../platform/events/index.ts';
import { localeFor, translator } from '../../platform/i18n/index.ts';
import type { MailJob } from '../../platform/mail/mailer.ts';
import { memberName } from '../members/index.ts';
import type { GroupInvitesDeps } from './deps.ts';
import { GROUP_DESTROYED, GROUP_INVITE_EVENTS, GROUP_JOINED } from './events.ts';
import type { GroupInvitesRepository } from './repository.ts';
import type { GroupInviteUnreads } from './unreads.ts';

const idsOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/** Where an invitee answers: the invites page. */
const INVITES_PATH = '/invites';

/** The group invitation mail (`notifications:group_invite_mail`), in the recipient's language. */
function inviteMail(
  locale: string,
  input: { actor: string; group: string; message: string; url: string; renewed: boolean },
) {
  const t = translator(locale);
  const key = input.renewed ? 'reminded' : 'invited';
  return {
    subject: t(`notifications:group_invite_mail.subject`, { group: input.group }),
    paragraphs: [
      t(`notifications:group_invite_mail.${key}`, { actor: input.actor, group: input.group }),
      ...(input.message ? [t('notifications:group_invite_mail.message', { message: input.message })] : []),
    ],
    action: { label: t('notifications:group_invite_mail.action'), url: input.url },
    closing: [t('notifications:group_invite_mail.closing')],
  };
}

/** What this module does when events happen: tell invitees, settle invites, push the counts. */
export function groupInviteProcessors(
  deps: GroupInvitesDeps,
  repository: GroupInvitesRepository,
  unreads: GroupInviteUnreads,
): Processor[] {
  /** A notification and a mail to each invitee of a new or renewed batch. */
  async function announce(event: StoredEvent, context: ProcessorContext): Promise<void> {
    const invitees = idsOf(event.changes.invitee_ids);
    if (invitees.length === 0 || !event.actorId) return;
    const { networkId } = event;
    const renewed = event.type === GROUP_INVITE_EVENTS.renewed;
    const group = typeof event.changes.group_name === 'string' ? event.changes.group_name : '';
    const [[actor], network, addresses] = await Promise.all([
      deps.members.findMany(networkId, [event.actorId]),
      deps.networks.get(networkId),
      deps.memberSettings.mailAddresses(networkId, invitees, 'notification', event.actorId),
    ]);
    const actorName = actor ? memberName(actor) : '';
    // Rendered before the transaction: inside it only its `tx` may be used.
    const invites = await repository.byIds(networkId, idsOf(event.changes.invite_ids));
    const messages = new Map(invites.map((i) => [i.membershipId, i.additionalMessage]));
    const mails: MailJob[] = [];
    for (const id of event.changes.send_email === false ? [] : invitees) {
      const address = addresses.get(id);
      if (!address) continue;
      const locale = localeFor(address.locale, network?.language);
      const content = inviteMail(locale, {
        actor: actorName,
        group,
        message: messages.get(id) ?? '',
        url: `${deps.publicUrl}${INVITES_PATH}`,
        renewed,
      });
      mails.push(
        await deps.mailer.prepare({ networkId, networkName: network?.name, to: address.email, locale, ...content }),
      );
    }
    await context.transaction(async (tx) => {
      await deps.notifications.notify(
        {
          networkId,
          recipientIds: invitees,
          type: renewed ? 'group_invite_renewed' : 'group_invite',
          actorId: event.actorId,
          subject: { type: 'group', id: event.subject.id, title: group, path: INVITES_PATH },
        },
        { tx, afterCommit: context.afterCommit },
      );
      await deps.mailer.enqueue(mails, tx);
    });
    context.afterCommit(() => unreads.push(networkId, invitees));
  }

  return [
    {
      name: 'group-invites.announce',
      types: [GROUP_INVITE_EVENTS.created, GROUP_INVITE_EVENTS.renewed],
      handle: announce,
    },
    {
      // Pushes only: counts are read anew, so pushing twice does no harm.
      name: 'group-invites.unreads',
      types: [GROUP_INVITE_EVENTS.accepted, GROUP_INVITE_EVENTS.declined, GROUP_INVITE_EVENTS.revoked],
      handle: (event) => unreads.push(event.networkId, idsOf(event.changes.invitee_ids)),
    },
    {
      /**
       * However the member joined, their open invites to the group are settled: the one they
       * accepted (`invite_id`) becomes accepted, any other `joined`.
       */
      name: 'group-invites.joined',
      types: [GROUP_JOINED],
      async handle(event, context) {
        const membershipId = await membershipOf(event);
        if (!membershipId) return;
        const inviteId = typeof event.changes.invite_id === 'string' ? event.changes.invite_id : null;
        const changed = await context.transaction(async (tx) => {
          const accepted = inviteId
            ? await repository.setStatus(tx, { ids: [inviteId], membershipId, from: ['open'] }, 'accepted', {
                answeredAt: event.createdAt,
              })
            : [];
          const joined = await repository.setStatus(
            tx,
            { groupId: event.subject.id, membershipId, from: ['open'] },
            'joined',
            { answeredAt: event.createdAt },
          );
          return accepted.length + joined.length;
        });
        if (changed > 0) context.afterCommit(() => unreads.push(event.networkId, [membershipId]));
      },
    },
    {
      name: 'group-invites.group-destroyed',
      types: [GROUP_DESTROYED],
      async handle(event, context) {
        const obsolete = await context.transaction((tx) =>
          repository.setStatus(tx, { groupId: event.subject.id, from: ['open'] }, 'obsolete'),
        );
        context.afterCommit(() =>
          unreads.push(
            event.networkId,
            obsolete.map((r) => r.membershipId),
          ),
        );
      },
    },
  ];

  /** The member who joined: `changes.membership_id` (the member's membership), else the actor. */
  async function membershipOf(event: StoredEvent): Promise<string | null> {
    const named = event.changes.membership_id;
    return typeof named === 'string' ? named : event.actorId;
  }
}
