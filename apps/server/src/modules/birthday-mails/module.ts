import { defineModule } from '../../platform/loader/index.ts';
import type { AccountsService } from '../accounts/index.ts';
import type { MembersService } from '../members/index.ts';
import type { NetworksService } from '../networks/index.ts';
import { birthdayMailRoutes } from './routes.ts';

type Needs = { networks: NetworksService; accounts: AccountsService; members: MembersService };

/** Birthday mails to members (the network's birthday_emails settings); for now the administrator's test mail. */
export const birthdayMailsModule = defineModule({
  name: 'birthdayMails',
  needs: ['networks', 'accounts', 'members'],
  create: () => ({}),
  routes: (_service, needs: Needs, platform) => [
    birthdayMailRoutes({ ...needs, mailer: platform.mailer, publicUrl: platform.config.publicUrl }),
  ],
});
