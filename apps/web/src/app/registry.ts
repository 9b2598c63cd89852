import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { Params, RouteObject } from 'react-router';
import type { CurrentMember, NetworkShell, Unreads } from '@agora/contracts';
import type { UserbarModuleKey } from './shell/active-module.ts';

/**
 * What a page asks the server for first. The shell asks for it as soon as the session is known,
 * while the page's code and translations still load, rather than once the page has rendered.
 */
export type RoutePreload = (queryClient: QueryClient, route: { params: Params; search: URLSearchParams }) => void;

/** The `handle` of a route of the shell. */
export type RouteHandle = { preload?: RoutePreload };

/** A route pattern, the user-bar module it belongs to, and optionally a priority. */
export type ActiveModuleRule = readonly [pattern: string, module: UserbarModuleKey, priority?: number];

/** What entries of the shell decide on: who is signed in, where, and what is unread. */
export type ShellContext = { network: NetworkShell; member: CurrentMember; unreads: Unreads | undefined };

export type Icon = ComponentType<{ size?: number | string; stroke?: number; 'aria-hidden'?: boolean }>;

/** A module of the user bar's switcher (Channels, Activities, ..., Info), with its own bar. */
export type UserbarEntry = {
  module: UserbarModuleKey | 'more';
  /** `namespace:key` of the label. */
  label: string;
  icon: Icon;
  path: string;
  order: number;
  unread?: (unreads: Unreads) => number;
  visible?: (context: ShellContext) => boolean;
  /** What the user bar shows below the switcher while this module is active. */
  bar?: ComponentType;
};

export type UserMenuSection = 'personal' | 'settings' | 'administration' | 'general';

/** A link of the profile dropdown, shown only where `visible` allows. */
export type UserMenuEntry = {
  key: string;
  label: string;
  section: UserMenuSection;
  order: number;
  path: (context: ShellContext) => string;
  visible?: (context: ShellContext) => boolean;
  /**
   * A hook that decides too, for what only the server knows (a permission of a call): the
   * link shows once it answers true. Called while the menu is open.
   */
  useVisible?: () => boolean;
  unread?: (unreads: Unreads) => number;
  /**
   * One link per element instead of one (a link per group category the member administrates):
   * each with its own path and the values of the label.
   */
  each?: (context: ShellContext) => Array<{ key: string; path: string; values: Record<string, string> }>;
};

/** A button of the header beside the bell (the chat button, say). */
export type HeaderAction = {
  key: string;
  order: number;
  component: ComponentType;
  visible?: (context: ShellContext) => boolean;
};

/** The groups of the administration home, in their order. */
export const ADMINISTRATION_SECTIONS = ['network', 'people', 'content', 'records'] as const;
export type AdministrationSection = (typeof ADMINISTRATION_SECTIONS)[number];

/** A link of the administration home. */
export type AdministrationEntry = {
  key: string;
  /** Under which heading of the administration home it is. */
  section: AdministrationSection;
  label: string;
  description: string;
  icon: Icon;
  path: string;
  /** Where only some networks have the page (a feature the operator may switch off). Absent: always. */
  visible?: (network: NetworkShell) => boolean;
};

/** A group or group category whose design applies on a page. */
export type ThemeContextRef = { type: 'group'; slug: string } | { type: 'group_category'; slug: string };

/**
 * Finds the groups or categories a page belongs to (an appointment's calendars, a file's
 * folder ...), for the theme context routes of the administration spec, section 2.
 */
export type ThemeContextResolver = {
  pattern: string;
  resolve: (
    params: Record<string, string | undefined>,
    search: URLSearchParams,
    queryClient: QueryClient,
  ) => Promise<ThemeContextRef[]>;
};

/**
 * One feature of the web app as the shell sees it. A feature lists itself in features.ts
 * and brings its routes, user-bar module, menu links and unread counters: the shell itself
 * never changes for a new feature.
 */
export type FeatureModule = {
  key: string;
  /**
   * The translation namespaces of the feature's pages: each of its routes waits for them, so a
   * page never shows raw keys. The shell's own namespaces (common, shell, ui, upload) are always there.
   */
  namespaces?: string[];
  /** Pages for signed-in members, inside the shell. */
  routes?: RouteObject[];
  /** Pages anonymous visitors may open too (inside the shell when signed in). */
  publicRoutes?: RouteObject[];
  /** Pages outside the shell (sign-in, password reset). */
  standaloneRoutes?: RouteObject[];
  /**
   * Route patterns and the user-bar module they belong to (the administration spec, section 2).
   * The first match wins: entries with a lower `priority` (default 0) are tried first, then the
   * order of the features and of their entries.
   */
  activeModules?: ActiveModuleRule[];
  userbar?: UserbarEntry[];
  userMenu?: UserMenuEntry[];
  headerActions?: HeaderAction[];
  administration?: AdministrationEntry[];
  themeContexts?: ThemeContextResolver[];
};
