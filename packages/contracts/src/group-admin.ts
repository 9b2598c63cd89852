import { z } from './zod.ts';
import { GROUP_ACCESS, type GroupAccess } from './group.ts';
import { idSchema } from './ids.ts';
import { longText, nameText, TEXT_LIMITS } from './text.ts';

/** Limits of the group and group category forms. */
export const GROUP_LIMITS = {
  nameMaxLength: TEXT_LIMITS.line,
  teaserMaxLength: 500,
  descriptionMaxLength: 100_000,
  categoryNameMaxLength: TEXT_LIMITS.line,
  /** A network's categories: the order call takes them all at once. */
  categoriesMax: 100,
  /** Groups on one page of a category's administration. */
  categoryGroupsPageSize: 50,
} as const;

/** Message keys of the group rules (administration spec, section 5), on the field they concern. */
export const GROUP_ERROR_KEYS = {
  /** access: a sensitive group cannot be open. */
  openNotForSensitive: 'open_not_for_sensitive',
  /** access: the active main group of a category cannot be closed. */
  closedNotForMainGroup: 'closed_not_for_main_group',
  /** access: hidden needs `can.create_hidden`. */
  hiddenNotAllowed: 'hidden_not_allowed',
  /** moderated_join: a hidden group has no joining to moderate. */
  moderatedJoinNotForHidden: 'moderated_join_not_for_hidden',
  /** order: the list is not exactly the network's categories. */
  orderMismatch: 'order_mismatch',
  /** edit: an archived group cannot be changed. */
  archived: 'archived',
} as const;

/** The group's own fields, as the form sends them (`POST /groups`, `PUT /groups/{slug}`). */
export const groupFieldsSchema = z.object({
  name: nameText(GROUP_LIMITS.nameMaxLength),
  group_category_id: idSchema.optional(),
  access: z.enum(GROUP_ACCESS).default('open'),
  moderated_join: z.boolean().default(false),
  members_can_invite: z.boolean().default(true),
  invites_restricted: z.boolean().default(false),
  chat: z.enum(['enabled', 'disabled']).default('enabled'),
  sensitive: z.boolean().default(false),
  active_main_group: z.boolean().default(false),
  externally_visible: z.boolean().default(false),
  /** The id of an uploaded image (directory images), or null for none. */
  profile_image: idSchema.nullable().default(null),
  teaser: longText(GROUP_LIMITS.teaserMaxLength).default(''),
  /** Rich text (HTML); sanitized by the server. */
  description: longText(GROUP_LIMITS.descriptionMaxLength, { trim: false }).default(''),
});
export type GroupFields = z.output<typeof groupFieldsSchema>;
export type GroupFieldsInput = z.input<typeof groupFieldsSchema>;

/** What a new group starts with: the new-group form's values, and what the demo's groups leave unsaid. */
export const GROUP_FIELD_DEFAULTS: Omit<GroupFields, 'group_category_id'> = {
  name: '',
  access: 'open',
  moderated_join: false,
  members_can_invite: true,
  invites_restricted: false,
  chat: 'enabled',
  sensitive: false,
  active_main_group: false,
  externally_visible: false,
  profile_image: null,
  teaser: '',
  description: '',
};

export const groupBodySchema = z.object({ group: groupFieldsSchema });
export type GroupBody = z.input<typeof groupBodySchema>;

export const newGroupQuerySchema = z.object({
  group_category_slug: z.string().trim().min(1, 'required').max(200, 'too_long'),
});

/** What the group form may offer: the can flags of the category (new) or the group (edit). */
export type GroupFormAbilities = { create_hidden: boolean; update: boolean };

/** `GET /api/v1/groups/new?group_category_slug=`: the new group's defaults in its category. */
export type NewGroupForm = {
  group: GroupFields & { group_category_id: string };
  group_category: { id: string; slug: string; name: string; plural_name: string };
  can: GroupFormAbilities & { create: boolean };
};

/**
 * Which access options and switches the form offers (section 5), as the form and the server
 * both read them: open is refused for sensitive groups, closed for the active main group,
 * hidden without `can.create_hidden` (unless the group is hidden already), moderated join for
 * hidden groups.
 */
