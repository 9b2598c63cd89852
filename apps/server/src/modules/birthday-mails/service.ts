import type { Events } from '../../platform/events/index.ts';
import { localeFor } from '../../platform/i18n/index.ts';
import type { Mailer, MailJob } from '../../platform/mail/mailer.ts';
import type { AccountsService } from '../accounts/index.ts';
import type { MemberSettingsService } from '../member-settings/index.ts';
import type { MembersService } from '../members/index.ts';
import type { NetworksService } from '../networks/index.ts';
import { birthdayMail } from './mail.ts';

/** The daily run: one job per day for all processes, at 07:00 UTC (morning in Europe). */
export const BIRTHDAY_MAILS_QUEUE = 'birthday-mails.daily';
export const BIRTHDAY_MAILS_EVERY = { seconds: 24 * 60 * 60, offsetSeconds: 7 * 60 * 60 };

export type BirthdayMailsDeps = {
  networks: NetworksService;
  accounts: AccountsService;
  /** Whom optional mail may reach, by their mail settings and bounced addresses. */
  memberSettings: Pick<MemberSettingsService, 'mailAddresses'>;
  members: MembersService;
  mailer: Mailer;
  events: Pick<Events, 'transaction'>;
  publicUrl: string;
};

export type BirthdayMailsService = ReturnType<typeof createBirthdayMailsService>;

export function createBirthdayMailsService(deps: BirthdayMailsDeps) {
  /** The network's birthday mails of `day`, queued together: all or none. */
  async function sendInNetwork(networkId: string, day: Date): Promise<number> {
    const network = await deps.networks.get(networkId);
    if (!network || !deps.networks.config(network).birthday_emails_configurable) return 0;
    const settings = deps.networks.settings(network).birthday_emails;
    if (!settings.enabled) return 0;
    const children = await deps.members.birthdayChildren(networkId, day);
    if (children.length === 0) return 0;
    const addresses = await deps.memberSettings.mailAddresses(
      networkId,
      children.map((member) => member.id),
      'notification',
    );
    const mails: MailJob[] = [];
    for (const member of children) {
      const address = addresses.get(member.id);
      if (!address) continue;
      const locale = localeFor(address.locale, network.language);
      const content = birthdayMail(locale, settings, { firstName: member.firstName, publicUrl: deps.publicUrl });
      mails.push(
        await deps.mailer.prepare({
          networkId,
          networkName: network.name,
          to: address.email,
          locale,
          ...content,
        }),
      );
    }
    await deps.events.transaction((tx) => deps.mailer.enqueue(mails, tx));
    return mails.length;
  }

  return {
    /**
     * Queues the birthday mail (the same as the test mail) to every member whose birthday is on
     * `day`, in each network where the operator allows it and the settings turn it on. The daily
     * job calls it once per day; answers how many mails were queued.
     */
    async sendForDay(day: Date): Promise<number> {
      let queued = 0;
      for (const networkId of await deps.networks.ids()) queued += await sendInNetwork(networkId, day);
      return queued;
    },
  };
}
