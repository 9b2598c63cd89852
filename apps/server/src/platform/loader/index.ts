export {
  defineModule,
  type AnyModule,
  type ModuleDefinition,
  type ModuleRoutes,
  type Platform,
  type PlatformLog,
  type ServicesOf,
  type TranslatableSource,
} from './definition.ts';
export { loadModules, orderModules, type LoadedModules } from './loader.ts';
