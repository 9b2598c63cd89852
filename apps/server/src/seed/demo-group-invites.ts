import type { Actor } from '../platform/policy/index.ts';
import type { DemoNetwork } from './demo-context.ts';

/** A demo member acting as if signed in (member indexes as in demo.ts). */
function actorOf(demo: DemoNetwork, index: number): Actor {
  return demo.services.members.actorFor(demo.memberships[index]!, 'demo', null);
}

/**
 * Group invitations of the demo: open ones for Max (1) and for Gina (2, the guest, to a group
 * shown to externals), and invitations Max sent to Engineering in every state.
 */
export async function seedDemoGroupInvites(demo: DemoNetwork): Promise<void> {
  const { services } = demo;
  const slugOf = (slug: string) => demo.groups.find((g) => g.slug === slug)?.slug;
  const [anna, max] = [actorOf(demo, 0), actorOf(demo, 1)];
  const invite = async (actor: Actor, slug: string | undefined, members: number[], message = '') => {
    if (!slug) return;
    await services.groupInvites.invite(
      actor,
      { kind: 'group', slug },
      { membership_ids: members.map((i) => demo.memberships[i]!.id), group_ids: [], additional_message: message },
      { sendEmail: false },
    );
  };

  // Max is asked into Human Resources (closed) and Hamburg.
  await invite(
    anna,
    slugOf('human-resources'),
    [1],
    'Wir brauchen Unterstützung beim Onboarding – magst du mitmachen?',
  );
  await invite(actorOf(demo, 22), slugOf('hamburg'), [1]);

  // Gina sees only groups shown to externals: a partner forum is one.
  const category = demo.groups.find((g) => g.slug === 'website-relaunch')?.groupCategoryId;
  if (category) {
    const [forum] = await services.groups.createGroups(demo.network.id, [
      {
        groupCategoryId: category,
        slug: 'partner-forum',
        name: 'Partnerforum',
        access: 'closed',
        teaser: 'Exchange with our partners and guests.',
        externallyVisible: true,
      },
    ]);
    await services.groups.addMembers(demo.network.id, [
      { groupId: forum!.id, membershipId: demo.memberships[0]!.id, role: 'admin' },
      { groupId: forum!.id, membershipId: demo.memberships[4]!.id },
    ]);
    await invite(anna, forum!.slug, [2], 'Willkommen im Austausch mit unseren Partnern!');
  }

  // Max invites to Engineering: Lena (3) stays open, Jonas (4) accepts, Sophie (5) declines,
  // Paul (6) is revoked, Marie (7) joins on her own.
  const engineering = slugOf('engineering');
  if (!engineering) return;
  await invite(max, engineering, [3, 4, 5, 6, 7], 'Komm ins Engineering-Team!');
  const sent = await services.groupInvites.sentBy(max, 1);
  const idOf = (index: number) => sent.items.find((i) => i.invitee?.id === demo.memberships[index]!.id)?.id;
  const answer = async (index: number, choice: 'accept' | 'reject') => {
    const id = idOf(index);
    if (id) await services.invites.answer(actorOf(demo, index), id, choice);
  };
  await answer(4, 'accept');
  await answer(5, 'reject');
  const revoked = idOf(6);
  if (revoked) await services.groupInvites.revoke(max, [revoked]);
  const group = demo.groups.find((g) => g.slug === engineering)!;
  await services.groups.join(actorOf(demo, 7), group.id);
}
