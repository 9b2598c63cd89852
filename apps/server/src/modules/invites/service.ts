import type { invitesQuerySchema, LinkPage } from '@agora/contracts';
import type { z } from 'zod';
import { notFound, unprocessable } from '../../platform/errors.ts';
import type { Actor } from '../../platform/policy/index.ts';
import {
  comparePositions,
  decodePosition,
  encodePosition,
  type InviteAnswer,
  type InviteKind,
  type InvitePosition,
  type PresentedInvite,
} from './kinds.ts';

export type InvitesQuery = z.output<typeof invitesQuerySchema>;

/** A kind's row together with the kind it came from. */
type Entry = { kind: InviteKind; row: unknown; position: InvitePosition };

/**
 * The invites of every kind (calendars spec, section 7; administration spec, section 3): the
 * modules that own invites register their kind, this module lists them page by page (one kind,
 * or all merged newest first), routes an answer to the kind of the invite and counts them. It
 * knows no module's tables.
 */
export function createInvitesService() {
  const kinds = new Map<string, InviteKind>();

  async function pageOf(kind: InviteKind, actor: Actor, query: InvitesQuery, after: InvitePosition | null, now: Date) {
    const rows = await kind.page(actor, { status: query.status, limit: query.limit, after, now });
    return rows.map((row): Entry => ({ kind, row, position: kind.position(row) }));
  }

  /** Presents entries of several kinds, each kind's in one call, in the entries' order. */
  async function present(actor: Actor, entries: Entry[], now: Date): Promise<PresentedInvite[]> {
    const byKind = new Map<InviteKind, number[]>();
    entries.forEach((entry, index) => byKind.set(entry.kind, [...(byKind.get(entry.kind) ?? []), index]));
    const presented: Array<PresentedInvite | null> = entries.map(() => null);
    await Promise.all(
      [...byKind].map(async ([kind, indexes]) => {
        const items = await kind.present(
          actor,
          indexes.map((i) => entries[i]!.row),
          now,
        );
        indexes.forEach((entryIndex, i) => (presented[entryIndex] = items[i] ?? null));
      }),
    );
    return presented.filter((item): item is PresentedInvite => item !== null);
  }

  return {
    /** Called by the module that owns a kind of invite, once, when it is created. */
    registerKind<Row, Item extends PresentedInvite>(kind: InviteKind<Row, Item>): void {
      if (kinds.has(kind.name)) throw new Error(`An invite kind ${kind.name} is registered already`);
      kinds.set(kind.name, kind as unknown as InviteKind);
    },

    /**
     * `GET /api/v1/invites`: one page, newest first, of one kind (`filter`) or of all of them.
     * Each kind gives its first `limit + 1` after the position; merged, the first `limit` are
     * the page, and the last of them is where the next page starts for every kind.
     */
    async list(actor: Actor, query: InvitesQuery, now: Date = new Date()): Promise<LinkPage<PresentedInvite>> {
      const after = query.after === undefined ? null : decodePosition(query.after);
      if (query.after !== undefined && !after) throw unprocessable({ after: ['invalid'] });
      const selected = query.filter ? [kinds.get(query.filter)].filter((k) => k !== undefined) : [...kinds.values()];
      const pages = await Promise.all(selected.map((kind) => pageOf(kind, actor, query, after, now)));
      const merged = pages.flat().sort((a, b) => comparePositions(a.position, b.position));
      const page = merged.slice(0, query.limit);
      const last = page.at(-1);
      const next =
        merged.length > query.limit && last
          ? `/api/v1/invites?${new URLSearchParams({
              ...(query.filter ? { filter: query.filter } : {}),
              status: query.status,
              limit: String(query.limit),
              after: encodePosition(last.position),
            })}`
          : null;
      return { items: await present(actor, page, now), next };
    },

    /**
     * `POST /api/v1/invites/{id}/accept` and `/reject`: the kind that holds the member's invite
     * answers it (404 when none does, also for another member's invite). Answers the invite as
     * it now is.
     */
    async answer(actor: Actor, id: string, answer: InviteAnswer): Promise<PresentedInvite> {
      const all = [...kinds.values()];
      const found = await Promise.all(all.map((kind) => kind.find(actor, id)));
      const index = found.findIndex((row) => row !== null);
      const kind = all[index];
      if (!kind) throw notFound();
      const row = await kind.answer(actor, found[index], answer);
      const [presented] = await kind.present(actor, [row], new Date());
      if (!presented) throw notFound();
      return presented;
    },

    /** How many invites of each registered kind ask for the member's answer. */
    async openCounts(actor: Actor): Promise<Record<string, number>> {
      const all = [...kinds.values()];
      const counts = await Promise.all(all.map((kind) => kind.openCount(actor)));
      return Object.fromEntries(all.map((kind, i) => [kind.name, counts[i]!]));
    },
  };
}

export type InvitesService = ReturnType<typeof createInvitesService>;
