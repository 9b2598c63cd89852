import { z } from './zod.ts';
import { ID_PATTERN } from './id-patterns.ts';
import type { MemberImages } from './member.ts';
import { PROFILE_FIELD_LABELS } from './profile-fields.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './session.ts';
import { lineText, nameText, TEXT_LIMITS } from './text.ts';

/** Members administration (administration spec, sections 2, 3 "New member", 5 and 6). */
export const MEMBER_ADMIN_LIMITS = {
  /** RFC 5321: an address is at most 254 characters. */
  email: 254,
  name: TEXT_LIMITS.line,
  profileValue: TEXT_LIMITS.line,
  query: 100,
  perMax: 100,
  perDefault: 25,
  roles: 50,
} as const;

/** The profile fields a new member's form offers: those the directory and the profile page name. */
export const MEMBER_ADMIN_PROFILE_FIELDS = Object.keys(PROFILE_FIELD_LABELS);

const emailSchema = z
  .string()
  .trim()
  .min(1, 'required')
  .max(MEMBER_ADMIN_LIMITS.email, 'too_long')
  // Only a text that is there is checked for its form: an empty one is `required` alone.
  .pipe(z.string().email('invalid'))
  .transform((value) => value.toLowerCase());

const profileSchema = z
  .record(z.string().max(64), lineText(MEMBER_ADMIN_LIMITS.profileValue))
  .superRefine((values, ctx) => {
    for (const key of Object.keys(values)) {
      if (!MEMBER_ADMIN_PROFILE_FIELDS.includes(key)) ctx.addIssue({ code: 'custom', message: 'invalid', path: [key] });
    }
  })
  .transform((values) => Object.fromEntries(Object.entries(values).filter(([, value]) => value !== '')))
  .describe(`Profile values by field: ${MEMBER_ADMIN_PROFILE_FIELDS.join(', ')}.`);

/**
 * `POST /administration/members`: the password is required unless the welcome mail is sent,
 * in which case the member chooses it through the mailed link (and none given is kept).
 */
export const newMemberSchema = z.object({
  user: z
    .object({
      email: emailSchema,
      first_name: nameText(MEMBER_ADMIN_LIMITS.name),
      last_name: nameText(MEMBER_ADMIN_LIMITS.name),
      password: z.string().max(PASSWORD_MAX_LENGTH, 'too_long').nullish(),
      send_welcome_mail: z.boolean().default(false),
      is_external: z.boolean().default(false),
      profile: profileSchema.default({}),
    })
    .superRefine((user, ctx) => {
      if (user.send_welcome_mail) return;
      if (!user.password) ctx.addIssue({ code: 'custom', message: 'required', path: ['password'] });
      else if (user.password.length < PASSWORD_MIN_LENGTH)
        ctx.addIssue({ code: 'custom', message: 'too_short', path: ['password'] });
    }),
});
export type NewMemberInput = z.input<typeof newMemberSchema>;

const flag = z
  .enum(['true', 'false'])
  .transform((value) => value === 'true')
  .optional();

/** `GET /administration/members`: search by name or address, filters, pages. */
export const memberAdminQuerySchema = z.object({
  q: lineText(MEMBER_ADMIN_LIMITS.query).default(''),
  locked: flag.describe('true: only locked members; false: only members who are not locked.'),
  external: flag.describe('true: only external members; false: only internal ones.'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per: z.coerce.number().int().min(1).max(MEMBER_ADMIN_LIMITS.perMax).default(MEMBER_ADMIN_LIMITS.perDefault),
});
export type MemberAdminQuery = z.input<typeof memberAdminQuerySchema>;

/** `PUT /administration/members/{id}`: every field may be left out. */
export const memberAdminUpdateSchema = z.object({
  user: z.object({
    first_name: nameText(MEMBER_ADMIN_LIMITS.name).optional(),
    last_name: nameText(MEMBER_ADMIN_LIMITS.name).optional(),
    email: emailSchema.optional(),
    is_external: z.boolean().optional(),
    network_admin: z.boolean().optional(),
    locked: z.boolean().optional(),
    membership_role_ids: z
      .array(z.string().regex(ID_PATTERN, 'invalid_id'))
      .max(MEMBER_ADMIN_LIMITS.roles, 'too_long')
      .optional(),
  }),
});
export type MemberAdminUpdate = z.input<typeof memberAdminUpdateSchema>['user'];

/** What an administrator may do with a member (the member policy's answers). */
export type MemberAdminCan = { edit: boolean; lock: boolean; destroy: boolean; edit_groups: boolean };

/** A row of the administrators' members list. */
export type MemberAdminItem = {
  id: string;
  name: string;
  first_name: string;
  last_name: string;
  email: string;
  images: MemberImages;
  is_external: boolean;
  locked: boolean;
  network_admin: boolean;
  created_at: string;
  can: MemberAdminCan;
};

export type MemberAdminPage = { items: MemberAdminItem[]; total: number; page: number; per: number };

/** A network-level role as the member edit page offers it. */
export type MemberAdminRole = { id: string; name: string; color: string; text_color: string | null };

/** `GET /administration/members/{id}`: the member with what the edit page offers. */
export type MemberAdminDetail = MemberAdminItem & {
  /** False: the address belongs to an account in other networks too and is changed there. */
  email_editable: boolean;
  membership_role_ids: string[];
  options: {
    guest_users_allowed: boolean;
    membership_roles_enabled: boolean;
    roles: MemberAdminRole[];
  };
};

export type MemberAdminGroupRole = 'admin' | 'member';

/** A group the member belongs to, on the group memberships sub-page. */
export type MemberAdminGroup = {
  id: string;
  slug: string;
  name: string;
  path: string;
  archived: boolean;
  role: MemberAdminGroupRole;
  category: { id: string; name: string };
};

export type MemberAdminGroups = { member: { id: string; name: string }; groups: MemberAdminGroup[] };

export const memberAdminGroupSchema = z.object({
  group_id: z.string().regex(ID_PATTERN, 'invalid_id'),
  role: z.enum(['admin', 'member']).default('member'),
});
export type MemberAdminGroupInput = z.input<typeof memberAdminGroupSchema>;

export const MEMBER_ADMIN_ERROR_KEYS = {
  taken: 'taken',
  notAllowed: 'not_allowed',
  ownAccount: 'own_account',
  sharedAccount: 'shared_account',
} as const;
