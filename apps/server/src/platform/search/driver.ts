import type { SearchHighlight, SearchModule, SearchSort } from '@agora/contracts';
import type { Db } from '../db/client.ts';
import type { SearchConfig } from './language.ts';
import type { SearchDocument } from './types.ts';

/** One indexed object, as drivers name it. */
export type SearchRef = { module: SearchModule; id: string };

/** What a driver is asked: one page of hits of some modules, with every module's total. */
export type DriverQuery = {
  networkId: string;
  /** The network's text search configuration: the query is stemmed with it (and taken as written). */
  config: SearchConfig;
  q: string;
  modules: readonly SearchModule[];
  /** Modules whose titles are names: found also by a part of them ("Schm" finds "Schmidt"). */
  nameModules: readonly SearchModule[];
  /** The member's access keys: a document matches only when it shares one. */
  keys: string[];
  groupId: string | null;
  sort: SearchSort;
  /** Hits of each module skipped and taken (the overview: 0 and 5 of every module). */
  offset: number;
  limit: number;
};

export type DriverResult = {
  /** In rank order within each module. */
  hits: SearchRef[];
  /** Each module's matches, counted up to `countMax` + 1 (more than `countMax`: capped). */
  totals: Partial<Record<SearchModule, number>>;
};

/**
 * Where the index lives. The service decides what is indexed and who may find what; a driver
 * only stores documents and answers queries over them, so another engine (OpenSearch) is a new
 * driver and no module changes. `db` is the transaction of the write that indexes (the event
 * processor's); a driver outside the database ignores it.
 */
export type SearchDriver = {
  /** Adds or replaces documents; `config` is the network's configuration for `language: 'network'`. */
  upsert(docs: SearchDocument[], config: SearchConfig, db?: Db): Promise<void>;
  /** Removes documents; unknown ones are no error. */
  remove(networkId: string, refs: SearchRef[], db?: Db): Promise<void>;
  /** A point in time from the index's clock, for `removeIndexedBefore`. */
  now(): Promise<Date>;
  /** Removes the documents of a module not written since `before` (what a full reindex did not see). */
  removeIndexedBefore(networkId: string, module: SearchModule, before: Date): Promise<number>;
  query(query: DriverQuery): Promise<DriverResult>;
  /** The highlighted fragments of some documents (those returned), by `{module}:{id}`. */
  highlight(
    query: Pick<DriverQuery, 'networkId' | 'config' | 'q' | 'nameModules'>,
    refs: SearchRef[],
  ): Promise<Map<string, SearchHighlight>>;
};
