import { type z } from 'zod';
import {
  CHAT_EVENTS,
  emptyPayloadSchema,
  mayChat,
  setStatusSchema,
  type ChatNetworkInfo,
  type ChatProfile,
  type ChatPushes,
  type ChatStatus,
  type NetworkSettings,
  type PresenceEntry,
} from '@agora/contracts';
import type { Db } from '../../platform/db/client.ts';
import { allows, type Actor } from '../../platform/policy/index.ts';
import { rooms, type Realtime, type RealtimeSocket } from '../../platform/realtime/index.ts';
import { memberName, memberPolicy, type MembersService, type MembershipRow } from '../members/index.ts';
import type { NetworkRow, NetworksService } from '../networks/index.ts';
import { chatErrors } from './errors.ts';
import { listen, type GatewayLog, type Handler } from './gateway.ts';
import { createOnlineMembers, earliest } from './presence-online.ts';
import { createPresenceRepository, DEFAULT_STATUS, type ChosenStatus } from './presence-repository.ts';

export type ChatPresenceDeps = {
  db: Db;
  realtime: Realtime;
  members: MembersService;
  networks: NetworksService;
  /** Where unexpected failures of the events and announcements go (the app log). */
  log?: GatewayLog;
};
export type ChatPresence = ReturnType<typeof createChatPresence>;

const OFFLINE: ChatStatus = { type: 'offline', text: '' };

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
 * connections on every server process. The events `my_profile`, `network_info` and
 * `set_status`, and the `set_status` pushes when a member's first connection opens or the last
 * one closes. A network whose show_online_status is off gets no presence at all.
 */
export function createChatPresence(deps: ChatPresenceDeps) {
  const repository = createPresenceRepository(deps.db);
  const online = createOnlineMembers(deps.realtime);

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

  function pushStatus(networkId: string, membershipId: string, status: ChatStatus, onlineAt: string | null): void {
    const push: ChatPushes['set_status'] = {
      member_id: membershipId,
      type: status.type,
      text: status.text,
      online_at: status.type === 'offline' ? null : onlineAt,
    };
    deps.realtime.toNetwork(networkId, CHAT_EVENTS.setStatus, push);
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
    const { settings } = await networkOf(actor.networkId);
    if (!settings.show_online_status || !inChat(actor.isExternal, settings)) return;
    const first = earliest(await online.connectionsOf(actor.membershipId));
    if (first?.id !== socket.id) return;
    const status = await repository.status(actor.networkId, actor.membershipId);
    if (status.type === 'invisible') return;
    pushStatus(actor.networkId, actor.membershipId, status, first.connectedAt);
  }

  /** Announces a member offline when their last connection, on any process, has closed. */
  async function announceDisconnected(socket: RealtimeSocket): Promise<void> {
    const { actor } = socket.data;
    // The socket has left its rooms by now: what remains are the member's other connections.
    if ((await online.connectionsOf(actor.membershipId)).length > 0) return;
    online.disconnected(actor.networkId, actor.membershipId);
    const { settings } = await networkOf(actor.networkId);
    if (!settings.show_online_status || !inChat(actor.isExternal, settings)) return;
    const status = await repository.status(actor.networkId, actor.membershipId);
    if (status.type === 'invisible') return;
    pushStatus(actor.networkId, actor.membershipId, OFFLINE, null);
  }

  /** The connected members (of `only`, if given) who take part in the network's presence, with their chosen statuses. */
  async function connectedMembers(networkId: string, settings: NetworkSettings, only?: Set<string>) {
    const connected = [...(await online.network(networkId))].filter(
      ([id, c]) => (!only || only.has(id)) && inChat(c.external, settings),
    );
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
        pushStatus(actor.networkId, actor.membershipId, shown(status), first?.connectedAt ?? new Date().toISOString());
      }
      return profile;
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
        const { actor } = socket.data;
        // Listeners first, before anything is awaited: a client may emit as soon as it is connected.
        listen(socket, eventHandlers, deps.log);
        socket.on('disconnect', () => {
          // A process that stops has no database left to ask; its members' clients reconnect
          // to another process, where they are online again.
          if (deps.realtime.isClosing()) return;
          announceDisconnected(socket).catch((err: unknown) => {
            // Stopping meanwhile closes the database under it: nothing to report then.
            if (!deps.realtime.isClosing()) {
              deps.log?.error({ err, membershipId: actor.membershipId }, 'presence: announcing offline failed');
            }
          });
        });
        return announceConnected(socket);
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
