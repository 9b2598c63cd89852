import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Cache, CacheInvalidation } from '../cache/index.ts';
import type { Database, Db } from '../db/client.ts';
import type { Events, Processor } from '../events/index.ts';
import type { Jobs } from '../jobs/jobs.ts';
import type { Limits } from '../limits/index.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { Actor } from '../policy/actor.ts';
import type { Realtime } from '../realtime/index.ts';
import type { SearchService, SearchSource } from '../search/index.ts';
import type { TextExtraction } from '../search/extraction/index.ts';
import type { Storage, StorageOwnerPolicy } from '../storage/index.ts';
import type { UnreadCounter, UnreadsRegistry } from '../unreads/index.ts';

export type PlatformLog = {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
};

/** What every module may use besides the services of the modules it needs. */
export type Platform = {
  database: Database;
  db: Db;
  config: Config;
  log: PlatformLog;
  /** The per-process cache of what every request reads, dropped across processes by events. */
  cache: Cache;
  events: Events;
  jobs: Jobs;
  mailer: Mailer;
  /** Each member's budgets of socket events and writes (token buckets). */
  limits: Limits;
  realtime: Realtime;
  unreads: UnreadsRegistry;
  storage: Storage;
  /** Global search: the modules' sources, the index and the search call. */
  search: SearchService;
  /** The text of stored PDF and office documents, extracted by a job for search. */
  textExtraction: TextExtraction;
};

/** A counter of the user bar (`Calendars`, `Notifications` ...). */
export type UnreadKey = Parameters<UnreadsRegistry['register']>[0];

/**
 * The fields of one object that a member may have translated, by name (HTML for rich text),
 * or null when the member cannot read it (the translation call then answers 404).
 */
export type TranslatableSource = (actor: Actor, id: string) => Promise<Record<string, string> | null>;

/** A Fastify plugin of a module's routes. */
export type ModuleRoutes = (app: FastifyInstance) => Promise<void>;

/**
 * One server module as the loader sees it: what it needs, what it makes, and what it adds to
 * the platform. `create` gets the services of exactly the modules named in `needs`, which the
 * loader makes first; a module never reaches a service made after its own.
 */
export type ModuleDefinition<Name extends string = string, Needs = object, Service = unknown, Demo = never> = {
  name: Name;
  /** The modules whose services this one uses (in `create`, its routes and its processors). */
  needs: ReadonlyArray<keyof Needs & string>;
  create(platform: Platform, needs: Needs): Service;
  /** Its HTTP routes, registered once every module is made. */
  routes?(service: Service, needs: Needs, platform: Platform): ModuleRoutes[];
  /** What it does when events happen (its own or other modules'). */
  processors?(service: Service, needs: Needs, platform: Platform): Processor[];
  /** The owner types of stored files it decides about (who reads, who changes). */
  storageOwners?(service: Service): Record<string, StorageOwnerPolicy>;
  /** The user bar's unread counters it keeps (`Calendars`, `Notifications` ...). */
  unreadCounters?(service: Service): { [K in UnreadKey]?: UnreadCounter<K> };
  /** What it makes findable in global search: one source per search module it owns. */
  searchSources?(service: Service, needs: Needs, platform: Platform): SearchSource[];
  /** The types of its objects that can be translated (`message` ...), each with its fields. */
  translatables?(service: Service, needs: Needs, platform: Platform): Record<string, TranslatableSource>;
  /** The audit log's event types its writes lead to. */
  auditTypes?: readonly string[];
  /**
   * The cache keys (`network:{id}`, `membership:{id}` ...) that events of a type change: recording
   * one drops the entries made of them, here at once and in every process after the commit.
   */
  cacheInvalidations?: Readonly<Record<string, CacheInvalidation>>;
  /**
   * Its part of the demo network (`npm start` on an empty database), run in module order once
   * the network, its people and groups exist; it may add what it made for the modules after it.
   */
  demo?(demo: Demo): Promise<void>;
  /** Runs once the server is ready (connection hooks, say). */
  ready?(service: Service, platform: Platform): void | Promise<void>;
};

// Any definition, whatever it needs and makes; the loader checks the names at start-up.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyModule = ModuleDefinition<string, any, any, any>;

/** Keeps a definition's literal name and the types of what it needs and makes. */
export function defineModule<const Name extends string, Needs extends object, Service, Demo = never>(
  definition: ModuleDefinition<Name, Needs, Service, Demo>,
): ModuleDefinition<Name, Needs, Service, Demo> {
  return definition;
}

/** The services of a list of modules, by name. */
export type ServicesOf<Modules extends readonly AnyModule[]> = {
  [M in Modules[number] as M['name']]: ReturnType<M['create']>;
};
