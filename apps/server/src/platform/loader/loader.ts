import type { UnreadCounter } from '../unreads/index.ts';
import type { AnyModule, ModuleRoutes, Platform, TranslatableSource, UnreadKey } from './definition.ts';

/**
 * The modules in an order in which each comes after those it needs, otherwise as listed.
 * Refuses a name given twice, a need no module has, and a cycle (naming it), so that a wrong
 * wiring stops the server at start-up instead of failing on some request later.
 */
export function orderModules<M extends AnyModule>(modules: readonly M[]): M[] {
  const byName = new Map<string, M>();
  for (const module of modules) {
    if (byName.has(module.name)) throw new Error(`The module ${module.name} is defined twice`);
    byName.set(module.name, module);
  }
  for (const module of modules) {
    for (const need of module.needs) {
      if (!byName.has(need)) throw new Error(`The module ${module.name} needs ${need}, which no module is`);
    }
  }
  const ordered: M[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (module: M, path: string[]) => {
    const seen = state.get(module.name);
    if (seen === 'done') return;
    if (seen === 'visiting') {
      const cycle = [...path.slice(path.indexOf(module.name)), module.name];
      throw new Error(`The modules need each other in a cycle: ${cycle.join(' -> ')}`);
    }
    state.set(module.name, 'visiting');
    for (const need of module.needs) visit(byName.get(need)!, [...path, module.name]);
    state.set(module.name, 'done');
    ordered.push(module);
  };
  for (const module of modules) visit(module, []);
  return ordered;
}

export type LoadedModules = {
  services: Record<string, unknown>;
  /** Every module's routes, in module order. */
  routes: ModuleRoutes[];
  /** The audit types of every module. */
  auditTypes: string[];
  /** The translatable object types of every module, by type. */
  translatables: Record<string, TranslatableSource>;
  /** Runs the modules' ready hooks (once the server's realtime and routes are in place). */
  ready(): Promise<void>;
};

/**
 * Makes each module's service from the services it needs, in order, and hands what it adds
 * to the platform (processors, storage owners, unread counters) to the platform services.
 */
export function loadModules(platform: Platform, modules: readonly AnyModule[]): LoadedModules {
  const services: Record<string, unknown> = {};
  const routes: ModuleRoutes[] = [];
  const auditTypes: string[] = [];
  const translatables: Record<string, TranslatableSource> = {};
  const readyHooks: Array<() => void | Promise<void>> = [];
  for (const module of orderModules(modules)) {
    const needs = Object.fromEntries(module.needs.map((name: string) => [name, services[name]]));
    const service: unknown = module.create(platform, needs);
    services[module.name] = service;
    for (const [type, policy] of Object.entries(module.storageOwners?.(service) ?? {})) {
      platform.storage.registerOwner(type, policy);
    }
    const counters = module.unreadCounters?.(service) ?? {};
    for (const key of Object.keys(counters) as UnreadKey[]) {
      platform.unreads.register(key, counters[key] as UnreadCounter<typeof key>);
    }
    for (const processor of module.processors?.(service, needs, platform) ?? []) platform.events.register(processor);
    for (const source of module.searchSources?.(service, needs, platform) ?? []) platform.search.register(source);
    for (const [type, keysOf] of Object.entries(module.cacheInvalidations ?? {})) platform.cache.register(type, keysOf);
    routes.push(...(module.routes?.(service, needs, platform) ?? []));
    auditTypes.push(...(module.auditTypes ?? []));
    for (const [type, source] of Object.entries(module.translatables?.(service, needs, platform) ?? {})) {
      if (translatables[type]) throw new Error(`The translatable type ${type} is defined twice`);
      translatables[type] = source;
    }
    if (module.ready) readyHooks.push(() => module.ready!(service, platform));
  }
  return {
    services,
    routes,
    auditTypes,
    translatables,
    async ready() {
      for (const hook of readyHooks) await hook();
    },
  };
}
