import { defineModule } from '../../platform/loader/index.ts';
import type { AccountsService } from '../accounts/index.ts';
import type { MemberSettingsService } from '../member-settings/index.ts';
import type { MembersService } from '../members/index.ts';
import type { NetworksService } from '../networks/index.ts';
import { birthdayMailRoutes } from './routes.ts';
import { BIRTHDAY_MAILS_EVERY, BIRTHDAY_MAILS_QUEUE, createBirthdayMailsService } from './service.ts';

type Needs = {
  networks: NetworksService;
  accounts: AccountsService;
  members: MembersService;
  memberSettings: MemberSettingsService;
};

/** Birthday mails to members (the network's birthday_emails settings): daily, and the administrator's test mail. */
export const birthdayMailsModule = defineModule({
  name: 'birthdayMails',
  needs: ['networks', 'accounts', 'members', 'memberSettings'],
  create: (platform, needs: Needs) => {
    const service = createBirthdayMailsService({
      ...needs,
      mailer: platform.mailer,
      events: platform.events,
      publicUrl: platform.config.publicUrl,
    });
    platform.jobs.every(BIRTHDAY_MAILS_QUEUE, BIRTHDAY_MAILS_EVERY, async (day) => {
      await service.sendForDay(day);
    });
    return service;
  },
  routes: (_service, needs: Needs, platform) => [
    birthdayMailRoutes({ ...needs, mailer: platform.mailer, publicUrl: platform.config.publicUrl }),
  ],
});
