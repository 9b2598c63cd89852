import type { Services } from '../app.ts';
import type { MembershipRow } from '../modules/members/index.ts';

type Seeded = {
  network: { id: string; name: string };
  memberships: MembershipRow[];
  groups: Array<{ id: string; slug: string; name: string }>;
};

const HOUR_MS = 60 * 60 * 1000;

/**
 * A few notifications for the three demo accounts, some read and some not, so that the header's
 * dropdown and badge show something on the first start; each is read in its reader's language
 * (the messages of `notifications:types`). Member indexes as in demo.ts.
 */
export async function seedDemoNotifications(services: Services, { network, memberships, groups }: Seeded) {
  const member = (i: number) => memberships[i]!;
  const group = (slug: string) => groups.find((g) => g.slug === slug)!;
  const now = Date.now();

  const welcome = (recipient: number, hoursAgo: number) => ({
    recipient,
    hoursAgo,
    type: 'welcome',
    actor: null,
    subject: { type: 'network', id: network.id, title: network.name, path: '/' },
  });
  const addedToGroup = (recipient: number, actor: number, slug: string, hoursAgo: number) => ({
    recipient,
    hoursAgo,
    type: 'group_membership_added',
    actor,
    subject: { type: 'group', id: group(slug).id, title: group(slug).name, path: `/groups/${slug}` },
  });
  const joinedGroup = (recipient: number, actor: number, slug: string, hoursAgo: number) => ({
    recipient,
    hoursAgo,
    type: 'group_member_joined',
    actor,
    subject: { type: 'group', id: group(slug).id, title: group(slug).name, path: `/groups/${slug}` },
  });

  // 0 Anna (network admin; admin of Human Resources and Product Launch), 1 Max, 2 Gina (guest).
  const entries = [
    { ...welcome(0, 24 * 30), read: true },
    { ...addedToGroup(0, 18, 'berlin', 26), read: true },
    { ...joinedGroup(0, 15, 'human-resources', 5), read: false },
    { ...joinedGroup(0, 14, 'human-resources', 2), read: false },
    { ...welcome(1, 24 * 21), read: true },
    { ...addedToGroup(1, 0, 'product-launch', 24 * 3), read: true },
    { ...addedToGroup(1, 4, 'website-relaunch', 20), read: false },
    { ...addedToGroup(1, 3, 'marketing', 3), read: false },
    { ...addedToGroup(1, 18, 'berlin', 1), read: false },
    { ...welcome(2, 48), read: false },
    { ...addedToGroup(2, 4, 'website-relaunch', 6), read: false },
  ];

  for (const entry of entries) {
    const [notification] = await services.notifications.notify({
      networkId: network.id,
      recipientIds: [member(entry.recipient).id],
      type: entry.type,
      actorId: entry.actor === null ? null : member(entry.actor).id,
      subject: entry.subject,
      at: new Date(now - entry.hoursAgo * HOUR_MS),
    });
    if (entry.read && notification) {
      const reader = services.members.actorFor(member(entry.recipient), 'demo-seed', null);
      await services.notifications.markRead(reader, notification.id);
    }
  }
}