export function groupFieldRules(
  fields: Pick<GroupFields, 'access' | 'sensitive' | 'active_main_group'>,
  options: { canCreateHidden: boolean; wasHidden?: boolean },
) {
  const accessOffered = (access: GroupAccess): boolean => {
    if (access === 'hidden') return options.canCreateHidden || !!options.wasHidden;
    if (access === 'closed') return !fields.active_main_group;
    return true;
  };
  return {
    /** Shown in the access choice. */
    accessShown: (access: GroupAccess) => access !== 'closed' || !fields.active_main_group,
    /** Shown and choosable. */
    accessOffered,
    /** Shown but not choosable (open for a sensitive group). */
    accessDisabled: (access: GroupAccess) => access === 'open' && fields.sensitive,
    moderatedJoinOffered: fields.access !== 'hidden',
  };
}

/** The rule violations of some group fields, keyed by field: what the server answers with 422. */
export function groupFieldErrors(
  fields: Pick<GroupFields, 'access' | 'sensitive' | 'active_main_group' | 'moderated_join'>,
  options: { canCreateHidden: boolean; wasHidden?: boolean },
): Record<string, string[]> {
  const rules = groupFieldRules(fields, options);
  const errors: Record<string, string[]> = {};
  if (fields.access === 'open' && fields.sensitive) errors.access = [GROUP_ERROR_KEYS.openNotForSensitive];
  else if (fields.access === 'closed' && fields.active_main_group)
    errors.access = [GROUP_ERROR_KEYS.closedNotForMainGroup];
  else if (!rules.accessOffered(fields.access)) errors.access = [GROUP_ERROR_KEYS.hiddenNotAllowed];
  if (fields.moderated_join && !rules.moderatedJoinOffered)
    errors.moderated_join = [GROUP_ERROR_KEYS.moderatedJoinNotForHidden];
  return errors;
}

/** `{archived, redirect}`: the answer of `PUT` and `DELETE /groups/{slug}/archive`. */
export type GroupArchiveAnswer = { archived: boolean; redirect: string };
/** The answer of `DELETE /groups/{slug}`: where the browser goes next. */
export type GroupDestroyAnswer = { redirect: string };

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'invalid');

/** `POST /administration/group-categories`, `PUT /administration/group-categories/{slug}`. */
export const groupCategoryBodySchema = z.object({
  group_category: z.object({
    name: nameText(GROUP_LIMITS.categoryNameMaxLength),
    plural_name: nameText(GROUP_LIMITS.categoryNameMaxLength),
    color: hexColor.nullable().default(null),
  }),
});
export type GroupCategoryBody = z.input<typeof groupCategoryBodySchema>;

/** `PUT /administration/group-categories/order`: every category slug of the network, in order. */
export const groupCategoryOrderSchema = z.object({
  order: z.array(z.string().max(200)).min(1, 'required').max(GROUP_LIMITS.categoriesMax, 'too_long'),
});
export type GroupCategoryOrderBody = z.input<typeof groupCategoryOrderSchema>;

/** A group category as its administration shows it. */
export type GroupCategory = {
  id: string;
  slug: string;
  name: string;
  plural_name: string;
  color: string | null;
  order: number;
  can: { update: boolean; create: boolean; administrate: boolean };
};

/** A row of a category's administration: one of its groups. */
export type CategoryAdministrationGroup = {
  id: string;
  slug: string;
  name: string;
  access: GroupAccess;
  archived: boolean;
  active_main_group: boolean;
  member_count: number;
  can: { administrate: boolean };
};

/** `GET /api/v1/group-categories/{slug}/administration`: the category and a page of its groups. */
export type CategoryAdministration = {
  group_category: GroupCategory;
  groups: CategoryAdministrationGroup[];
  total: number;
};

export const categoryAdministrationQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(GROUP_LIMITS.categoryGroupsPageSize)
    .default(GROUP_LIMITS.categoryGroupsPageSize),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
