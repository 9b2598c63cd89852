import { z } from './zod.ts';
import { ERROR_KEYS } from './errors.ts';
import { lineText } from './text.ts';
import { URL_MAX_LENGTH, webUrlSchema } from './urls.ts';

// The mobile app's navigation (administration spec, sections 3 to 5 and 9): exactly five items, depth 1.

/** The fixed set of 22 icons of the editor. */
export const APP_NAVIGATION_ICONS = [
  'globe',
  'envelope',
  'comments',
  'calendar',
  'folder-open',
  'list-alt',
  'file',
  'cog',
  'link',
  'external-link',
  'user-circle',
  'users',
  'folder',
  'file-text',
  'columns',
  'paperclip',
  'book',
  'bullhorn',
  'certificate',
  'bookmark',
  'flag',
  'handshake',
] as const;
export type AppNavigationIcon = (typeof APP_NAVIGATION_ICONS)[number];

/** The app's own screens, each at most once in the navigation. */
export const APP_NAVIGATION_DEFAULT_TYPES = [
  'activitystreams',
  'messages',
  'appointments',
  'files',
  'pages',
  'channels',
  'search',
  'directory',
  'settings',
] as const;
export const APP_NAVIGATION_TYPES = [
  'link',
  'activitystream',
  'page',
  'more',
  ...APP_NAVIGATION_DEFAULT_TYPES,
] as const;
export type AppNavigationType = (typeof APP_NAVIGATION_TYPES)[number];
export const APP_NAVIGATION_OPEN_IN = ['webview', 'browser'] as const;

export const APP_NAVIGATION_LIMITS = { items: 5, label: 40, moreItems: 20, id: 64 } as const;

export const APP_NAVIGATION_ERRORS = {
  /** Not exactly five items. */
  itemCount: 'exactly_five_items',
  /** Not exactly one entry point, or the entry point is a link or the more item. */
  entryPoint: 'exactly_one_entry_point',
  /** More than one more item, or the more item not last. */
  more: 'more_item_last',
  /** A screen of the app twice. */
  duplicateDefault: 'duplicated_default',
} as const;

export function isDefaultAppNavigationType(type: string): boolean {
  return (APP_NAVIGATION_DEFAULT_TYPES as readonly string[]).includes(type);
}

/** Link, page and stream items are no screen of their own to start on, nor is the more menu. */
export function canBeEntryPoint(type: AppNavigationType): boolean {
  return type !== 'link' && type !== 'more';
}

const appItemOptions = z
  .object({
    url: z.string().trim().max(URL_MAX_LENGTH, ERROR_KEYS.tooLong).nullish(),
    open_in: z.enum(APP_NAVIGATION_OPEN_IN).nullish(),
    page: lineText().nullish(),
    activitystream: lineText().nullish(),
  })
  .default({});

type AppItemBase = {
  type: AppNavigationType;
  options: { url?: string | null; page?: string | null; activitystream?: string | null };
};

/** What each type needs: a valid http(s) address, a page or a stream. */
function requireOptions(item: AppItemBase, ctx: z.RefinementCtx) {
  const { type, options } = item;
  if (type === 'link') {
    if (!options.url) ctx.addIssue({ code: 'custom', path: ['options', 'url'], message: ERROR_KEYS.required });
    else if (!webUrlSchema({ relative: false }).safeParse(options.url).success) {
      ctx.addIssue({ code: 'custom', path: ['options', 'url'], message: 'invalid_url' });
    }
  }
  if (type === 'page' && !options.page) {
    ctx.addIssue({ code: 'custom', path: ['options', 'page'], message: ERROR_KEYS.required });
  }
  if (type === 'activitystream' && !options.activitystream) {
    ctx.addIssue({ code: 'custom', path: ['options', 'activitystream'], message: ERROR_KEYS.required });
  }
}

const appItemCore = {
  id: z.string().trim().min(1, ERROR_KEYS.required).max(APP_NAVIGATION_LIMITS.id, ERROR_KEYS.tooLong),
  label: lineText(APP_NAVIGATION_LIMITS.label).min(1, ERROR_KEYS.required),
  icon: z.enum(APP_NAVIGATION_ICONS),
};

/** An entry of the more menu: any type but the more menu itself. */
const appMoreEntrySchema = z
  .object({
    ...appItemCore,
    type: z.enum(APP_NAVIGATION_TYPES).refine((type) => type !== 'more', ERROR_KEYS.invalid),
    options: appItemOptions,
  })
  .superRefine(requireOptions);

export const appNavigationItemSchema = z
  .object({
    ...appItemCore,
    type: z.enum(APP_NAVIGATION_TYPES),
    isEntryPoint: z.boolean().default(false),
    isDefault: z.boolean().default(false),
    options: appItemOptions.and(
      z.object({
        items: z.array(appMoreEntrySchema).max(APP_NAVIGATION_LIMITS.moreItems, ERROR_KEYS.tooLong).nullish(),
      }),
    ),
  })
  .superRefine(requireOptions);

