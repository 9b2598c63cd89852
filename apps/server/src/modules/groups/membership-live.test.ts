import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Chat, UnreadsChangedEvent } from '@agora/contracts';
import {
  connectSocket,
  createNetwork,
  createTestApp,
  listenOnFreePort,
  nextEvent,
  signedInMember,
  type TestApp,
} from '../../testing/index.ts';

let t: TestApp;
let url: string;
let networkId: string;
let categoryId: string;

beforeAll(async () => {
  t = await createTestApp();
  url = await listenOnFreePort(t.app);
  networkId = (await createNetwork(t.services)).id;
  const [category] = await t.services.groups.createCategories(networkId, [
    { slug: 'live', name: 'Live', pluralName: 'Live' },
  ]);
  categoryId = category!.id;
});
afterAll(() => t.close());

describe('membership, live', () => {
  it("pushes the admins' new request counts, and the accepted member's pages get the group chat at once", async () => {
    const [group] = await t.services.groups.createGroups(networkId, [
      { groupCategoryId: categoryId, slug: 'live-closed', name: 'Live Closed', access: 'closed' },
    ]);
    const admin = await signedInMember(t.app, t.services, networkId);
    await t.services.groups.addMembers(networkId, [
      { groupId: group!.id, membershipId: admin.membership.id, role: 'admin' },
    ]);
    const asker = await signedInMember(t.app, t.services, networkId);
    await t.services.events.settled();
    const adminSocket = await connectSocket(url, { cookie: admin.session.cookie });
    const askerSocket = await connectSocket(url, { cookie: asker.session.cookie });
    try {
      const pushes: UnreadsChangedEvent[] = [];
      adminSocket.on('unreads:changed', (payload: UnreadsChangedEvent) => pushes.push(payload));
      await t.app.inject({ method: 'POST', url: `/api/v1/groups/${group!.id}/join`, headers: asker.session.headers });
      await t.services.events.settled();
      // The notification's push comes too; the counts are the ones that carry GroupJoinRequests.
      await expect
        .poll(() => pushes.find((p) => p.GroupJoinRequests)?.GroupJoinRequests, { timeout: 10_000 })
        .toEqual([{ group_id: group!.id, group_slug: 'live-closed', open_join_requests: 1 }]);

      const page = await t.app.inject({
        url: `/groups/live-closed/administration/join_requests`,
        headers: admin.session.headers,
      });
      const [request] = page.json<{ join_requests: Array<{ id: string }> }>().join_requests;
      const chat = nextEvent<Chat>(askerSocket, 'create_chat', 10_000);
      await t.app.inject({
        method: 'POST',
        url: `/groups/live-closed/administration/join_requests/${request!.id}/accept`,
        headers: admin.session.headers,
      });
      await t.services.events.settled();
      expect((await chat).id).toBe(`group/${group!.id}`);
    } finally {
      adminSocket.close();
      askerSocket.close();
    }
  });
});
