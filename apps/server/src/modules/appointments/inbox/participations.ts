import {
  ID_PATTERN,
  type AppointmentParticipation,
  type LinkPage,
  type participationsQuerySchema,
} from '@agora/contracts';
import type { z } from 'zod';
import { unprocessable } from '../../../platform/errors.ts';
import type { Actor } from '../../../platform/policy/index.ts';
import type { InvitablePresenter } from './present.ts';
import type { InboxRepository } from './repository.ts';

export type ParticipationsQuery = z.output<typeof participationsQuerySchema>;

/** The participations list's position: the row's sort time and id, and the first page's now. */
type Cursor = { at: string; id: string; now: string };

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

function decodeCursor(raw: string): Cursor {
  try {
    const value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Partial<Cursor>;
    const valid =
      typeof value.at === 'string' &&
      !Number.isNaN(Date.parse(value.at)) &&
      typeof value.id === 'string' &&
      ID_PATTERN.test(value.id) &&
      typeof value.now === 'string' &&
      !Number.isNaN(Date.parse(value.now));
    if (valid) return value as Cursor;
  } catch {
    // Falls through to the 422 below.
  }
  throw unprocessable({ cursor: ['invalid'] });
}

/**
 * The participations lists of the invites inbox (calendars spec, section 2: the upcoming,
 * accepted and declined tabs). A page costs a constant number of queries.
 */
export function createParticipations(deps: {
  repository: Pick<InboxRepository, 'participationsPage'>;
  presentInvitables: InvitablePresenter;
}) {
  /** `GET /api/v1/participations?status=...`: paged by `next` (an opaque cursor). */
  return async function participations(
    actor: Actor,
    query: ParticipationsQuery,
    now: Date = new Date(),
  ): Promise<LinkPage<AppointmentParticipation>> {
    const cursor = query.cursor ? decodeCursor(query.cursor) : null;
    const pinned = cursor ? new Date(cursor.now) : now;
    const rows = await deps.repository.participationsPage(actor.networkId, actor.membershipId, query.status, {
      limit: query.limit,
      now: pinned,
      after: cursor ? { at: cursor.at, id: cursor.id } : undefined,
    });
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    const next =
      rows.length > query.limit && last
        ? `/api/v1/participations?${new URLSearchParams({
            status: query.status,
            limit: String(query.limit),
            cursor: encodeCursor({ at: last.sortAt, id: last.id, now: pinned.toISOString() }),
          })}`
        : null;
    const invitables = await deps.presentInvitables(
      actor,
      page.map((r) => ({ appointment: r.appointment, key: r.occurrenceKey, snapshot: null })),
    );
    const items = page.flatMap((row, index): AppointmentParticipation[] => {
      const presented = invitables[index];
      if (!presented || row.status === 'removed') return [];
      return [
        {
          id: row.id,
          status: row.status,
          invitable: presented.invitable,
          invitable_type: presented.invitableType,
        },
      ];
    });
    return { items, next };
  };
}