export type AppNavigationMoreEntry = {
  id: string;
  label: string;
  type: AppNavigationType;
  icon: AppNavigationIcon;
  options: AppNavigationOptions;
};
export type AppNavigationOptions = {
  url?: string | null;
  open_in?: (typeof APP_NAVIGATION_OPEN_IN)[number] | null;
  page?: string | null;
  activitystream?: string | null;
  items?: AppNavigationMoreEntry[] | null;
};
export type AppNavigationItem = {
  id: string;
  label: string;
  type: AppNavigationType;
  icon: AppNavigationIcon;
  isEntryPoint: boolean;
  isDefault: boolean;
  options: AppNavigationOptions;
};

/** The rules over all five: count, one entry point, the more item last, each screen once. */
function appNavigationRules(items: AppNavigationItem[], ctx: z.RefinementCtx) {
  if (items.length !== APP_NAVIGATION_LIMITS.items) {
    ctx.addIssue({ code: 'custom', path: [], message: APP_NAVIGATION_ERRORS.itemCount });
  }
  const entryPoints = items.filter((item) => item.isEntryPoint);
  if (entryPoints.length !== 1 || !canBeEntryPoint(entryPoints[0]!.type)) {
    ctx.addIssue({ code: 'custom', path: [], message: APP_NAVIGATION_ERRORS.entryPoint });
  }
  items.forEach((item, index) => {
    if (item.type === 'more' && index !== items.length - 1) {
      ctx.addIssue({ code: 'custom', path: [index, 'type'], message: APP_NAVIGATION_ERRORS.more });
    }
  });
  const seen = new Set<string>();
  const entries = items.flatMap((item, index) => [
    { type: item.type, path: [index, 'type'] },
    ...(item.options.items ?? []).map((entry, e) => ({
      type: entry.type,
      path: [index, 'options', 'items', e, 'type'],
    })),
  ]);
  for (const { type, path } of entries) {
    if (!isDefaultAppNavigationType(type)) continue;
    if (seen.has(type)) ctx.addIssue({ code: 'custom', path, message: APP_NAVIGATION_ERRORS.duplicateDefault });
    seen.add(type);
  }
}

export const appNavigationItemsSchema = z
  .array(appNavigationItemSchema)
  .max(APP_NAVIGATION_LIMITS.items + 1, ERROR_KEYS.tooLong)
  .superRefine((items, ctx) => appNavigationRules(items as AppNavigationItem[], ctx));

/** `PUT /administration/app_navigation`: all five items. */
export const appNavigationBodySchema = z.object({ items: appNavigationItemsSchema });
export type AppNavigationBody = z.input<typeof appNavigationBodySchema>;
export type AppNavigationAnswer = { items: AppNavigationItem[]; updated_at: string | null };

/** Whether a link leads to this host: such links open in the app's webview, never the browser. */
export function isSameHostLink(url: string | null | undefined, host: string): boolean {
  if (!url) return false;
  try {
    return new URL(url).host.toLowerCase() === host.toLowerCase();
  } catch {
    return false;
  }
}

/** The items as saved: each link to this host opens in the webview; default types flagged. */
export function normalizeAppNavigation(items: AppNavigationItem[], host: string): AppNavigationItem[] {
  const entry = <T extends { type: AppNavigationType; options: AppNavigationOptions }>(item: T): T => {
    if (item.type !== 'link') return item;
    const openIn = isSameHostLink(item.options.url, host) ? 'webview' : (item.options.open_in ?? 'webview');
    return { ...item, options: { ...item.options, open_in: openIn } };
  };
  return items.map((item) => ({
    ...entry(item),
    isDefault: isDefaultAppNavigationType(item.type),
    ...(item.type === 'more' ? { options: { ...item.options, items: (item.options.items ?? []).map(entry) } } : {}),
  }));
}

const DEFAULT_LABELS = {
  de: {
    activitystreams: 'Aktivitäten',
    messages: 'Nachrichten',
    appointments: 'Kalender',
    directory: 'Kontakte',
    more: 'Mehr',
    files: 'Dateien',
    settings: 'Einstellungen',
  },
  en: {
    activitystreams: 'Activities',
    messages: 'Messages',
    appointments: 'Calendar',
    directory: 'Contacts',
    more: 'More',
    files: 'Files',
    settings: 'Settings',
  },
} as const;

/** What the app shows until an administrator saves: four screens and the more menu, in the network's language. */
export function defaultAppNavigation(language: string): AppNavigationItem[] {
  const l = language.startsWith('de') ? DEFAULT_LABELS.de : DEFAULT_LABELS.en;
  const screen = (
    type: keyof typeof l & AppNavigationType,
    icon: AppNavigationIcon,
    isEntryPoint = false,
  ): AppNavigationItem => ({
    id: type,
    label: l[type],
    type,
    icon,
    isEntryPoint,
    isDefault: true,
    options: {},
  });
  return [
    screen('activitystreams', 'globe', true),
    screen('messages', 'comments'),
    screen('appointments', 'calendar'),
    screen('directory', 'users'),
    {
      id: 'more',
      label: l.more,
      type: 'more',
      icon: 'list-alt',
      isEntryPoint: false,
      isDefault: false,
      options: {
        items: [
          { id: 'files', label: l.files, type: 'files', icon: 'folder-open', options: {} },
          { id: 'settings', label: l.settings, type: 'settings', icon: 'cog', options: {} },
        ],
      },
    },
  ];
}
