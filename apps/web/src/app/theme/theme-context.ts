import { matchPath } from 'react-router';
import type { ActiveTheme } from '@agora/contracts';
import type { ThemeContextResolver } from '../registry.ts';

/** Design editors show the design being edited, so the theme stays as it was there. */
const KEEP_THEME_PATTERNS = [
  '/groups/:contextSlug/administration/designs/:designId',
  '/groups/:contextSlug/administration/designs/:designId/*',
  '/group-categories/:contextSlug/administration/designs/:designId',
  '/group-categories/:contextSlug/administration/designs/:designId/*',
];

/** The context routes every group and category page shares. */
export const BUILT_IN_THEME_CONTEXTS: ThemeContextResolver[] = [
  { pattern: '/groups/:contextSlug', resolve: async (p) => [{ type: 'group', slug: p.contextSlug! }] },
  { pattern: '/groups/:contextSlug/*', resolve: async (p) => [{ type: 'group', slug: p.contextSlug! }] },
  {
    pattern: '/group-categories/:contextSlug',
    resolve: async (p) => [{ type: 'group_category', slug: p.contextSlug! }],
  },
  {
    pattern: '/group-categories/:contextSlug/*',
    resolve: async (p) => [{ type: 'group_category', slug: p.contextSlug! }],
  },
];

export type ThemeRoute =
  | { kind: 'keep' }
  | { kind: 'clear' }
  | { kind: 'context'; resolver: ThemeContextResolver; params: Record<string, string | undefined> };

/** What a path does to the theme: keep it, clear it, or look up its contexts. */
export function themeRouteFor(pathname: string, resolvers: ThemeContextResolver[]): ThemeRoute {
  if (KEEP_THEME_PATTERNS.some((pattern) => matchPath({ path: pattern, end: true }, pathname))) {
    return { kind: 'keep' };
  }
  for (const resolver of resolvers) {
    const match = matchPath({ path: resolver.pattern, end: true }, pathname);
    if (match) return { kind: 'context', resolver, params: match.params };
  }
  return { kind: 'clear' };
}

/**
 * The design all contexts agree on: when a page belongs to several groups with different
 * designs, or to one without a design of its own, none applies.
 */
export function agreedTheme(themes: Array<ActiveTheme | null>): ActiveTheme | null {
  const [first, ...rest] = themes;
  if (!first) return null;
  const key = JSON.stringify(first);
  return rest.every((theme) => theme !== null && JSON.stringify(theme) === key) ? first : null;
}
