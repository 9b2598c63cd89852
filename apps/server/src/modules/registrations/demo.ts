import { hashPassword } from '../../platform/auth/passwords.ts';
import type { DemoNetwork } from '../../seed/demo-context.ts';

/**
 * The demo lets visitors sign up, moderated and with the proof of work, asking for profile
 * data; two people wait for Anna's decision.
 */
export async function seedDemoRegistrations(demo: DemoNetwork): Promise<void> {
  const { network, services } = demo;
  // Anna opened the network to sign-ups, as the audit log shows.
  await services.networks.updateSettings(
    network.id,
    { join_user_can_initiate: true, join_moderated: true, altcha_captcha: true, join_ask_for_profile_data: true },
    demo.memberships[0]!.id,
  );
  const passwordHash = await hashPassword('demo-password');
  await services.registrations.addPending(network.id, [
    {
      email: 'paula.neumann@example.org',
      firstName: 'Paula',
      lastName: 'Neumann',
      passwordHash,
      locale: 'de',
      profile: { department: 'Vertrieb', location: 'Hamburg' },
    },
    {
      email: 'tomasz.wojcik@example.org',
      firstName: 'Tomasz',
      lastName: 'Wójcik',
      passwordHash,
      locale: 'en',
      profile: { department: 'Logistik' },
    },
  ]);
}
