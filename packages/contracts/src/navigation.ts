import { z } from './zod.ts';
import { ERROR_KEYS } from './errors.ts';
import { lineText } from './text.ts';
import { URL_MAX_LENGTH, webUrlSchema } from './urls.ts';

/**
 * The web navigation (administration spec, sections 3 to 5 and 9): items with text, link, public,
 * new_window and children, at most two levels below the top (children are added only from the
 * top two levels), saved as a whole.
 */
export const NAVIGATION_LIMITS = {
  /** The deepest level an item may sit on: 0 is the top, 2 a child's child. */
  maxDepth: 2,
  text: 100,
  /** Items of one level; a header has room for few, a dropdown for some more. */
  itemsPerLevel: 30,
} as const;

export const NAVIGATION_ERRORS = {
  /** An item without text, or without a link and without children. */
  emptyFields: 'message_empty_fields',
  tooDeep: 'too_deep',
} as const;

const navigationLink = z
  .string()
  .trim()
  .max(URL_MAX_LENGTH, ERROR_KEYS.tooLong)
  .refine((value) => value === '' || webUrlSchema().safeParse(value).success, 'invalid_url');

/** One item as stored and answered; children follow the same shape. */
export type NavigationItem = {
  text: string;
  link: string;
  public: boolean;
  new_window: boolean;
  navigation_items: NavigationItem[];
};

const itemFields = {
  text: lineText(NAVIGATION_LIMITS.text),
  link: navigationLink.nullish().transform((value) => value ?? ''),
  public: z.boolean().default(false),
  new_window: z.boolean().default(false),
};

type ItemInput = { text: string; link: string; navigation_items?: unknown[] };

/** Text, and a link or children: else message_empty_fields on the field that is missing. */
function requireFields(item: ItemInput, ctx: z.RefinementCtx) {
  const hasChildren = (item.navigation_items?.length ?? 0) > 0;
  if (item.text === '') ctx.addIssue({ code: 'custom', path: ['text'], message: NAVIGATION_ERRORS.emptyFields });
  if (item.link === '' && !hasChildren) {
    ctx.addIssue({ code: 'custom', path: ['link'], message: NAVIGATION_ERRORS.emptyFields });
  }
}

/** An item on `depth`, its children one level deeper; below the deepest level, no children. */
function itemSchema(depth: number): z.ZodType<NavigationItem> {
  const children =
    depth < NAVIGATION_LIMITS.maxDepth
      ? z.array(z.lazy(() => itemSchema(depth + 1))).max(NAVIGATION_LIMITS.itemsPerLevel, ERROR_KEYS.tooLong)
      : z.array(z.unknown()).max(0, NAVIGATION_ERRORS.tooDeep);
  return z
    .object({ ...itemFields, navigation_items: children.default([]) })
    .superRefine(requireFields) as unknown as z.ZodType<NavigationItem>;
}

export const navigationItemsSchema = z.array(itemSchema(0)).max(NAVIGATION_LIMITS.itemsPerLevel, ERROR_KEYS.tooLong);

/** `PUT /administration/navigation` (and under `/groups/{slug}`): the whole navigation. */
export const navigationBodySchema = z.object({ navigation_items: navigationItemsSchema });
export type NavigationBody = z.input<typeof navigationBodySchema>;

/** `GET /administration/navigation`, `GET /api/v1/navigation`, `GET /api/v1/public_navigation`. */
export type NavigationAnswer = { navigation_items: NavigationItem[]; updated_at: string | null };

/** `GET /administration/pages`: what the link picker offers of the network's pages. */
export type NavigationPageOption = { id: string; title: string; path: string };
/** `GET /administration/apps`: what the link picker offers of the network's apps. */
export type NavigationAppOption = { id: string; name: string; path: string };

/** Only the items marked public, with their public children: what anonymous visitors see. */
export function publicNavigationItems(items: NavigationItem[]): NavigationItem[] {
  return items
    .filter((item) => item.public)
    .map((item) => ({ ...item, navigation_items: publicNavigationItems(item.navigation_items) }))
    .filter((item) => item.link !== '' || item.navigation_items.length > 0);
}

/** The depth of the deepest item below `item` (0 for an item without children). */
export function navigationSubtreeDepth(item: Pick<NavigationItem, 'navigation_items'>): number {
  return item.navigation_items.length === 0 ? 0 : 1 + Math.max(...item.navigation_items.map(navigationSubtreeDepth));
}
