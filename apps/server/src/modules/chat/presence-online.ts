import { rooms, type Realtime } from '../../platform/realtime/index.ts';

/**
 * The rooms of a member's presence: the connections that show the member join them, and
 * presence pushes about the member go to them alone (not the whole network). `partner` rooms
 * are joined by the server for the partners of direct chats; `watch` rooms by `presence_watch`.
 */
export const presenceRooms = {
  partner: (membershipId: string) => `presence:${membershipId}`,
  watch: (membershipId: string) => `presence-watch:${membershipId}`,
};

/** A member with at least one live connection: since when, and whether an external member. */
export type Connected = { onlineAt: string; external: boolean };
/** One live connection of a member, on any server process. */
export type Connection = { id: string; connectedAt: string };

/** How long a network's list of connected members is reused before it is fetched again. */
export const ONLINE_TTL_MS = 2000;

/**
 * Who is connected, per network, across every server process.
 *
 * Why a short cache rather than asking each time: `fetchSockets` of the network room is exact
 * on every process, but with the Redis adapter each call makes every other process serialise
 * each of its sockets in the room (handshake headers and all) - megabytes for a network of
 * 10,000 members, for every client that asks `network_info` or `my_chats`, and many ask at once
 * after a restart. A per-process map of this process's own connections would be cheap, but it
 * would still need the other processes' lists, that is the same fetch. So a network's list is
 * fetched at most once per ONLINE_TTL_MS per process, concurrent askers share that one fetch,
 * and what this process sees itself (its own connections coming and going) is applied to the
 * cached list at once. Changes on other processes show after at most ONLINE_TTL_MS; clients
 * learn them at once anyway, from the `set_status` pushes.
 */
export function createOnlineMembers(realtime: Realtime, ttlMs = ONLINE_TTL_MS, now: () => number = Date.now) {
  const cache = new Map<string, { fetchedAt: number; members: Promise<Map<string, Connected>> }>();

  async function fetchNetwork(networkId: string): Promise<Map<string, Connected>> {
    const members = new Map<string, Connected>();
    for (const socket of await realtime.fetchSockets(rooms.network(networkId))) {
      const { actor, connectedAt } = socket.data;
      const known = members.get(actor.membershipId);
      if (!known || connectedAt < known.onlineAt) {
        members.set(actor.membershipId, { onlineAt: connectedAt, external: actor.isExternal });
      }
    }
    return members;
  }

  /** Applies a change this process saw to the cached list, once its fetch (if any is under way) is done. */
  function patch(networkId: string, change: (members: Map<string, Connected>) => void): void {
    const entry = cache.get(networkId);
    if (entry) void entry.members.then(change, () => {});
  }

  return {
    /** The connected members of the network, by membership id. */
    network(networkId: string): Promise<Map<string, Connected>> {
      const entry = cache.get(networkId);
      if (entry && now() - entry.fetchedAt < ttlMs) return entry.members;
      const members = fetchNetwork(networkId);
      cache.set(networkId, { fetchedAt: now(), members });
      // A failed fetch is not kept: the next asker tries again.
      members.catch(() => {
        if (cache.get(networkId)?.members === members) cache.delete(networkId);
      });
      return members;
    },

    /**
     * These members' connections, on every process, exactly (not from the cached list): one
     * fetch of their rooms, where the other processes answer only those members' sockets.
     */
    async members(membershipIds: string[]): Promise<Map<string, Connected>> {
      const members = new Map<string, Connected>();
      if (membershipIds.length === 0) return members;
      for (const socket of await realtime.fetchSockets(membershipIds.map(rooms.member))) {
        const { actor, connectedAt } = socket.data;
        const known = members.get(actor.membershipId);
        if (!known || connectedAt < known.onlineAt) {
          members.set(actor.membershipId, { onlineAt: connectedAt, external: actor.isExternal });
        }
      }
      return members;
    },

    /** The member's live connections on every process, each once. */
    async connectionsOf(membershipId: string): Promise<Connection[]> {
      const sockets = await realtime.fetchSockets(rooms.member(membershipId));
      return sockets.map((s) => ({ id: s.id, connectedAt: s.data.connectedAt }));
    },

    /** A connection of this process opened. */
    connected(networkId: string, membershipId: string, entry: Connected): void {
      patch(networkId, (members) => {
        const known = members.get(membershipId);
        if (!known || entry.onlineAt < known.onlineAt) members.set(membershipId, entry);
      });
    },

    /** The member's last connection closed. */
    disconnected(networkId: string, membershipId: string): void {
      patch(networkId, (members) => members.delete(membershipId));
    },
  };
}
export type OnlineMembers = ReturnType<typeof createOnlineMembers>;

/** The earliest of the connections (ties broken by id, so that every process picks the same one). */
export function earliest(connections: Connection[]): Connection | undefined {
  let first: Connection | undefined;
  for (const c of connections) {
    if (!first || c.connectedAt < first.connectedAt || (c.connectedAt === first.connectedAt && c.id < first.id)) {
      first = c;
    }
  }
  return first;
}
