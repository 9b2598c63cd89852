// The chat benchmark's load: many Socket.IO clients (WebSocket only), grouped in chats whose
// members send in turn. Steady: each chat sends one message every `intervalMs`, open loop (a
// slow answer does not slow the senders). Flat out: each chat sends its next message as soon
// as the previous one is acknowledged, one in flight per chat, which finds the most a server
// delivers. A message counts as delivered when every other member of its chat has received
// its push; latency is from the send to each receipt. Either may run while one member floods
// a chat of its own with messages, none waiting for an answer (`Flood`).
import { io, type Socket } from 'socket.io-client';
import { ProcessSampler } from './process-sampler.ts';

export type LoadMode = 'steady' | 'flat out';

export type ChatPlan = {
  /** Each chat's id and its members, as indexes of the clients. */
  chats: Array<{ chatId: string; clients: number[] }>;
  intervalMs: number;
  durationSeconds: number;
  warmupSeconds: number;
};

export type LoadFigures = {
  /** Messages per second the plan offers (steady), null flat out. */
  offeredPerSecond: number | null;
  sent: number;
  delivered: number;
  deliveredPerSecond: number;
  receiptsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  /** From the send to the sender's acknowledgement (for us: stored). */
  ackP50Ms: number;
  ackP99Ms: number;
  /** Messages not delivered to every member once the senders stopped and the stragglers had time. */
  undelivered: number;
  /** Refused or unanswered sends. */
  errors: number;
  /** Resident memory of the server process(es), summed: after connecting, and the peak under load. */
  serverRssAtRestMB: number;
  serverRssPeakMB: number;
  /** CPU time the server process(es) used under load, as a share of one CPU. */
  serverCpuPercent: number;
  /** What the flooder sent meanwhile and how it was answered, when one flooded. */
  flood: FloodCounts | null;
};

/**
 * One member flooding a chat while the others chat: a burst of `burst` messages when the
 * measuring begins, then `perSecond` more, none waiting for an answer.
 */
export type Flood = { socket: Socket; chatId: string; burst: number; perSecond: number };
export type FloodCounts = { sent: number; accepted: number; refused: number; unanswered: number };

const CONNECT_CONCURRENCY = 50;
const CONNECT_TIMEOUT_MS = 20_000;
const ACK_TIMEOUT_MS = 10_000;
/** How long receipts may trail the last send before the missing ones count as undelivered. */
const DRAIN_MS = 15_000;
/** How long a probe message per chat may take before the rooms are taken as not joined. */
const READY_TIMEOUT_MS = 30_000;
/** Connecting is over when no presence push came for this long (or after QUIET_TIMEOUT_MS). */
const QUIET_MS = 1000;
const QUIET_TIMEOUT_MS = 120_000;

/** Connects client `i` of `count` to `urls[i % urls.length]` with `auth(i)`, some at a time. */
export async function connectClients(
  urls: string[],
  count: number,
  auth: (client: number) => Record<string, unknown>,
): Promise<{ sockets: Socket[]; ms: number; presencePushes: number }> {
  const started = performance.now();
  const sockets: Socket[] = new Array(count);
  let presencePushes = 0;
  let lastPush = started;
  const onPresence = () => {
    presencePushes += 1;
    lastPush = performance.now();
  };
  let connected: number;
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < count; i = next++) {
      sockets[i] = await connectOne(urls[i % urls.length]!, auth(i));
      sockets[i]!.on('set_status', onPresence);
    }
  };
  try {
    await Promise.all(Array.from({ length: CONNECT_CONCURRENCY }, worker));
    connected = performance.now();
    // The load must not share the clients' time with the tail of the presence pushes.
    const deadline = performance.now() + QUIET_TIMEOUT_MS;
    while (performance.now() - lastPush < QUIET_MS && performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } catch (error) {
    closeClients(sockets);
    throw error;
  } finally {
    for (const socket of sockets) socket?.off('set_status', onPresence);
  }
  return { sockets, ms: Math.max(connected, lastPush) - started, presencePushes };
}

