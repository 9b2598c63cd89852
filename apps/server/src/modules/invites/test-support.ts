// A kind of invite kept in memory, for the invites module's tests: the module lists, answers and
// counts it as it does the kinds of the modules that own invites.
import type { InviteListStatus } from '@agora/contracts';
import { unprocessable } from '../../platform/errors.ts';
import type { Actor } from '../../platform/policy/index.ts';
import { comparePositions, type InviteKind, type PresentedInvite } from './kinds.ts';

export type MemoryInvite = {
  id: string;
  membershipId: string;
  /** The position's time: ISO in UTC with microseconds. */
  at: string;
  status: 'open' | 'accepted' | 'declined' | 'obsolete';
};

export type MemoryInviteItem = PresentedInvite & { type: 'test_invite'; status: MemoryInvite['status'] };

const inTab = (invite: MemoryInvite, status: InviteListStatus) =>
  status === 'obsolete' ? invite.status === 'obsolete' : status === 'open' && invite.status === 'open';

/** A kind over an array of invites; `calls` records what the invites module asked of it. */
export function memoryInviteKind(name: string, invites: MemoryInvite[] = []) {
  const calls: Array<{ op: 'page' | 'find' | 'answer' | 'present'; count?: number }> = [];
  const position = (invite: MemoryInvite) => ({ at: invite.at, id: invite.id });
  const kind: InviteKind<MemoryInvite, MemoryInviteItem> = {
    name,
    async page(actor: Actor, request) {
      calls.push({ op: 'page' });
      return invites
        .filter((i) => i.membershipId === actor.membershipId && inTab(i, request.status))
        .filter((i) => !request.after || comparePositions(position(i), request.after) > 0)
        .sort((a, b) => comparePositions(position(a), position(b)))
        .slice(0, request.limit + 1);
    },
    position,
    async find(actor, id) {
      calls.push({ op: 'find' });
      return invites.find((i) => i.id === id && i.membershipId === actor.membershipId) ?? null;
    },
    async answer(_actor, invite, answer) {
      calls.push({ op: 'answer' });
      if (invite.status !== 'open') throw unprocessable({ base: ['invite_not_open'] });
      invite.status = answer === 'accept' ? 'accepted' : 'declined';
      return invite;
    },
    async present(_actor, rows) {
      calls.push({ op: 'present', count: rows.length });
      return rows.map((invite) => ({
        id: invite.id,
        type: 'test_invite' as const,
        created_at: new Date(invite.at).toISOString(),
        status: invite.status,
        can: { accept: invite.status === 'open', reject: invite.status === 'open' },
      }));
    },
    async openCount(actor) {
      return invites.filter((i) => i.membershipId === actor.membershipId && i.status === 'open').length;
    },
  };
  return { kind, invites, calls };
}
