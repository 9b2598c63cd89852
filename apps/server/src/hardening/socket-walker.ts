import { z } from 'zod';
import type { Socket } from 'socket.io-client';
import { CHAT_EVENT_PAYLOADS } from '@agora/contracts';
import type { Services } from '../app.ts';
import { HUGE_STRING, jsonOf, valuesForPlace, type HostileValue } from './hostile-values.ts';
import {
  acceptedKinds,
  fieldPaths,
  isFreeText,
  schemaAt,
  serializeWithHole,
  valueBuilder,
  type FieldPath,
  type JsonSchema,
} from './schema-values.ts';
import { pool, sends, type Finding, type Role } from './walk.ts';
import type { Fixtures } from './walker-world.ts';

/** Events the transport itself emits on a server socket; no client sends them. */
const RESERVED = new Set([
  'connect',
  'connect_error',
  'disconnect',
  'disconnecting',
  'error',
  'newListener',
  'removeListener',
]);

/**
 * Every event a client may emit: those the contracts list with their payloads, and whatever
 * else the server listens to on a connection (a new module's events, payload unknown).
 */
export async function socketEvents(
  services: Services,
  membershipId: string,
): Promise<Array<{ event: string; schema: JsonSchema | null }>> {
  const names = new Set<string>(Object.keys(CHAT_EVENT_PAYLOADS));
  for (const socket of await services.realtime.fetchSockets(`member:${membershipId}`)) {
    const listening = (socket as unknown as { eventNames?: () => Array<string | symbol> }).eventNames?.() ?? [];
    for (const name of listening) if (typeof name === 'string' && !RESERVED.has(name)) names.add(name);
  }
  const payloads = CHAT_EVENT_PAYLOADS as Record<string, z.ZodType>;
  // Deletions last, as with routes: what they remove, the other events need.
  const deletes = (name: string) => (name.startsWith('delete') ? 1 : 0);
  return [...names]
    .sort((a, b) => deletes(a) - deletes(b) || a.localeCompare(b))
    .map((event) => ({
      event,
      schema: payloads[event]
        ? (z.toJSONSchema(payloads[event], { io: 'input', unrepresentable: 'any' }) as JsonSchema)
        : null,
    }));
}

export type EventPlace = FieldPath;

/** Every place of an event's payload: the whole payload, then each field. */
export function eventPlaces(schema: JsonSchema | null): EventPlace[] {
  return [[], ...(schema ? fieldPaths(schema) : [])];
}

/** Builds an event's payloads as JSON text: valid-looking everywhere but at the place under attack. */
export function payloadBuilder(event: string, schema: JsonSchema | null, fixtures: Fixtures, today: string) {
  const values = valueBuilder((name) => fixtures.fields[`${event} ${name}`] ?? fixtures.fields[name], today);
  const build = (place: EventPlace | null, hostile: HostileValue | null): string => {
    if (!place || !hostile) return JSON.stringify(schema ? values.build(schema) : {});
    return serializeWithHole(values.build(schema ?? {}, place), jsonOf(hostile));
  };
  return {
    build,
    /** The event's 10 MB payload: in its first field, else as the whole payload. */
    huge(): string {
      return build(eventPlaces(schema).find((p) => p.length > 0) ?? [], HUGE_STRING);
    },
  };
}

export type EventAnswer =
  | { kind: 'answered'; ok: boolean; status: number | null; key: string | null; ms: number }
  | { kind: 'no answer'; ms: number }
  | { kind: 'disconnected'; ms: number };

let ackIds = 1_000_000;

/**
 * Emits an event with a payload given as JSON text and waits for its acknowledgement, at most
 * `boundMs`. The Socket.IO packet is written as a client would send it, past the client
 * library's encoder, so that a payload it could not encode (nesting 10,000 deep) reaches the
 * server as a hostile client would send it; the acknowledgement is taken by the client as usual.
 */
export function emitEvent(socket: Socket, event: string, payloadJson: string, boundMs: number): Promise<EventAnswer> {
  const started = performance.now();
  const ms = () => performance.now() - started;
  const id = ackIds++;
  const acks = (socket as unknown as { acks: Record<number, (answer: unknown) => void> }).acks;
  return new Promise((resolve) => {
    let done = false;
    const finish = (answer: EventAnswer) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      delete acks[id];
      socket.off('disconnect', onDisconnect);
      resolve(answer);
    };
    const onDisconnect = () => finish({ kind: 'disconnected', ms: ms() });
    const timer = setTimeout(() => finish({ kind: 'no answer', ms: ms() }), boundMs);
    socket.once('disconnect', onDisconnect);
    acks[id] = (answer: unknown) => {
      const a = answer as { ok?: boolean; error?: { status?: number; key?: string } } | null;
      finish({
        kind: 'answered',
        ok: a?.ok === true,
        status: a?.ok === true ? null : (a?.error?.status ?? null),
        key: a?.error?.key ?? null,
        ms: ms(),
      });
    };
    // An EVENT packet (2) of the main namespace with an acknowledgement id: 2<id>["event",payload].
    socket.io.engine.write(`2${id}[${JSON.stringify(event)},${payloadJson}]`);
  });
}

