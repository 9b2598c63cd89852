import { z } from './zod.ts';
import { nameText } from './text.ts';

export const MEMBERSHIP_ROLE_DISPLAY_TYPES = ['default', 'grouped', 'hidden'] as const;
export type MembershipRoleDisplayType = (typeof MEMBERSHIP_ROLE_DISPLAY_TYPES)[number];

export const MEMBERSHIP_ROLE_LIMITS = {
  nameMaxLength: 100,
  /** Roles of one scope (the network, or one group): the editor lists them all at once. */
  perScopeMax: 200,
  /** Roles one member may be given in one call. */
  assignmentsMax: 200,
} as const;

export const MEMBERSHIP_ROLE_DEFAULT_COLOR = '#000000';

const hexColor = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'invalid');

/**
 * `POST` and `PUT .../membership_roles` (administration spec, section 3 "Membership role"):
 * name and plural name required; the slug is the server's (made from the name once, never
 * changed) and is not accepted.
 */
export const membershipRoleBodySchema = z.object({
  membership_role: z.object({
    name: nameText(MEMBERSHIP_ROLE_LIMITS.nameMaxLength),
    plural_name: nameText(MEMBERSHIP_ROLE_LIMITS.nameMaxLength),
    color: hexColor.nullish().transform((value) => value || MEMBERSHIP_ROLE_DEFAULT_COLOR),
    text_color: hexColor.nullish().transform((value) => value || null),
    display_type: z.enum(MEMBERSHIP_ROLE_DISPLAY_TYPES).default('default'),
  }),
});
export type MembershipRoleBody = z.input<typeof membershipRoleBodySchema>;

/** A role as its editor shows it. */
export type MembershipRole = {
  id: string;
  slug: string;
  name: string;
  plural_name: string;
  color: string;
  text_color: string | null;
  display_type: MembershipRoleDisplayType;
  /** Null for a role of the whole network. */
  group_id: string | null;
  /** How many members hold it (what deleting it takes away). */
  holder_count: number;
  can: { update: boolean; destroy: boolean };
};
