import { expect } from 'vitest';
import type { Socket } from 'socket.io-client';
import type { ChatAck, ChatAnswers, NetworkSettings, StoredItem } from '@agora/contracts';
import { uploadFile } from '../../platform/storage/upload-test-support.ts';
import {
  connectSocket,
  createTestApp,
  emitWithAck,
  listenOnFreePort,
  signedInMember,
  type MemberOptions,
  type TestApp,
} from '../../testing/index.ts';

export { createTestApp };

/**
 * The budgets of a test app whose members send dozens of messages within a few seconds, faster
 * than anyone types: ten times those deployed, so that they still hold but are not what such a
 * file tests (flood.test.ts tests them as deployed).
 */
export const FAST_SENDERS = { SOCKET_EVENT_BURST: '600', SOCKET_EVENT_RATE: '50' };

let references = 0;
/** A client reference as the web app makes one per message. */
export const reference = () => `ref-${Date.now().toString(36)}-${++references}`;

type ErrorOf = Extract<ChatAck<unknown>, { ok: false }>['error'];

/**
 * A chat world for one test file: the app listening on a port, a network (with its settings),
 * and members with open tabs that emit events and read the acknowledgements.
 */
export async function chatWorld(t: TestApp, settings: Partial<NetworkSettings> = {}, host: string | null = null) {
  const baseUrl = await listenOnFreePort(t.app);
  const network = await t.services.networks.create({ name: 'Chat Network', language: 'en', settings, host });
  const requestHost = host ?? 'localhost';
  const sockets: Socket[] = [];

  async function member(options: MemberOptions = {}) {
    const signed = await signedInMember(t.app, t.services, network.id, options, requestHost);
    const actor = t.services.members.actorFor(signed.membership, 'test', null);
    return {
      ...signed,
      id: signed.membership.id,
      actor,
      /** A new tab of the web app: a socket of its own. */
      async tab(): Promise<Socket> {
        const socket = await connectSocket(baseUrl, { cookie: signed.session.cookie, host: requestHost });
        sockets.push(socket);
        // Group rooms are joined after the connection: an answered event means they are.
        await emitWithAck(socket, 'my_chats', {});
        return socket;
      },
      async upload(directory: 'files' | 'images', name: string, content: Buffer | string): Promise<StoredItem> {
        const response = await uploadFile(t.app, signed.session.headers, directory, name, content);
        expect(response.statusCode, response.body).toBe(200);
        return response.json<StoredItem>();
      },
    };
  }

  /** A group of the network with members (the first its admin). */
  async function group(members: Array<{ id: string }>, values: { chatEnabled?: boolean; archived?: boolean } = {}) {
    const [category] = await t.services.groups.createCategories(network.id, [
      { slug: `c-${reference()}`, name: 'Team', pluralName: 'Teams' },
    ]);
    const slug = `g-${reference()}`;
    const [created] = await t.services.groups.createGroups(network.id, [
      { groupCategoryId: category!.id, slug, name: `Group ${slug}`, ...values },
    ]);
    await t.services.groups.addMembers(
      network.id,
      members.map((m, i) => ({ groupId: created!.id, membershipId: m.id, role: i === 0 ? 'admin' : 'member' })),
    );
    return created!;
  }

  return {
    network,
    baseUrl,
    member,
    group,
    close() {
      for (const socket of sockets) socket.close();
    },
  };
}

export type ChatMember = Awaited<ReturnType<Awaited<ReturnType<typeof chatWorld>>['member']>>;

/** Emits and answers the acknowledgement as it came. */
export function ask<E extends keyof ChatAnswers>(socket: Socket, event: E, payload: unknown = {}) {
  return emitWithAck<ChatAck<ChatAnswers[E]>>(socket, event, payload);
}

/** Emits and answers the data of a positive acknowledgement; fails on an error one. */
export async function ok<E extends keyof ChatAnswers>(socket: Socket, event: E, payload: unknown = {}) {
  const answer = await ask(socket, event, payload);
  if (!answer.ok) throw new Error(`${event} refused: ${JSON.stringify(answer.error)}`);
  return answer.data;
}

/** Emits and answers the error of a negative acknowledgement; fails on a positive one. */
export async function refused(socket: Socket, event: keyof ChatAnswers, payload: unknown = {}): Promise<ErrorOf> {
  const answer = await ask(socket, event, payload);
  if (answer.ok) throw new Error(`${event} was answered: ${JSON.stringify(answer.data).slice(0, 200)}`);
  return answer.error;
}

/** A text message. */
export const text = (chatId: string, value: string, more: Record<string, unknown> = {}) => ({
  chat_id: chatId,
  text: value,
  client_reference: reference(),
  ...more,
});
