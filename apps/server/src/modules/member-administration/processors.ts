import type { Processor } from '../../platform/events/index.ts';
import { localeFor } from '../../platform/i18n/index.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { AccountsService } from '../accounts/index.ts';
import {
  MEMBERSHIP_CREATED,
  MEMBERSHIP_DESTROYED,
  MEMBERSHIP_LOCKED,
  memberName,
  type MembersService,
} from '../members/index.ts';
import type { NetworksService } from '../networks/index.ts';
import type { Anonymizer } from './anonymize.ts';
import { welcomeMail } from './mails.ts';

export const WELCOME_MAIL_PROCESSOR = 'member-administration.welcome-mail';
export const SESSIONS_END_PROCESSOR = 'member-administration.end-sessions';
export const ANONYMIZE_PROCESSOR = 'member-administration.anonymize-locked';

export type MemberAdministrationProcessorDeps = {
  anonymizer: Pick<Anonymizer, 'onLocked'>;
  accounts: AccountsService;
  members: Pick<MembersService, 'find'>;
  networks: Pick<NetworksService, 'get'>;
  mailer: Pick<Mailer, 'prepare' | 'enqueue'>;
};

type CreatedChanges = { via?: string; send_welcome_mail?: boolean };

export function memberAdministrationProcessors(deps: MemberAdministrationProcessorDeps): Processor[] {
  return [
    {
      // A member an administrator made with the welcome mail: the mail and its password link,
      // written together in the processor's transaction.
      name: WELCOME_MAIL_PROCESSOR,
      types: [MEMBERSHIP_CREATED],
      async handle(event, { transaction }) {
        const changes = event.changes as CreatedChanges;
        if (changes.via !== 'administration' || changes.send_welcome_mail !== true) return;
        const membership = await deps.members.find(event.networkId, event.subject.id);
        if (!membership || membership.deletedAt) return;
        const [network, accounts, actor] = await Promise.all([
          deps.networks.get(event.networkId),
          deps.accounts.administration.accounts([membership.userId]),
          event.actorId ? deps.members.find(event.networkId, event.actorId) : undefined,
        ]);
        const account = accounts.get(membership.userId);
        if (!network || !account) return;
        const locale = localeFor(account.locale, network.language);
        const link = deps.accounts.administration.passwordLink(membership.userId);
        const mail = await deps.mailer.prepare({
          networkId: network.id,
          networkName: network.name,
          to: account.email,
          locale,
          ...welcomeMail(locale, {
            name: memberName(membership),
            actor: actor ? memberName(actor) : network.name,
            network: network.name,
            email: account.email,
            link: link.url,
          }),
        });
        await transaction(async (tx) => {
          await link.store(tx);
          await deps.mailer.enqueue([mail], tx);
        });
      },
    },
    {
      // A locked or deleted member's sessions end, and with them their live connections on every
      // process; a deleted member's account goes when no membership is left to it.
      name: SESSIONS_END_PROCESSOR,
      types: [MEMBERSHIP_LOCKED, MEMBERSHIP_DESTROYED],
      async handle(event) {
        const userId = (event.changes as { user_id?: string }).user_id;
        if (!userId) return;
        await deps.accounts.administration.endSessions(event.networkId, userId);
        if (event.type === MEMBERSHIP_DESTROYED) await deps.accounts.administration.removeIfUnused(userId);
      },
    },
    {
      // A network that anonymizes at once: the member loses name and personal data when locked.
      name: ANONYMIZE_PROCESSOR,
      types: [MEMBERSHIP_LOCKED],
      async handle(event) {
        await deps.anonymizer.onLocked(event.networkId, event.subject.id, event.actorId);
      },
    },
  ];
}
