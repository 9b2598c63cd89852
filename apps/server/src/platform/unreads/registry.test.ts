import { describe, expect, it } from 'vitest';
import type { Actor } from '../policy/index.ts';
import { createUnreadsRegistry } from './registry.ts';

const actor: Actor = {
  userId: 'u',
  membershipId: 'm',
  networkId: 'n',
  isNetworkAdmin: false,
  isExternal: false,
  locale: null,
  sessionId: 's',
};

describe('the unreads registry', () => {
  it('counts nothing for features that registered no counter', async () => {
    const unreads = createUnreadsRegistry();
    expect(await unreads.count(actor)).toEqual({
      Notifications: 0,
      GroupInvites: 0,
      Calendars: 0,
      GroupJoinRequests: [],
      Invites: 0,
      Messages: 0,
      Activities: 0,
      Files: 0,
    });
  });

  it("asks each registered counter for the member's count", async () => {
    const unreads = createUnreadsRegistry();
    unreads.register('Notifications', async (a) => (a.membershipId === 'm' ? 3 : 0));
    unreads.register('GroupJoinRequests', async () => [{ group_id: 'g', group_slug: 'team', open_join_requests: 2 }]);
    expect(await unreads.count(actor)).toEqual({
      Notifications: 3,
      GroupInvites: 0,
      Calendars: 0,
      GroupJoinRequests: [{ group_id: 'g', group_slug: 'team', open_join_requests: 2 }],
      Invites: 0,
      Messages: 0,
      Activities: 0,
      Files: 0,
    });
  });

  it('runs the counters side by side', async () => {
    const unreads = createUnreadsRegistry();
    const started: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    unreads.register('Notifications', async () => {
      started.push('Notifications');
      await gate;
      return 1;
    });
    unreads.register('Invites', async () => {
      started.push('Invites');
      await gate;
      return 2;
    });
    const counting = unreads.count(actor);
    await Promise.resolve();
    // Both started before either finished.
    expect(started).toEqual(['Notifications', 'Invites']);
    release();
    expect(await counting).toMatchObject({ Notifications: 1, Invites: 2 });
  });

  it('does not let two modules count the same thing', () => {
    const unreads = createUnreadsRegistry();
    unreads.register('Calendars', async () => 0);
    expect(() => unreads.register('Calendars', async () => 1)).toThrow(/registered already/);
  });

  it('gives each answer its own empty list', async () => {
    const unreads = createUnreadsRegistry();
    const first = await unreads.count(actor);
    first.GroupJoinRequests.push({ group_id: 'x', group_slug: 'x', open_join_requests: 1 });
    expect((await unreads.count(actor)).GroupJoinRequests).toEqual([]);
  });
});