function connectOne(url: string, auth: Record<string, unknown>): Promise<Socket> {
  const socket = io(url, {
    path: '/socket.io',
    transports: ['websocket'],
    auth,
    reconnection: false,
    forceNew: true,
    timeout: CONNECT_TIMEOUT_MS,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(new Error(`connecting to ${url}: ${error.message}`));
    });
  });
}

export function closeClients(sockets: Array<Socket | undefined>): void {
  for (const socket of sockets) socket?.close();
}

type Tracked = { sentAt: number; waiting: number; counted: boolean };

/** Runs the plan on connected clients and measures it; `pids` are the server processes. */
export async function runLoad(
  sockets: Socket[],
  plan: ChatPlan,
  pids: number[],
  mode: LoadMode,
  flood?: Flood,
): Promise<LoadFigures> {
  const tracked = new Map<string, Tracked>();
  const latencies: number[] = [];
  const acks: number[] = [];
  // Messages sent while measuring, and how many of them every member got (after the drain too).
  let sent = 0;
  let delivered = 0;
  let errors = 0;
  // Deliveries and receipts while measuring, of any message: those the warm-up left in flight
  // make up for those the end leaves in flight, so these are the steady rates.
  let measuring = false;
  let windowDeliveries = 0;
  let windowReceipts = 0;
  let references = 0;
  const prefix = Math.random().toString(36).slice(2, 8);

  const onMessage = (message: { client_reference?: string | null }) => {
    const entry = message.client_reference ? tracked.get(message.client_reference) : undefined;
    if (!entry) return;
    const now = performance.now();
    entry.waiting -= 1;
    if (entry.counted) latencies.push(now - entry.sentAt);
    if (measuring) windowReceipts += 1;
    if (entry.waiting === 0) {
      tracked.delete(message.client_reference!);
      if (entry.counted) delivered += 1;
      if (measuring) windowDeliveries += 1;
    }
  };
  for (const socket of sockets) socket.on('message', onMessage);

  const send = (chat: ChatPlan['chats'][number], turn: number, counted: boolean, answered?: () => void) => {
    const sender = sockets[chat.clients[turn % chat.clients.length]!]!;
    const reference = `${prefix}-${++references}`;
    const sentAt = performance.now();
    tracked.set(reference, { sentAt, waiting: chat.clients.length - 1, counted });
    if (counted) sent += 1;
    sender
      .timeout(ACK_TIMEOUT_MS)
      .emit(
        'message',
        { chat_id: chat.chatId, text: `Nachricht ${references} in ${chat.chatId}`, client_reference: reference },
        (error: Error | null, answer?: { ok: boolean }) => {
          if (counted) {
            if (error || !answer?.ok) errors += 1;
            else acks.push(performance.now() - sentAt);
          }
          answered?.();
        },
      );
  };

  /** Every chat sends every intervalMs for `seconds`, the chats' turns spread evenly over the interval. */
  const steady = (seconds: number, counted: boolean) =>
    new Promise<void>((resolve) => {
      const timers: NodeJS.Timeout[] = [];
      plan.chats.forEach((chat, c) => {
        let turn = 0;
        const offset = (c * plan.intervalMs) / plan.chats.length;
        timers.push(
          setTimeout(() => {
            send(chat, turn++, counted);
            timers.push(setInterval(() => send(chat, turn++, counted), plan.intervalMs));
          }, offset),
        );
      });
      setTimeout(() => {
        for (const timer of timers) clearTimeout(timer);
        resolve();
      }, seconds * 1000);
    });

  /** Every chat sends its next message once the previous one is acknowledged, for `seconds`. */
  const flatOut = (seconds: number, counted: boolean) =>
    new Promise<void>((resolve) => {
      let running = true;
      for (const chat of plan.chats) {
        let turn = 0;
        const next = () => {
          if (running) send(chat, turn++, counted, next);
        };
        next();
      }
      setTimeout(() => {
        running = false;
        resolve();
      }, seconds * 1000);
    });
  const load = mode === 'steady' ? steady : flatOut;

  const floodCounts: FloodCounts = { sent: 0, accepted: 0, refused: 0, unanswered: 0 };
  let flooding: NodeJS.Timeout | undefined;
  const floodOne = () => {
    if (!flood) return;
    floodCounts.sent += 1;
    flood.socket.timeout(ACK_TIMEOUT_MS).emit(
      'message',
      {
        chat_id: flood.chatId,
        text: `Flut ${floodCounts.sent}`,
        client_reference: `${prefix}-flood-${floodCounts.sent}`,
      },
      (error: Error | null, answer?: { ok: boolean; error?: { key?: string } }) => {
        if (error) floodCounts.unanswered += 1;
        else if (answer?.ok) floodCounts.accepted += 1;
        else if (answer?.error?.key === 'too_many_requests') floodCounts.refused += 1;
        else floodCounts.unanswered += 1;
      },
    );
  };
  /** The burst at once, then the steady rate in ticks of 10 ms, until stopFlood(). */
  const startFlood = () => {
    if (!flood) return;
    for (let i = 0; i < flood.burst; i++) floodOne();
    let due = 0;
    flooding = setInterval(() => {
      due += flood.perSecond / 100;
      for (; due >= 1; due -= 1) floodOne();
    }, 10);
  };
  const stopFlood = () => clearInterval(flooding);

  try {
    // Group rooms are joined after the connection: one message per chat must reach everyone first.
    for (const chat of plan.chats) send(chat, 0, false);
    await waitFor(
      () => tracked.size === 0,
      READY_TIMEOUT_MS,
      () => `${tracked.size} probe messages were not delivered`,
    );
    if (plan.warmupSeconds > 0) await load(plan.warmupSeconds, false);

    const memory = pids.map((pid) => new ProcessSampler(pid));
    const serverRssAtRestMB = sum(memory.map((m) => m.now()));
    for (const m of memory) m.start();
    const started = performance.now();
    measuring = true;
    startFlood();
    await load(plan.durationSeconds, true);
    stopFlood();
    measuring = false;
    const stopped = performance.now();
    const cpuSeconds = sum(memory.map((m) => m.cpuSeconds()));
    await waitFor(
      () => ![...tracked.values()].some((t) => t.counted),
      DRAIN_MS,
      () => '',
    ).catch(() => {});
    const serverRssPeakMB = sum(memory.map((m) => m.stop()));
    // The flood's last answers, before they are counted as missing.
    if (flood) {
      await waitFor(
        () => floodCounts.accepted + floodCounts.refused + floodCounts.unanswered >= floodCounts.sent,
        ACK_TIMEOUT_MS + 1000,
        () => '',
      ).catch(() => {});
      floodCounts.unanswered = floodCounts.sent - floodCounts.accepted - floodCounts.refused;
    }

    const seconds = (stopped - started) / 1000;
    return {
      offeredPerSecond: mode === 'steady' ? (plan.chats.length * 1000) / plan.intervalMs : null,
      sent,
      delivered,
      deliveredPerSecond: windowDeliveries / seconds,
      receiptsPerSecond: windowReceipts / seconds,
      latencyP50Ms: percentile(latencies, 0.5),
      latencyP99Ms: percentile(latencies, 0.99),
      ackP50Ms: percentile(acks, 0.5),
      ackP99Ms: percentile(acks, 0.99),
      undelivered: sent - delivered,
      errors,
      serverRssAtRestMB,
      serverRssPeakMB,
      serverCpuPercent: (cpuSeconds / ((stopped - started) / 1000)) * 100,
      flood: flood ? floodCounts : null,
    };
  } finally {
    stopFlood();
    for (const socket of sockets) socket.off('message', onMessage);
  }
}

async function waitFor(done: () => boolean, timeoutMs: number, why: () => string): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!done()) {
    if (performance.now() > deadline) throw new Error(why());
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
