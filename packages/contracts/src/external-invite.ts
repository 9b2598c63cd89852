import { z } from './zod.ts';
import { idSchema } from './ids.ts';
import { lineText, longText, TEXT_LIMITS } from './text.ts';

/**
 * Invitations by e-mail (external invites) of the administration spec: sections 3 (External
 * invite, Invite list item), 5 (email, csv and encoding required, guest-only networks) and 7
 * (`{prefix}/external_invites`, `/external_invites/settings`).
 */

export const EXTERNAL_INVITE_STATUSES = ['open', 'accepted', 'obsolete', 'joined'] as const;
export type ExternalInviteStatus = (typeof EXTERNAL_INVITE_STATUSES)[number];

export const EXTERNAL_INVITE_USER_TYPES = ['normal', 'external'] as const;
export type ExternalInviteUserType = (typeof EXTERNAL_INVITE_USER_TYPES)[number];

export const CSV_CHARACTER_ENCODINGS = ['ISO-8859-1', 'UTF-8'] as const;
export type CsvCharacterEncoding = (typeof CSV_CHARACTER_ENCODINGS)[number];

export const EXTERNAL_INVITE_LIMITS = {
  email: 254,
  name: TEXT_LIMITS.line,
  subject: TEXT_LIMITS.line,
  body: 20_000,
  groupIds: 50,
  channelIds: 50,
  /** Rows of one CSV upload (a header row not counted). */
  csvRows: 10_000,
  /** Bytes of one CSV upload. */
  csvBytes: 2 * 1024 * 1024,
  /** Rows of one page of an invite list. */
  pageSize: 25,
} as const;

/** The error keys of this part, as `{errors: {field: [key]}}` carries them. */
export const EXTERNAL_INVITE_ERROR_KEYS = {
  /** The address is already a member of the network. */
  taken: 'taken',
  /** An open invitation to the address exists in the network. */
  alreadyInvited: 'already_invited',
  /** Only `.csv` files are taken. */
  invalidFileType: 'invalid_file_type',
  /** More rows or bytes than EXTERNAL_INVITE_LIMITS allows in one upload. */
  tooLarge: 'too_large',
  /** The network or the group allows only guest invites. */
  onlyExternal: 'only_external',
} as const;

/** Why one CSV row (or the single address) was not invited. */
export const EXTERNAL_INVITE_ROW_ERRORS = [
  'invalid_email',
  'taken',
  'already_invited',
  'missing_email',
  'duplicate',
] as const;
export type ExternalInviteRowError = (typeof EXTERNAL_INVITE_ROW_ERRORS)[number];

const emailText = z
  .string()
  .trim()
  .toLowerCase()
  // An empty address is missing, not also malformed.
  .min(1, { error: 'required', abort: true })
  .max(EXTERNAL_INVITE_LIMITS.email, 'too_long')
  .email('invalid');

/** The spec writes the address as "email ({email})": a plain string or `{email}` are both taken. */
export const externalInviteEmailSchema = z
  .preprocess(
    (value) =>
      typeof value === 'object' && value !== null && 'email' in value ? (value as { email: unknown }).email : value,
    emailText,
  )
  .describe('The address to invite: a string or `{email}`.');

const commonFields = {
  subject: lineText(EXTERNAL_INVITE_LIMITS.subject).min(1, 'required').describe('The subject of the mail.'),
  body: longText(EXTERNAL_INVITE_LIMITS.body).min(1, 'required').describe('The text of the mail (plain text or HTML).'),
  user_type: z.enum(EXTERNAL_INVITE_USER_TYPES).default('normal').describe('`external` joins as a guest member.'),
  group_ids: z
    .array(idSchema)
    .max(EXTERNAL_INVITE_LIMITS.groupIds)
    .default([])
    .describe('Groups the invited person joins.'),
  channel_ids: z
    .array(idSchema)
    .max(EXTERNAL_INVITE_LIMITS.channelIds)
    .default([])
    .describe('Channels the invited person joins; there are no channels yet, so it must be empty.'),
};

/** `POST {prefix}/external_invites` as JSON: one address. */
export const externalInviteBodySchema = z.object({
  external_invite: z.object({
    email: externalInviteEmailSchema,
    first_name: lineText(EXTERNAL_INVITE_LIMITS.name).default('').describe('First name of the invited person.'),
    last_name: lineText(EXTERNAL_INVITE_LIMITS.name).default('').describe('Last name of the invited person.'),
    ...commonFields,
  }),
});
type ExternalInviteInput = z.input<typeof externalInviteBodySchema>['external_invite'];
export type ExternalInviteBody = {
  external_invite: Omit<ExternalInviteInput, 'email'> & { email: string | { email: string } };
};

/**
 * `POST {prefix}/external_invites` as multipart/form-data: the text fields of the CSV upload
 * (the file comes as field `csv`; `group_ids[]` and `channel_ids[]` repeat).
 */
export const externalInviteCsvFieldsSchema = z.object({
  character_encoding: z.enum(CSV_CHARACTER_ENCODINGS).default('ISO-8859-1').describe('How the file is encoded.'),
  ...commonFields,
});
export type ExternalInviteCsvFields = z.input<typeof externalInviteCsvFieldsSchema>;

/** One address that was not invited: its row in the file (1-based; 1 for the single form). */
export type ExternalInviteRowFailure = { row: number; email: string; error: ExternalInviteRowError };

/** The answer of `POST {prefix}/external_invites` (both forms). */
export type ExternalInviteResult = {
  /** A sentence in the network's language, e.g. "2 invitations sent." */
  message: string;
  invited: number;
  errors: ExternalInviteRowFailure[];
};

/** `GET /external_invites/settings`. */
export type ExternalInviteSettings = {
  default_invite_subject: string;
  default_invite_text: string;
  /** The user types the actor may choose in general. */
  user_types: ExternalInviteUserType[];
};

/** An item of the external invite lists. */
export type ExternalInviteItem = {
  id: string;
  type: 'ExternalInvite';
  email: string;
  first_name: string;
  last_name: string;
  author: { id: string; name: string } | null;
  status: ExternalInviteStatus;
  user_type: ExternalInviteUserType;
  groups: Array<{ id: string; name: string; slug: string }>;
  created_at: string;
  renewed_at: string | null;
  can: { renew: boolean; revoke: boolean };
};

/** `GET /administration/external_invites`, `/groups/{slug}/external_invites`, `/external_invites/sent`. */
export type ExternalInvitesPage = { items: ExternalInviteItem[]; page: number; per: number; total: number };

export const externalInvitesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1).describe('The page, from 1.'),
});
