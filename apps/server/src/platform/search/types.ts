import type { SearchHits, SearchModule } from '@agora/contracts';
import type { StoredEvent } from '../events/index.ts';
import type { Actor } from '../policy/actor.ts';

/**
 * One findable object as its module describes it: the text to find it by and who may find it.
 * The search service turns it into an index entry (a row of `search_documents`, or a document of
 * another engine's driver); modules never see how it is stored.
 */
export type SearchDocument = {
  module: SearchModule;
  /** The hit's id within its module (the activity's, the message's ...). */
  id: string;
  networkId: string;
  /** The group it belongs to (the group search looks only at these); null otherwise. */
  groupId: string | null;
  /**
   * Who may find it: a member finds it when holding one of these keys (see `accessKeys`). Keys
   * start with the module's name (`activities:group:{id}`, `messages:member:{id}`), so that the
   * keys of one module never open another's documents.
   */
  access: string[];
  /** Plain text (no HTML): what is highlighted and found. The title weighs most. */
  title: string;
  content: string;
  /** Text extracted from attached files (a file's PDF or office text). */
  attachmentContent?: string;
  /** Profile values (a file's or a member's). */
  valuesContent?: string;
  /**
   * `network`: stemmed in the network's language (German, English, Spanish, French), for texts;
   * `simple`: words as written, for names (members, groups, folders).
   */
  language: 'network' | 'simple';
  /** What "newest" sorts by. */
  sortAt: Date;
};

/** What a module registers for each search module it owns (`searchSources` of its definition). */
export type SearchSource<M extends SearchModule = SearchModule> = {
  module: M;
  /**
   * By event type, the ids of this module's documents an event may have changed (the subject,
   * the activity of a reply, every file of a moved folder ...). The search processor reloads them
   * after the event: what `load` no longer answers is removed from the index.
   */
  changedBy: Record<string, (event: StoredEvent) => string[] | Promise<string[]>>;
  /**
   * By event type, whether an event changed how every document of this module in the network is
   * made (the directory's profile fields decide a member's values): the module is then reindexed
   * in the network by a job, in pages.
   */
  reindexedBy?: Record<string, (event: StoredEvent) => boolean>;
  /** The documents as they are now; ids that are gone (deleted, no longer findable) are left out. */
  load(networkId: string, ids: string[]): Promise<SearchDocument[]>;
  /** Every document of a network in id order, a page at a time after `afterId`: a full reindex. */
  scan(networkId: string, afterId: string | null, limit: number): Promise<SearchDocument[]>;
  /**
   * Called after a full reindex of the network has written this module's documents: what the
   * documents need besides themselves and may lack (the files' texts never extracted) is asked for.
   */
  reindexed?(networkId: string): Promise<void>;
  /**
   * The access keys the member holds in this module, computed by the module's own rules in a
   * few queries (never per document): a member finds exactly the documents sharing one.
   */
  accessKeys(actor: Actor): Promise<string[]>;
  /**
   * The hits as the member sees them (the spec's hit type), in the order of `ids`, in batches (never
   * one query per hit). Ids the member can no longer open are left out.
   */
  present(actor: Actor, ids: string[]): Promise<Array<SearchHits[M]>>;
};
