import type { DemoNetwork } from '../../seed/demo-context.ts';

const SUBJECT = 'Einladung zu Acme Demo';
const BODY =
  'Hallo,\n\nich möchte dich zu Acme Demo einladen, unserem Netzwerk für die Zusammenarbeit.\n\nViele Grüße\nAnna';

/**
 * Invitations by e-mail of the demo, all by Anna (0): two open ones, to Human Resources and to
 * the partner forum as a guest, and one Noah accepted at his private address when he joined.
 */
export async function seedDemoExternalInvites(demo: DemoNetwork): Promise<void> {
  const { services, network } = demo;
  const anna = services.members.actorFor(demo.memberships[0]!, 'demo', null);
  const groupId = (slug: string) => demo.groups.find((g) => g.slug === slug)?.id;
  const hr = groupId('human-resources');
  const choices = (groupIds: Array<string | undefined>, userType: 'normal' | 'external' = 'normal') => ({
    subject: SUBJECT,
    body: BODY,
    user_type: userType,
    group_ids: groupIds.filter((id): id is string => !!id),
    channel_ids: [],
  });
  const invite = (email: string, firstName: string, lastName: string, picked: ReturnType<typeof choices>) =>
    services.externalInvites.inviteOne(anna, { kind: 'network' }, { email, firstName, lastName }, picked, {
      sendEmail: false,
    });

  await invite('jana.krueger@example.org', 'Jana', 'Krüger', choices([hr]));
  await invite('oliver.brandt@partner.example', 'Oliver', 'Brandt', choices([], 'external'));

  const noah = demo.memberships.find((m) => m.firstName === 'Noah' && m.lastName === 'Schwarz');
  if (!noah) return;
  await invite('noah.schwarz@privat.example', 'Noah', 'Schwarz', choices([hr]));
  const [accepted] = (await services.externalInvites.sentPage(anna, 1)).items.filter(
    (i) => i.email === 'noah.schwarz@privat.example',
  );
  if (accepted) await services.externalInvites.accept(network, accepted.id, noah.id);
}
