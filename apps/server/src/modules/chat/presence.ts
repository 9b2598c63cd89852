import { type z } from 'zod';
import {
  CHAT_EVENTS,
  emptyPayloadSchema,
  mayChat,
  presenceWatchSchema,
  setStatusSchema,
  type ChatNetworkInfo,
  type ChatProfile,
  type ChatPushes,
  type ChatStatus,
  type NetworkSettings,
  type PresenceEntry,
  type PresenceWatchAnswer,
} from '@agora/contracts';
import type { Db } from '../../platform/db/client.ts';
import { allows, type Actor } from '../../platform/policy/index.ts';
import { rooms, type Realtime, type RealtimeSocket } from '../../platform/realtime/index.ts';
import { memberName, memberPolicy, type MembersService, type MembershipRow } from '../members/index.ts';
import type { NetworkRow, NetworksService } from '../networks/index.ts';
import { chatErrors } from './errors.ts';
import { listen, type GatewayLog, type Handler } from './gateway.ts';
import { createOnlineMembers, earliest, presenceRooms } from './presence-online.ts';
import { createPresenceRepository, DEFAULT_STATUS, type ChosenStatus } from './presence-repository.ts';

export type ChatPresenceDeps = {
  db: Db;
  realtime: Realtime;
  members: MembersService;
  networks: NetworksService;
  /** Where unexpected failures of the events and announcements go (the app log). */
  log?: GatewayLog;
  /** How long a member who left may come back before they are announced offline (COALESCE_MS). */
  coalesceMs?: number;
};
export type ChatPresence = ReturnType<typeof createChatPresence>;

const OFFLINE: ChatStatus = { type: 'offline', text: '' };

/**
 * A member's last connection closing is announced this long after, when they have not come
 * back: a reload, a reconnect or a tab replacing another pushes nothing at all.
 */
export const COALESCE_MS = 1000;

/** What a connection keeps of its `presence_watch`: the members it watches. */
const WATCHED = 'presenceWatched';

/** What others see of a chosen status: invisible members look offline. */
function shown(status: ChosenStatus): ChatStatus {
  return status.type === 'invisible' ? OFFLINE : status;
}

/** Whether a connected member takes part in the chat's presence: externals only where guests may chat. */
function inChat(external: boolean, settings: NetworkSettings): boolean {
  return mayChat({ isExternal: external }, settings);
}

/**
 * Presence in the chat (communication spec 4 "Chat"): each member's chosen status (online,
 * busy, invisible, with a text) is stored; whether they are online is known from their live
 * connections on every server process. The events `my_profile`, `network_info`, `set_status`
 * and `presence_watch`, and the `set_status` pushes when a member's first connection opens or
 * the last one closes. A network whose show_online_status is off gets no presence at all.
 *
 * Pushes go only to the connections that show the member (so they grow with the members
 * online, not with their square): the partners of the member's direct chats, whose chat list
 * and room show it (each connection joins its partners' presence rooms when it opens, and both
 * members when a direct chat begins), and the connections that watch the member through
 * `presence_watch` (a page with online dots). Group and network chats show no presence.
 */
