import { describe, expect, it } from 'vitest';
import { invitesQuerySchema, type InvitesQuery } from '@agora/contracts';
import type { Actor } from '../../platform/policy/index.ts';
import { decodePosition, encodePosition, positionAt } from './kinds.ts';
import { createInvitesService } from './service.ts';
import { memoryInviteKind, type MemoryInvite } from './test-support.ts';

const actor = (membershipId: string): Actor => ({
  userId: `u-${membershipId}`,
  membershipId,
  networkId: 'n1',
  isNetworkAdmin: false,
  isExternal: false,
  locale: null,
  sessionId: 's1',
});
const me = actor('m1');

const invite = (id: string, at: string, membershipId = 'm1'): MemoryInvite => ({
  id,
  membershipId,
  at: positionAt(at),
  status: 'open',
});

const query = (input: InvitesQuery) => invitesQuerySchema.parse(input);

/** Two kinds whose invites interleave in time, one of them with two invites of the same time. */
function twoKinds() {
  const invites = createInvitesService();
  const a = memoryInviteKind('appointments', [
    invite('a1', '2026-01-01T10:00:00.000001Z'),
    invite('a2', '2026-01-03T10:00:00Z'),
    invite('a3', '2026-01-05T10:00:00Z'),
    invite('ax', '2026-01-06T10:00:00Z', 'm2'),
  ]);
  const b = memoryInviteKind('other', [
    invite('b1', '2026-01-01T10:00:00Z'),
    invite('b2', '2026-01-03T10:00:00Z'),
    invite('b3', '2026-01-04T10:00:00.5Z'),
  ]);
  invites.registerKind(a.kind);
  invites.registerKind(b.kind);
  return { invites, a, b };
}

describe('positions', () => {
  it('keeps microseconds and orders newest first', () => {
    expect(positionAt('2026-01-01 10:00:00.1234+00')).toBe('2026-01-01T10:00:00.123400Z');
    expect(positionAt(new Date('2026-01-01T10:00:00.5Z'))).toBe('2026-01-01T10:00:00.500000Z');
    expect(positionAt('2026-01-01T11:00:00+01:00')).toBe('2026-01-01T10:00:00.000000Z');
    const position = { at: '2026-01-01T10:00:00.123456Z', id: '65f1c0ffee0000000000abcd' };
    expect(decodePosition(encodePosition(position))).toEqual(position);
    expect(decodePosition('garbage')).toBeNull();
    expect(decodePosition(Buffer.from('2026-01-01|x').toString('base64url'))).toBeNull();
  });
});

describe('createInvitesService().list', () => {
  it('merges the kinds newest first, ties by id', async () => {
    const { invites } = twoKinds();
    const page = await invites.list(me, query({}));
    expect(page.items.map((i) => i.id)).toEqual(['a3', 'b3', 'b2', 'a2', 'a1', 'b1']);
    expect(page.next).toBeNull();
  });

  it('pages across kinds with a cursor that neither skips nor repeats', async () => {
    const { invites } = twoKinds();
    for (const limit of [1, 2, 4]) {
      const seen: string[] = [];
      let next: string | null = `/api/v1/invites?status=open&limit=${limit}`;
      while (next) {
        const params = Object.fromEntries(new URL(next, 'http://x').searchParams);
        expect(params).not.toHaveProperty('filter');
        const page = await invites.list(me, query(params));
        expect(page.items.length).toBeLessThanOrEqual(limit);
        seen.push(...page.items.map((i) => i.id));
        next = page.next;
      }
      expect(seen).toEqual(['a3', 'b3', 'b2', 'a2', 'a1', 'b1']);
    }
  });

  it('lists one kind by its filter and keeps the filter in the next link', async () => {
    const { invites, b } = twoKinds();
    const page = await invites.list(me, query({ filter: 'appointments', limit: 2 }));
    expect(page.items.map((i) => i.id)).toEqual(['a3', 'a2']);
    expect(page.next).toMatch(/^\/api\/v1\/invites\?filter=appointments&status=open&limit=2&after=/);
    expect(b.calls).toEqual([]);
  });

  it('answers an empty page for a filter whose kind is not registered', async () => {
    const { invites } = twoKinds();
    expect(await invites.list(me, query({ filter: 'groups' }))).toEqual({ items: [], next: null });
  });

  it('refuses a position it did not write', async () => {
    const { invites } = twoKinds();
    await expect(invites.list(me, query({ after: 'garbage' }))).rejects.toMatchObject({
      statusCode: 422,
    });
  });

  it('presents each kind in one call', async () => {
    const { invites, a, b } = twoKinds();
    await invites.list(me, query({}));
    expect(a.calls.filter((c) => c.op === 'present')).toEqual([{ op: 'present', count: 3 }]);
    expect(b.calls.filter((c) => c.op === 'present')).toEqual([{ op: 'present', count: 3 }]);
  });
});

describe('createInvitesService().answer', () => {
  it('routes the answer to the kind that holds the invite', async () => {
    const { invites, a, b } = twoKinds();
    expect(await invites.answer(me, 'b2', 'accept')).toMatchObject({ id: 'b2', status: 'accepted' });
    expect(b.invites.find((i) => i.id === 'b2')?.status).toBe('accepted');
    expect(a.calls.some((c) => c.op === 'answer')).toBe(false);
    expect(await invites.answer(me, 'a1', 'reject')).toMatchObject({ id: 'a1', status: 'declined' });
  });

  it('answers 404 for an unknown id and for another member’s invite', async () => {
    const { invites } = twoKinds();
    await expect(invites.answer(me, 'nope', 'accept')).rejects.toMatchObject({ statusCode: 404 });
    await expect(invites.answer(me, 'ax', 'accept')).rejects.toMatchObject({ statusCode: 404 });
  });

  it('refuses a second kind of the same name', () => {
    const { invites } = twoKinds();
    expect(() => invites.registerKind(memoryInviteKind('other').kind)).toThrow(/registered already/);
  });
});

describe('createInvitesService().openCounts', () => {
  it('counts the open invites of each kind', async () => {
    const { invites } = twoKinds();
    await invites.answer(me, 'b1', 'accept');
    expect(await invites.openCounts(me)).toEqual({ appointments: 3, other: 2 });
  });
});
