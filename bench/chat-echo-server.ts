// The chat benchmark's yardstick, run by chat.ts in a process of its own: a bare Socket.IO
// server with the same rooms and the same `message` event as ours, which acknowledges a message
// and emits it to the chat's room at once, with no database, no checks and no presence. It
// tells its port through IPC and ends with its parent.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';

type EchoData = { member: string; rooms: string[] };

const server = http.createServer();
const io = new Server<
  Record<string, (payload: unknown, ack?: (answer: unknown) => void) => void>,
  Record<string, (payload: unknown) => void>,
  never,
  EchoData
>(server, { path: '/socket.io', serveClient: false });

/** `group/{id}` -> `group:{id}`, as our server names a group chat's room. */
const roomOf = (chatId: string) => chatId.replace('/', ':');

// Who a client is and which rooms it is in are given by the client: there is nobody to ask.
io.use((socket, next) => {
  const auth = socket.handshake.auth as Partial<EchoData>;
  if (typeof auth.member !== 'string' || !Array.isArray(auth.rooms)) return next(new Error('unauthorized'));
  socket.data.member = auth.member;
  socket.data.rooms = auth.rooms.filter((room): room is string => typeof room === 'string');
  next();
});

let seq = 0;
io.on('connection', (socket) => {
  void socket.join([`member:${socket.data.member}`, ...socket.data.rooms]);
  socket.on('message', (payload, ack) => {
    const { chat_id: chatId, text, client_reference: reference } = (payload ?? {}) as Record<string, unknown>;
    if (typeof chatId !== 'string') return ack?.({ ok: false, error: { key: 'invalid', status: 422 } });
    const now = new Date().toISOString();
    seq += 1;
    // Shaped like our ChatMessage, so that both servers send about the same bytes.
    const message = {
      id: seq.toString(16).padStart(24, '0'),
      chat_id: chatId,
      seq,
      revision: seq,
      text: typeof text === 'string' ? text : '',
      from: { id: socket.data.member, name: 'Echo member', image_id: null },
      created_at: now,
      updated_at: now,
      deleted_at: null,
      quoted_message: null,
      files: [],
      images: [],
      group_name: 'Echo group',
      client_reference: typeof reference === 'string' ? reference : null,
    };
    ack?.({ ok: true, data: message });
    socket.to(roomOf(chatId)).emit('message', message);
  });
});

server.listen(0, '127.0.0.1', () => process.send?.({ port: (server.address() as AddressInfo).port }));
process.on('disconnect', () => process.exit(0));
