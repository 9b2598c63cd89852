import { type z } from 'zod';
import {
  CHAT_EVENTS,
  chatDetailsSchema,
  chatOnlySchema,
  createChatSchema,
  deleteMessageSchema,
  markSchema,
  moreMessagesSchema,
  muteChatSchema,
  myChatsSchema,
  sendMessageSchema,
  unmuteChatSchema,
  updateMessageSchema,
  ERROR_KEYS,
  findUnsafeInput,
  type ChatAck,
} from '@agora/contracts';
import { reportUnavailable } from '../../platform/db/unavailable.ts';
import type { Actor } from '../../platform/policy/index.ts';
import type { Realtime, RealtimeSocket } from '../../platform/realtime/index.ts';
import { chatErrors, errorBody } from './errors.ts';
import type { ChatService } from './service.ts';

export type GatewayLog = {
  error(details: object, message: string): void;
  warn?(details: object, message: string): void;
};

/** An event's handler: its payload's schema, and what answers the parsed payload. */
export type Handler<S extends z.ZodType = z.ZodType> = {
  schema: S;
  run: (actor: Actor, payload: z.output<S>, origin: string) => Promise<unknown>;
};

const handler = <S extends z.ZodType>(schema: S, run: Handler<S>['run']): Handler => ({
  schema,
  run: run as Handler['run'],
});

/** The events this module answers (the presence module answers `my_profile`, `network_info`, `set_status`). */
function chatHandlers(chat: ChatService): Record<string, Handler> {
  const E = CHAT_EVENTS;
  return {
    [E.message]: handler(sendMessageSchema, (actor, p, origin) => chat.sendMessage(actor, p, origin)),
    [E.createChat]: handler(createChatSchema, (actor, p) => chat.createChat(actor, p)),
    [E.markAsRead]: handler(markSchema, (actor, p, origin) => chat.markAsRead(actor, p, origin)),
    [E.markAsReceived]: handler(markSchema, (actor, p) => chat.markAsReceived(actor, p)),
    [E.muteChat]: handler(muteChatSchema, (actor, p, origin) => chat.muteChat(actor, p, origin)),
    [E.unmuteChat]: handler(unmuteChatSchema, (actor, p, origin) => chat.unmuteChat(actor, p, origin)),
    [E.composing]: handler(chatOnlySchema, (actor, p, origin) => chat.composing(actor, p, origin)),
    [E.updateMessage]: handler(updateMessageSchema, (actor, p, origin) => chat.updateMessage(actor, p, origin)),
    [E.deleteMessage]: handler(deleteMessageSchema, (actor, p, origin) => chat.deleteMessage(actor, p, origin)),
    [E.myChats]: handler(myChatsSchema, (actor, p) => chat.myChats(actor, p)),
    [E.chatDetails]: handler(chatDetailsSchema, (actor, p) => chat.chatDetails(actor, p)),
    [E.moreMessages]: handler(moreMessagesSchema, (actor, p) => chat.moreMessages(actor, p)),
  };
}

/** The events that store what others read, and what each costs of the member's budget of events. */
const WRITING_EVENTS = [
  CHAT_EVENTS.message,
  CHAT_EVENTS.updateMessage,
  CHAT_EVENTS.deleteMessage,
  CHAT_EVENTS.createChat,
] as const;
export const WRITE_COST = 5;

/** Zod's issues as the field errors of a 422: `{field: [message_key]}`. */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.join('.') || 'base';
    const keys = (fields[field] ??= []);
    if (!keys.includes(issue.message)) keys.push(issue.message);
  }
  return fields;
}

/**
 * Answers one event: every call gets exactly one acknowledgement, an error one when the payload
 * is invalid or the handler fails (unexpected failures are logged), so that no client waits for
 * an answer that never comes. A client that sends no callback gets no answer.
 */
export async function answer(
  actor: Actor,
  origin: string,
  event: string,
  { schema, run }: Handler,
  payload: unknown,
  ack: unknown,
  log?: GatewayLog,
): Promise<void> {
  const reply = typeof ack === 'function' ? (ack as (answer: ChatAck<unknown>) => void) : () => {};
  try {
    // What no input may hold (NUL, lone surrogates, hostile nesting), as HTTP refuses it too.
    const unsafe = findUnsafeInput(payload);
    if (unsafe) {
      const key = unsafe.reason === 'too_deep' ? ERROR_KEYS.invalid : ERROR_KEYS.invalidCharacters;
      return reply({ ok: false, error: chatErrors.invalid({ [unsafe.path.join('.') || 'base']: [key] }).toBody() });
    }
    const parsed = schema.safeParse(payload ?? {});
    if (!parsed.success) return reply({ ok: false, error: chatErrors.invalid(fieldErrors(parsed.error)).toBody() });
    reply({ ok: true, data: await run(actor, parsed.data, origin) });
  } catch (error) {
    const { body, unexpected } = errorBody(error);
    if (unexpected) log?.error({ err: error, event, membershipId: actor.membershipId }, 'chat event failed');
    else if (body.status === 503) reportUnavailable(log, error, `chat event ${event}`);
    reply({ ok: false, error: body });
  }
}

/** Listens to some events of a connection, each answered by `answer`. */
export function listen(socket: RealtimeSocket, handlers: Record<string, Handler>, log?: GatewayLog): void {
  const { actor } = socket.data;
  for (const [event, handle] of Object.entries(handlers)) {
    socket.on(event, (payload: unknown, ack?: unknown) => {
      // `emit(event, callback)` without a payload: the callback comes first.
      const [body, callback] = typeof payload === 'function' && ack === undefined ? [{}, payload] : [payload, ack];
      // In the member's turn: a burst of one member waits behind itself, not others.
      void socket.data.inTurn(() => answer(actor, socket.id, event, handle, body, callback, log));
    });
  }
}

/**
 * Answers the chat events of every connection and makes it join the chat rooms of the member
 * (the network chat's, their chat-enabled groups'). The listeners come first, before anything
 * is awaited, so that events sent right after connecting are answered.
 */
export function registerChatGateway(
  realtime: Pick<Realtime, 'onConnection' | 'setEventCost'>,
  chat: ChatService,
  log?: GatewayLog,
): void {
  const handlers = chatHandlers(chat);
  // Events that write cost more of the member's budget than those that read: a message is worth
  // five, so the budget of 60 at once and 5 a second holds 12 messages at once and one a second.
  for (const event of WRITING_EVENTS) realtime.setEventCost(event, WRITE_COST);
  realtime.onConnection(async (socket: RealtimeSocket) => {
    listen(socket, handlers, log);
    const chatRooms = await chat.roomsOf(socket.data.actor);
    if (chatRooms.length > 0 && socket.connected) await socket.join(chatRooms);
  });
}
