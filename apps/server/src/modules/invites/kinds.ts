import type { InviteListStatus } from '@agora/contracts';
import type { Actor } from '../../platform/policy/index.ts';

/**
 * Where an invite stands in the newest-first order every kind shares: its creation time (ISO
 * 8601 in UTC with microseconds, as `positionAt` writes it) and its id. Ids are unique across
 * kinds (every module makes them with the same generator), so the pair orders all invites.
 */
export type InvitePosition = { at: string; id: string };

/** What every kind's presented invite has; `type` tells the web app which component shows it. */
export type PresentedInvite = {
  id: string;
  type: string;
  created_at: string;
  can: { accept: boolean; reject: boolean };
};

export type InviteAnswer = 'accept' | 'reject';

export type InvitePageRequest = {
  status: InviteListStatus;
  /** The page asks for one more than this, to know whether a page follows. */
  limit: number;
  /** Only invites strictly after this position (older, or as old with a smaller id). */
  after: InvitePosition | null;
  now: Date;
};

/**
 * A kind of invite (appointments', groups', channels'), registered by the module that owns its
 * tables. The invites module lists, answers and counts through these functions only.
 */
export type InviteKind<Row = unknown, Item extends PresentedInvite = PresentedInvite> = {
  /** The `filter` value that selects this kind (a name no filter names is listed only unfiltered). */
  name: string;
  /**
   * Up to `limit + 1` of the member's invites in one tab, newest first by position (created
   * at, then id, both descending), strictly after `after`.
   */
  page(actor: Actor, request: InvitePageRequest): Promise<Row[]>;
  /** A row's place in the shared order. */
  position(row: Row): InvitePosition;
  /** One of the member's own invites by id; null for an unknown id or another member's invite. */
  find(actor: Actor, id: string): Promise<Row | null>;
  /** Answers the invite (422 when it asks for no answer); answers the row as it now is. */
  answer(actor: Actor, row: Row, answer: InviteAnswer): Promise<Row>;
  /** Presents rows in one go, in their order; a row the member may no longer see answers null. */
  present(actor: Actor, rows: Row[], now: Date): Promise<Array<Item | null>>;
  /** How many of the member's invites ask for an answer. */
  openCount(actor: Actor): Promise<number>;
};

/** The position of a creation time: microseconds kept when the database gives them as text. */
export function positionAt(at: Date | string): string {
  if (at instanceof Date) return at.toISOString().replace('Z', '000Z');
  const match = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?(Z|[+-]00(?::?00)?)$/.exec(at);
  if (!match) return positionAt(new Date(at));
  return `${match[1]}T${match[2]}.${(match[3] ?? '').padEnd(6, '0')}Z`;
}

const POSITION_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** Newest first: a later creation time, then a greater id, comes first. */
export function comparePositions(a: InvitePosition, b: InvitePosition): number {
  if (a.at !== b.at) return a.at < b.at ? 1 : -1;
  if (a.id !== b.id) return a.id < b.id ? 1 : -1;
  return 0;
}

/** The `after` of a next link: opaque to clients, so that its form can change. */
export function encodePosition(position: InvitePosition): string {
  return Buffer.from(`${position.at}|${position.id}`).toString('base64url');
}

/** Null for anything `encodePosition` did not write. */
export function decodePosition(raw: string): InvitePosition | null {
  const [at, id, ...rest] = Buffer.from(raw, 'base64url').toString('utf8').split('|');
  if (rest.length > 0 || !at || !id || !POSITION_AT.test(at) || Number.isNaN(Date.parse(at))) return null;
  if (!/^[0-9a-z_-]{1,64}$/i.test(id)) return null;
  return { at, id };
}