export type SocketWalkOptions = {
  services: Services;
  roles: readonly Role[];
  values: HostileValue[];
  today: string;
  membershipId(role: Role): string;
  fixtures(role: Role): Promise<Fixtures>;
  /** A new connection of the role. */
  connect(role: Role): Promise<Socket>;
  boundMs: number;
  /** Events in flight at once per connection. */
  concurrency: number;
  /** Whether each event gets its 10 MB payload (true unless said otherwise). */
  huge?: boolean;
  /** Walks only the events it accepts. */
  only?(event: string): boolean;
  /** A line per event and role with its answers. */
  log?(line: string): void;
};

export type SocketWalk = { findings: Finding[]; events: number; emitted: number };

/** What fails the walk in an event's answer: a 5xx status, none in time, or a closed connection. */
function problemOf(answer: EventAnswer, hostile: HostileValue | null, boundMs: number): string | null {
  switch (answer.kind) {
    case 'answered':
      if (answer.status !== null && answer.status >= 500) return `ack ${answer.status} ${answer.key ?? ''}`.trim();
      if (answer.ms > boundMs) return `ack after ${Math.round(answer.ms)} ms (bound ${boundMs} ms)`;
      return null;
    case 'no answer':
      return `no acknowledgement within ${boundMs} ms`;
    case 'disconnected':
      // Socket.IO closes a connection whose message exceeds its 1 MB buffer: that is its refusal.
      return hostile === HUGE_STRING ? null : 'the server closed the connection';
  }
}

/**
 * Walks every event per role over one connection: the valid-looking payload, every place with
 * the values `sends` gives the role, and one 10 MB payload per event (as the first role, alone
 * and last, as the transport closes the connection on it).
 */
export async function walkSocketEvents(options: SocketWalkOptions): Promise<SocketWalk> {
  const { roles, values, today, boundMs } = options;
  const walk: SocketWalk = { findings: [], events: 0, emitted: 0 };
  for (const role of roles) {
    let socket = await options.connect(role);
    // The places' numbers over the walk of a role: the values of a class take turns by it.
    let placeNumber = 0;
    const events = (await socketEvents(options.services, options.membershipId(role))).filter(
      ({ event }) => options.only?.(event) ?? true,
    );
    walk.events = Math.max(walk.events, events.length);
    for (const { event, schema } of events) {
      const builder = payloadBuilder(event, schema, await options.fixtures(role), today);
      type Job = { place: string; value: HostileValue | null; payload: () => string };
      const jobs: Job[] = [{ place: 'valid-looking payload', value: null, payload: () => builder.build(null, null) }];
      eventPlaces(schema).forEach((place, p) => {
        const name = place.length === 0 ? 'whole payload' : `payload ${place.join('.')}`;
        const fieldSchema = schema ? (place.length ? schemaAt(schema, place) : schema) : undefined;
        const freeText = place.length > 0 && isFreeText(fieldSchema);
        valuesForPlace(values, placeNumber + p, freeText, acceptedKinds(fieldSchema)).forEach((value, v) => {
          if (sends(role, false, p, v)) jobs.push({ place: name, value, payload: () => builder.build(place, value) });
        });
      });
      placeNumber += eventPlaces(schema).length;
      const answers = new Map<string, number>();
      const run = async (job: Job) => {
        if (!socket.connected) socket = await options.connect(role);
        const answer = await emitEvent(socket, event, job.payload(), boundMs);
        walk.emitted++;
        const kind =
          answer.kind === 'answered' ? (answer.ok ? 'ok' : (answer.key ?? String(answer.status))) : answer.kind;
        answers.set(kind, (answers.get(kind) ?? 0) + 1);
        const problem = problemOf(answer, job.value, boundMs);
        if (problem)
          walk.findings.push({ where: `socket ${event}`, place: job.place, role, value: job.value, answer: problem });
      };
      await pool(jobs, options.concurrency, run);
      if (role === roles[0] && options.huge !== false)
        await run({ place: 'the 10 MB payload', value: HUGE_STRING, payload: () => builder.huge() });
      options.log?.(`socket ${event} [${role}]: ${[...answers].map(([k, n]) => `${k} ${n}`).join(', ')}`);
    }
    socket.close();
  }
  return walk;
}