export function createChatPresence(deps: ChatPresenceDeps) {
  const repository = createPresenceRepository(deps.db);
  const online = createOnlineMembers(deps.realtime);
  const coalesceMs = deps.coalesceMs ?? COALESCE_MS;
  /** Members whose last connection on this process closed and who are not announced offline yet. */
  const leaving = new Map<string, ReturnType<typeof setTimeout>>();

  async function networkOf(networkId: string): Promise<{ network: NetworkRow; settings: NetworkSettings }> {
    const network = await deps.networks.get(networkId);
    if (!network) throw chatErrors.notFound();
    return { network, settings: deps.networks.settings(network) };
  }

  /** The actor's membership, as it is now (it may have been locked since the connection opened). */
  async function membershipOf(actor: Actor): Promise<MembershipRow> {
    const membership = await deps.members.find(actor.networkId, actor.membershipId);
    if (!membership) throw chatErrors.notFound();
    return membership;
  }

  function canChat(actor: Actor, membership: MembershipRow, settings: NetworkSettings): boolean {
    return allows(memberPolicy, 'chat', actor, { membership, guestUsersAllowChat: settings.guest_users_allow_chat });
  }

  /** The actor's profile, and whether they may chat at all; the other events need them to. */
  async function load(actor: Actor) {
    const [membership, { network, settings }] = await Promise.all([membershipOf(actor), networkOf(actor.networkId)]);
    return { membership, network, settings, canChat: canChat(actor, membership, settings) };
  }

  async function loadChatting(actor: Actor) {
    const loaded = await load(actor);
    if (!loaded.canChat) throw chatErrors.chatDisabled();
    return loaded;
  }

  function present(membership: MembershipRow, status: ChosenStatus, mayChat: boolean): ChatProfile {
    return {
      id: membership.id,
      name: memberName(membership),
      image_id: membership.profileImageId,
      is_external: membership.isExternal,
      status: { type: status.type, text: status.text },
      can: { chat: mayChat, start_private_chats: mayChat && !membership.isExternal },
    };
  }

  function pushStatus(membershipId: string, status: ChatStatus, onlineAt: string | null): void {
    const push: ChatPushes['set_status'] = {
      member_id: membershipId,
      type: status.type,
      text: status.text,
      online_at: status.type === 'offline' ? null : onlineAt,
    };
    deps.realtime.toRooms(
      [presenceRooms.partner(membershipId), presenceRooms.watch(membershipId)],
      CHAT_EVENTS.setStatus,
      push,
    );
  }

  /** Makes the connection show the partners of the member's direct chats (their pushes reach it). */
  async function watchPartners(socket: RealtimeSocket): Promise<void> {
    const { actor } = socket.data;
    const partners = await repository.partners(actor.networkId, actor.membershipId);
    if (partners.length > 0 && socket.connected) await socket.join(partners.map(presenceRooms.partner));
  }

  /**
   * Announces a member online when this is their first connection. Several tabs may open at
   * once, on different processes: each sees the member's connections after joining the member's
   * room, so the one that sees no earlier connection than its own announces. At least one does;
   * rarely two do, which is harmless.
   */
  async function announceConnected(socket: RealtimeSocket): Promise<void> {
    const { actor, connectedAt } = socket.data;
    online.connected(actor.networkId, actor.membershipId, { onlineAt: connectedAt, external: actor.isExternal });
    const pending = leaving.get(actor.membershipId);
    if (pending) {
      // Back before the offline went out: those who show the member saw no change.
      clearTimeout(pending);
      leaving.delete(actor.membershipId);
      return;
    }
    const { settings } = await networkOf(actor.networkId);
    if (!settings.show_online_status || !inChat(actor.isExternal, settings)) return;
    const first = earliest(await online.connectionsOf(actor.membershipId));
    if (first?.id !== socket.id) return;
    const status = await repository.status(actor.networkId, actor.membershipId);
    if (status.type === 'invisible') return;
    pushStatus(actor.membershipId, status, first.connectedAt);
  }

  /**
   * Announces a member offline when their last connection, on any process, has closed and they
   * did not come back within `coalesceMs`.
   */
  function disconnected(socket: RealtimeSocket): void {
    const { actor } = socket.data;
    clearTimeout(leaving.get(actor.membershipId));
    const timer = setTimeout(() => {
      if (leaving.get(actor.membershipId) !== timer) return;
      leaving.delete(actor.membershipId);
      // A process that stops has no database left to ask; its members' clients reconnect
      // to another process, where they are online again.
      if (deps.realtime.isClosing()) return;
      announceDisconnected(socket).catch((err: unknown) => {
        // Stopping meanwhile closes the database under it: nothing to report then.
        if (!deps.realtime.isClosing()) {
          deps.log?.error({ err, membershipId: actor.membershipId }, 'presence: announcing offline failed');
        }
      });
    }, coalesceMs);
    timer.unref?.();
    leaving.set(actor.membershipId, timer);
  }

  async function announceDisconnected(socket: RealtimeSocket): Promise<void> {
    const { actor } = socket.data;
    // The socket has left its rooms by now: what remains are the member's other connections.
    if ((await online.connectionsOf(actor.membershipId)).length > 0) return;
    online.disconnected(actor.networkId, actor.membershipId);
    const { settings } = await networkOf(actor.networkId);
    if (!settings.show_online_status || !inChat(actor.isExternal, settings)) return;
    const status = await repository.status(actor.networkId, actor.membershipId);
    if (status.type === 'invisible') return;
    pushStatus(actor.membershipId, OFFLINE, null);
  }

  /**
   * The connected members (of `only`, if given) who take part in the network's presence, with
   * their chosen statuses; `exact` asks the processes about those members rather than using the
   * network's cached list.
   */
  async function connectedMembers(networkId: string, settings: NetworkSettings, only?: Set<string>, exact = false) {
    const known = exact && only ? await online.members([...only]) : await online.network(networkId);
    const connected = [...known].filter(([id, c]) => (!only || only.has(id)) && inChat(c.external, settings));
    const chosen = await repository.statuses(
      networkId,
      connected.map(([id]) => id),
    );
    return connected.map(([id, c]) => ({ id, onlineAt: c.onlineAt, status: chosen.get(id) ?? DEFAULT_STATUS }));
  }

  const handlers = {
    async myProfile(actor: Actor): Promise<ChatProfile> {
      const [loaded, status] = await Promise.all([load(actor), repository.status(actor.networkId, actor.membershipId)]);
      return present(loaded.membership, status, loaded.canChat);
    },

    async networkInfo(actor: Actor): Promise<ChatNetworkInfo> {
      const { network, settings } = await loadChatting(actor);
      const entries: PresenceEntry[] = [];
      if (settings.show_online_status) {
        for (const m of await connectedMembers(network.id, settings)) {
          if (m.status.type === 'invisible') continue;
          entries.push({ member_id: m.id, type: m.status.type, text: m.status.text, online_at: m.onlineAt });
        }
        entries.sort((a, b) => (a.online_at < b.online_at ? -1 : a.online_at > b.online_at ? 1 : 0));
      }
      return {
        id: network.id,
        name: network.name,
        show_online_status: settings.show_online_status,
        chat_message_allow_update: settings.chat_message_allow_update,
        chat_message_allow_destroy: settings.chat_message_allow_destroy,
        chat_message_update_period_minutes: settings.chat_message_update_period_minutes,
        max_file_attachments: settings.max_file_attachments,
        max_image_attachments: settings.max_image_attachments,
        online: entries,
      };
    },

    /** Stores the status, tells the member's other tabs and, where presence shows, the network. */
    async setStatus(actor: Actor, socketId: string, payload: z.output<typeof setStatusSchema>): Promise<ChatProfile> {
      const { membership, settings } = await loadChatting(actor);
      const status = await repository.save(actor.networkId, actor.membershipId, payload);
      const profile = present(membership, status, true);
      deps.realtime.toRoomsExcept([rooms.member(actor.membershipId)], socketId, CHAT_EVENTS.myProfile, profile);
      if (settings.show_online_status && inChat(actor.isExternal, settings)) {
        const first = earliest(await online.connectionsOf(actor.membershipId));
        pushStatus(actor.membershipId, shown(status), first?.connectedAt ?? new Date().toISOString());
      }
      return profile;
    },

    /**
     * Makes the connection watch these members (replacing what it watched): those of the
     * actor's network, none where the network does not show online status. Answers who of them
     * is online now.
     */
    async watch(actor: Actor, socket: RealtimeSocket, memberIds: string[]): Promise<PresenceWatchAnswer> {
      const { settings } = await loadChatting(actor);
      const wanted = [...new Set(memberIds)].filter((id) => id !== actor.membershipId);
      const found =
        settings.show_online_status && wanted.length > 0
          ? (await deps.members.findMany(actor.networkId, wanted)).map((m) => m.id)
          : [];
      const watched = new Set(found);
      const before = (socket.data[WATCHED] as string[] | undefined) ?? [];
      socket.data[WATCHED] = found;
      for (const id of before) if (!watched.has(id)) await socket.leave(presenceRooms.watch(id));
      if (found.length > 0 && socket.connected) await socket.join(found.map(presenceRooms.watch));
      const online: PresenceEntry[] = [];
      if (found.length > 0) {
        for (const m of await connectedMembers(actor.networkId, settings, watched, true)) {
          if (m.status.type === 'invisible') continue;
          online.push({ member_id: m.id, type: m.status.type, text: m.status.text, online_at: m.onlineAt });
        }
      }
      return { online };
    },
  };

  const eventHandlers: Record<string, Handler> = {
    [CHAT_EVENTS.myProfile]: { schema: emptyPayloadSchema, run: (actor) => handlers.myProfile(actor) },
    [CHAT_EVENTS.networkInfo]: { schema: emptyPayloadSchema, run: (actor) => handlers.networkInfo(actor) },
    [CHAT_EVENTS.setStatus]: {
      schema: setStatusSchema,
      run: (actor, payload, origin) => handlers.setStatus(actor, origin, payload as z.output<typeof setStatusSchema>),
    },
  };

  return {
    /** Answers the presence events of every connection and announces members coming and going. */
    register(): void {
      deps.realtime.onConnection((socket) => {
        // Listeners first, before anything is awaited: a client may emit as soon as it is connected.
        listen(socket, eventHandlers, deps.log);
        listen(
          socket,
          {
            [CHAT_EVENTS.presenceWatch]: {
              schema: presenceWatchSchema,
              run: (actor, payload) =>
                handlers.watch(actor, socket, (payload as z.output<typeof presenceWatchSchema>).member_ids),
            },
          },
          deps.log,
        );
        socket.on('disconnect', () => {
          if (!deps.realtime.isClosing()) disconnected(socket);
        });
        return Promise.all([watchPartners(socket), announceConnected(socket)]).then(() => {});
      });
    },

    /**
     * The presence of these members of the network as others see it (the partners of direct
     * chats): offline without a connection or when invisible, and all offline when the network
     * does not show online status.
     */
    async statusOf(networkId: string, memberIds: string[]): Promise<Map<string, ChatStatus>> {
      const statuses = new Map<string, ChatStatus>(memberIds.map((id) => [id, OFFLINE]));
      if (memberIds.length === 0) return statuses;
      const { settings } = await networkOf(networkId);
      if (!settings.show_online_status) return statuses;
      for (const m of await connectedMembers(networkId, settings, new Set(memberIds))) {
        statuses.set(m.id, shown(m.status));
      }
      return statuses;
    },
  };
}
