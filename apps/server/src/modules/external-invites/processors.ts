import { convert } from 'html-to-text';
import { HttpError } from '../../platform/errors.ts';
import type { Processor, StoredEvent } from '../../platform/events/index.ts';
import { localeFor, translator } from '../../platform/i18n/index.ts';
import type { MailJob } from '../../platform/mail/mailer.ts';
import { newToken } from './create.ts';
import type { ExternalInvitesDeps } from './deps.ts';
import { EXTERNAL_INVITE_EVENTS, MEMBERSHIP_CREATED } from './events.ts';
import type { ExternalInviteRow, ExternalInvitesRepository } from './repository.ts';

const idsOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/** Stands for the token while a mail is rendered: letters only, so no escaping changes it. */
const LINK_MARKER = 'INVITATIONTOKENMARKER';

/** Where the invited person answers (a page of the web app). */
export const INVITATION_PATH = '/invitations';

/** The body as the author wrote it, in paragraphs; HTML (from the rich text editor) as its text. */
function paragraphsOf(body: string): string[] {
  const text = /<[a-z][^>]*>/i.test(body) ? convert(body, { wordwrap: false }) : body;
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

export function externalInviteProcessors(
  deps: ExternalInvitesDeps,
  repository: ExternalInvitesRepository,
): Processor[] {
  /**
   * New and renewed invites get a new token, and their mail with its link: the token is made
   * here, never kept in an event, and commits together with the queued mails.
   */
  async function mailInvites(event: StoredEvent, context: Parameters<Processor['handle']>[1]): Promise<void> {
    if (event.changes.send_email === false) return;
    const { networkId } = event;
    const [invites, network] = await Promise.all([
      repository.byIds(networkId, idsOf(event.changes.invite_ids)),
      deps.networks.get(networkId),
    ]);
    // Only those still open: one revoked meanwhile gets no mail.
    const open = invites.filter((i) => i.status === 'open');
    if (open.length === 0) return;
    const locale = localeFor(null, network?.language);
    const t = translator(locale);
    const tokens: Array<{ id: string; tokenHash: string }> = [];
    const mails: MailJob[] = [];
    // The mails of one subject and text differ only in their link: each is rendered once (with
    // the imprint read once), and every invite's link put in place of a marker.
    const rendered = new Map<string, MailJob>();
    for (const invite of open) {
      const { token, hash } = newToken();
      tokens.push({ id: invite.id, tokenHash: hash });
      const key = JSON.stringify([invite.subject, invite.body]);
      let mail = rendered.get(key);
      if (!mail) {
        mail = await deps.mailer.prepare({
          networkId,
          networkName: network?.name,
          to: invite.email,
          locale,
          subject: invite.subject,
          paragraphs: paragraphsOf(invite.body),
          action: { label: t('invitations:mail.action'), url: `${deps.publicUrl}${INVITATION_PATH}/${LINK_MARKER}` },
          closing: [t('invitations:mail.hint')],
        });
        rendered.set(key, mail);
      }
      mails.push({
        ...mail,
        to: invite.email,
        text: mail.text.replaceAll(LINK_MARKER, token),
        html: mail.html.replaceAll(LINK_MARKER, token),
      });
    }
    await context.transaction(async (tx) => {
      await repository.setTokenHashes(tx, tokens);
      await deps.mailer.enqueue(mails, tx);
    });
  }

  /** The new member joins the invite's groups (each a join by invitation, recording `group.joined`). */
  async function joinGroups(event: StoredEvent): Promise<void> {
    const membershipId = event.changes.membership_id;
    if (typeof membershipId !== 'string') return;
    const member = await deps.members.find(event.networkId, membershipId);
    if (!member) return;
    const actor = deps.members.actorFor(member, 'invitation', null);
    for (const groupId of idsOf(event.changes.group_ids)) {
      try {
        await deps.groups.join(actor, groupId, { via: 'invite' });
      } catch (err) {
        // A group archived or deleted since the invitation is left out; anything else is retried.
        if (!(err instanceof HttpError) || err.statusCode >= 500) throw err;
      }
    }
  }

  /** However someone became a member, their other open invitations to the network are settled. */
  async function settleOthers(event: StoredEvent, context: Parameters<Processor['handle']>[1]): Promise<void> {
    const membershipId = event.subject.id;
    const address = (await deps.accounts.mailAddresses(event.networkId, [membershipId])).get(membershipId);
    if (!address) return;
    await context.transaction((tx): Promise<ExternalInviteRow[]> =>
      repository.setStatus(tx, { networkId: event.networkId, email: address.email, from: ['open'] }, 'joined', {
        membershipId,
      }),
    );
  }

  return [
    {
      name: 'external-invites.mail',
      types: [EXTERNAL_INVITE_EVENTS.created, EXTERNAL_INVITE_EVENTS.renewed],
      handle: mailInvites,
    },
    { name: 'external-invites.join-groups', types: [EXTERNAL_INVITE_EVENTS.accepted], handle: joinGroups },
    { name: 'external-invites.settle', types: [MEMBERSHIP_CREATED], handle: settleOthers },
  ];
}
