import type { Db } from '../db/client.ts';

/** What a write records about itself, in its own transaction. */
export type EventInput = {
  networkId: string;
  /** `{subject}.{verb}`, such as `appointment.canceled`. */
  type: string;
  /** The membership that acted; null or absent for what the system does by itself. */
  actorId?: string | null;
  subject: { type: string; id: string };
  /** What the subject belongs to (its group, calendar ...). */
  context?: { type: string; id: string } | null;
  /** What changed and what processors need, as it is now: processors run later. */
  changes?: Record<string, unknown>;
};

/** An event as processors get it. */
export type StoredEvent = {
  id: number;
  networkId: string;
  type: string;
  actorId: string | null;
  subject: { type: string; id: string };
  context: { type: string; id: string } | null;
  changes: Record<string, unknown>;
  createdAt: Date;
};

export type ProcessorContext = {
  /**
   * The processor's one transaction: what it writes there commits together with the marker that
   * the event is handled, so it is written once. Reads may come before it, outside; inside, only
   * `tx` may be used (the embedded database runs one transaction at a time). A processor that
   * never calls it is marked handled when it returns (its effects must be idempotent).
   */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  /** Runs once the processor's writes are committed (live pushes that can be rebuilt from rows). */
  afterCommit(fn: () => unknown): void;
  /** 1 on the first try. */
  attempt: number;
};

/**
 * What a module does when events happen. Each event is handled once by each processor that
 * names its type (or `*`): its writes and the "handled" marker commit together, and events of
 * one subject reach it in the order they were recorded.
 */
export type Processor = {
  /** Unique and stable: pending work is stored under it. */
  name: string;
  types: readonly string[];
  handle(event: StoredEvent, context: ProcessorContext): Promise<void>;
};
