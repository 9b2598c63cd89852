import { z } from 'zod';

/**
 * What the operator of a deployment lets a network's administrators configure (administration
 * spec, section 6: "some settings are shown only when the network config allows them"). Stored
 * sparsely in `networks.config`; every field has a default, so `networkConfigSchema.parse({})`
 * is the configuration of a new network. Set by the operator, never through the administration.
 */
export const networkConfigSchema = z.object({
  /** The abuse report switch is offered in the settings. */
  abuse_reports_configurable: z.boolean().default(true),
  /** The digest settings (sending days, upcoming appointments, daily activity) are offered. */
  digests_configurable: z.boolean().default(true),
  /** The birthday mail settings are offered. */
  birthday_emails_configurable: z.boolean().default(false),
  /** External (guest) members exist: the guest chat setting and the external toggle of members. */
  guest_users_allowed: z.boolean().default(true),
  /** Invitations by e-mail make external members only. */
  only_guest_invites_allowed: z.boolean().default(false),
  /** Two-factor authentication may be enforced for every member (the `enforced` choice). */
  two_factor_enforcement_available: z.boolean().default(false),
  /** Membership roles can be defined and assigned. */
  membership_roles_enabled: z.boolean().default(true),
  /** Members may ask for changes of their profile (the change request link). */
  change_requests_enabled: z.boolean().default(false),
});
export type NetworkConfig = z.infer<typeof networkConfigSchema>;

/** The configuration as stored, completed with the defaults; a stored value of a wrong type counts as missing. */
export function parseNetworkConfig(stored: unknown): NetworkConfig {
  const source = typeof stored === 'object' && stored !== null && !Array.isArray(stored) ? stored : {};
  const shape = networkConfigSchema.shape;
  const entries = Object.entries(source).filter(([key, value]) => {
    const field = shape[key as keyof typeof shape];
    return field !== undefined && field.safeParse(value).success;
  });
  return networkConfigSchema.parse(Object.fromEntries(entries));
}
