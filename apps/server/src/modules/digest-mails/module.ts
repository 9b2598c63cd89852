import { defineModule } from '../../platform/loader/index.ts';
import type { ActivitiesService } from '../activities/index.ts';
import type { AppointmentsService } from '../appointments/index.ts';
import type { GroupsService } from '../groups/index.ts';
import type { IgnoredMembersService } from '../ignored-members/index.ts';
import type { MemberSettingsService } from '../member-settings/index.ts';
import type { MembersService } from '../members/index.ts';
import type { NetworksService } from '../networks/index.ts';
import { createDigestMailsService, DIGEST_MAILS_EVERY, DIGEST_MAILS_QUEUE } from './service.ts';

type Needs = {
  networks: NetworksService;
  members: MembersService;
  memberSettings: MemberSettingsService;
  groups: GroupsService;
  activities: ActivitiesService;
  appointments: AppointmentsService;
  ignoredMembers: IgnoredMembersService;
};

/** The periodic digest and the daily activity mail (the network's digest settings, each member's mail settings). */
export const digestMailsModule = defineModule({
  name: 'digestMails',
  needs: ['networks', 'members', 'memberSettings', 'groups', 'activities', 'appointments', 'ignoredMembers'],
  create: (platform, needs: Needs) => {
    const service = createDigestMailsService({
      ...needs,
      db: platform.db,
      mailer: platform.mailer,
      events: platform.events,
      publicUrl: platform.config.publicUrl,
    });
    platform.jobs.every(DIGEST_MAILS_QUEUE, DIGEST_MAILS_EVERY, async (slot) => {
      await service.runSlot(slot);
    });
    return service;
  },
});
