import type { FastifyInstance } from 'fastify';
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
import { sends, pool, type Finding, type Role } from './walk.ts';
import type { Fixtures } from './walker-world.ts';

/** A route as the OpenAPI description gives it. */
export type WalkedRoute = {
  method: string;
  /** The OpenAPI path, parameters in braces: `/appointments/{id}`. */
  path: string;
  parameters: Array<{ in: 'path' | 'query'; name: string; required: boolean; schema: JsonSchema }>;
  body: JsonSchema | null;
};

type OpenApi = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Array<{ in: string; name: string; required?: boolean; schema?: JsonSchema }>;
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      }
    >
  >;
};

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/**
 * Every route of the OpenAPI description. Path parameters the description does not list are
 * taken from the path itself. Reads first, then writes, then deletions (the deepest paths
 * first), so that what a route removes is needed by as few later routes as possible.
 */
export function routesOf(spec: OpenApi): WalkedRoute[] {
  const routes: WalkedRoute[] = [];
  for (const [path, operations] of Object.entries(spec.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      if (!METHODS.includes(method)) continue;
      const parameters: WalkedRoute['parameters'] = (operation.parameters ?? [])
        .filter((p) => p.in === 'path' || p.in === 'query')
        .map((p) => ({
          in: p.in as 'path' | 'query',
          name: p.name,
          required: p.required ?? p.in === 'path',
          schema: p.schema ?? { type: 'string' },
        }));
      for (const [, name] of path.matchAll(/\{([^}]+)\}/g)) {
        if (!parameters.some((p) => p.in === 'path' && p.name === name)) {
          parameters.push({ in: 'path', name: name!, required: true, schema: { type: 'string' } });
        }
      }
      const content = operation.requestBody?.content ?? {};
      const body = content['application/json']?.schema ?? Object.values(content)[0]?.schema ?? null;
      routes.push({ method: method.toUpperCase(), path, parameters, body });
    }
  }
  const rank = (r: WalkedRoute) => (r.method === 'GET' ? 0 : r.method === 'DELETE' ? 2 : 1);
  const depth = (r: WalkedRoute) => r.path.split('/').length;
  return routes.sort(
    (a, b) =>
      rank(a) - rank(b) ||
      (rank(a) === 2 ? depth(b) - depth(a) : 0) ||
      a.path.localeCompare(b.path) ||
      a.method.localeCompare(b.method),
  );
}

/** Where a hostile value goes: a path or query parameter, a body field, or the whole body. */
export type Place = { in: 'path' | 'query'; name: string } | { in: 'body'; path: FieldPath };

export function placeName(place: Place): string {
  if (place.in !== 'body') return `${place.in} ${place.name}`;
  return place.path.length === 0 ? 'whole body' : `body ${place.path.join('.')}`;
}

/** The schema of a place (what the OpenAPI description says it takes). */
export function schemaOfPlace(route: WalkedRoute, place: Place): JsonSchema | undefined {
  if (place.in === 'body')
    return route.body ? (place.path.length ? schemaAt(route.body, place.path) : route.body) : undefined;
  return route.parameters.find((p) => p.in === place.in && p.name === place.name)?.schema;
}

/** Every place of a route; writes without a body schema still get hostile whole bodies. */
export function placesOf(route: WalkedRoute): Place[] {
  const places: Place[] = route.parameters.map((p) => ({ in: p.in, name: p.name }));
  const takesBody = route.method !== 'GET' && route.method !== 'DELETE';
  if (takesBody) places.push({ in: 'body', path: [] });
  if (route.body) for (const path of fieldPaths(route.body)) places.push({ in: 'body', path });
  return places;
}

/**
 * A URL component as a client may send it, lone surrogates too: those are sent as the bytes
 * their code unit would have in UTF-8 (which is not valid UTF-8), as a hostile client would.
 */
export function encodeComponent(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    // A lone surrogate: encoded by hand below.
  }
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) {
      const bytes = [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)];
      out += bytes.map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    } else out += encodeURIComponent(char);
  }
  return out;
}

/** A hostile value as URL text: strings as they are, other values as their JSON. */
function urlText(hostile: HostileValue): string {
  if ('raw' in hostile) return hostile.raw;
  return typeof hostile.value === 'string' ? hostile.value : JSON.stringify(hostile.value);
}

/** A hostile value as query pairs: arrays repeat the name, objects use `name[key]`. */
function queryPairs(name: string, hostile: HostileValue): Array<[string, string]> {
  if ('raw' in hostile) return [[name, hostile.raw]];
  const { value } = hostile;
  if (Array.isArray(value)) return value.length ? value.map((v) => [name, String(v)]) : [[`${name}[]`, '']];
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    return entries.length ? entries.map(([k, v]) => [`${name}[${k}]`, String(v)]) : [[`${name}{}`, '']];
  }
  if (value === null) return [[name, '']];
  return [[name, typeof value === 'string' ? value : JSON.stringify(value)]];
}

export type WalkRequest = { method: string; url: string; payload?: string; contentType?: string };

/** Builds the requests of one route for one role: valid-looking everywhere but at the place under attack. */
export function requestBuilder(route: WalkedRoute, fixtures: Fixtures, today: string) {
  const scoped = (name: string) => fixtures.fields[`${route.method} ${route.path} ${name}`] ?? fixtures.fields[name];
  const values = valueBuilder((name) => scoped(name), today);
  const segments = route.path.split('/');

  function pathValue(name: string, schema: JsonSchema): string {
    const index = segments.findIndex((s) => s.includes(`{${name}}`));
    const previous = segments[index - 1] ?? '';
    const key = `${previous.replace(/\{([^}]+)\}.*/, '{$1}')}/${name}`;
    return fixtures.path[`${route.method} ${route.path} ${key}`] ?? fixtures.path[key] ?? values.text(schema, name);
  }

  function bodyJson(hole: FieldPath | null, hostile: HostileValue | null): string | undefined {
    if (!route.body) return hole && hostile ? jsonOf(hostile) : undefined;
    if (!hole || !hostile) return JSON.stringify(values.build(route.body, undefined));
    return serializeWithHole(values.build(route.body, hole), jsonOf(hostile));
  }

  /** The request with `hostile` at `place`, or the plain valid-looking one without. */
  function build(place: Place | null, hostile: HostileValue | null): WalkRequest {
    let path = route.path;
    const query: Array<[string, string]> = [];
    for (const parameter of route.parameters) {
      const attacked = place && place.in === parameter.in && place.name === parameter.name && hostile;
      if (parameter.in === 'path') {
        const text = attacked ? urlText(attacked) : pathValue(parameter.name, parameter.schema);
        path = path.replace(`{${parameter.name}}`, encodeComponent(text));
      } else if (attacked) {
        query.push(...queryPairs(parameter.name, attacked));
      } else if (parameter.required) {
        query.push([parameter.name, values.text(parameter.schema, parameter.name)]);
      }
    }
    const search = query.map(([k, v]) => `${encodeComponent(k)}=${encodeComponent(v)}`).join('&');
    const url = search ? `${path}?${search}` : path;
    const takesBody = route.method !== 'GET' && route.method !== 'DELETE';
    if (!takesBody) return { method: route.method, url };
    const payload = place?.in === 'body' ? bodyJson(place.path, hostile) : bodyJson(null, null);
    return payload === undefined
      ? { method: route.method, url }
      : { method: route.method, url, payload, contentType: 'application/json' };
  }

  return {
    build,
    /** The route's one 10 MB request: in its first string field, else its first parameter, else the whole body. */
    huge(): WalkRequest {
      const places = placesOf(route);
      const field = places.find(
        (p) => p.in === 'body' && p.path.length > 0 && route.body && schemaAt(route.body, p.path)?.type === 'string',
      );
      return build(field ?? places.find((p) => p.in !== 'body') ?? places[0] ?? null, HUGE_STRING);
    },
  };
}

export type Answer = { status: number; body: string; ms: number; error?: string };

let addresses = 0;
/** Each request from an address of its own: per-address limits would otherwise hide the routes behind 429. */
function nextAddress(): string {
  addresses = (addresses + 1) % 0xffffff;
  return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
}

/** Sends one request through `app.inject` and times it. */
export async function send(
  app: FastifyInstance,
  request: WalkRequest,
  headers: Record<string, string>,
): Promise<Answer> {
  const started = performance.now();
  try {
    const response = await app.inject({
      method: request.method as 'GET',
      url: request.url,
      headers: {
        ...headers,
        accept: 'application/json',
        ...(request.contentType ? { 'content-type': request.contentType } : {}),
      },
      ...(request.payload !== undefined ? { payload: request.payload } : {}),
      remoteAddress: nextAddress(),
    });
    return { status: response.statusCode, body: response.body.slice(0, 300), ms: performance.now() - started };
  } catch (error) {
    return { status: 0, body: '', ms: performance.now() - started, error: String(error) };
  }
}

export type HttpWalkOptions = {
  app: FastifyInstance;
  routes: WalkedRoute[];
  roles: readonly Role[];
  values: HostileValue[];
  /** A plausible date (`YYYY-MM-DD`) for date fields. */
  today: string;
  /** The fixtures of a role, asked before each route. */
  fixtures(role: Role): Promise<Fixtures>;
  /** A role's headers (its session), asked for each request. */
  headers(role: Role): Record<string, string>;
  /** After each route: sign in again whoever a route signed out. */
  afterRoute?(route: WalkedRoute): Promise<void>;
  /** Whether each route gets its 10 MB request (true unless said otherwise). */
  huge?: boolean;
  /** An answer slower than this is a finding. */
  boundMs: number;
  /** Requests in flight at once. */
  concurrency: number;
  /** A line per route with its figures. */
  log?(line: string): void;
};

export type HttpWalk = {
  findings: Finding[];
  routes: number;
  requests: number;
  /** Routes whose valid-looking admin request was refused with a 4xx: hostile values stop early there. */
  unreached: string[];
  slowest: { ms: number; where: string };
};

/**
 * Walks every route: per role, the valid-looking request, then every place with the values
 * `sends` gives the role, and one 10 MB request per route (as the first role). Any 5xx, failed
 * request or answer slower than the bound is a finding.
 */
export async function walkRoutes(options: HttpWalkOptions): Promise<HttpWalk> {
  const { app, roles, values, today, boundMs } = options;
  const walk: HttpWalk = { findings: [], routes: 0, requests: 0, unreached: [], slowest: { ms: 0, where: '' } };
  const walkedFields = new Set<string>();
  // The places' numbers over the whole walk: the values of a class take turns by it.
  let placeNumber = 0;

  const record = (where: string, role: Role, place: string, value: HostileValue | null, answer: Answer) => {
    walk.requests++;
    if (answer.ms > walk.slowest.ms) walk.slowest = { ms: answer.ms, where: `${where} ${place} [${role}]` };
    let problem: string | null = null;
    if (answer.error) problem = `no answer: ${answer.error}`;
    else if (answer.status >= 500)
      problem = `${answer.status} in ${Math.round(answer.ms)} ms ${answer.body.slice(0, 160)}`;
    else if (answer.ms > boundMs) problem = `${answer.status} after ${Math.round(answer.ms)} ms (bound ${boundMs} ms)`;
    if (problem) walk.findings.push({ where, place, role, value, answer: problem });
  };

  for (const route of options.routes) {
    const where = `${route.method} ${route.path}`;
    const started = performance.now();
    const before = walk.requests;
    walk.routes++;
    const places = placesOf(route);
    const numbers = places.map(() => placeNumber++);
    const jobs: Array<{ role: Role; place: string; value: HostileValue | null; request: WalkRequest }> = [];
    for (const role of roles) {
      const builder = requestBuilder(route, await options.fixtures(role), today);
      const answer = await send(app, builder.build(null, null), options.headers(role));
      record(where, role, 'valid-looking request', null, answer);
      if (role === roles[0] && answer.status >= 400 && answer.status < 500) {
        walk.unreached.push(`${where}: ${answer.status} ${answer.body.slice(0, 120)}`);
      }
      places.forEach((place, p) => {
        const schema = schemaOfPlace(route, place);
        const key = `${placeName(place)} ${JSON.stringify(schema)}`;
        const repeated = place.in === 'body' && place.path.length > 0 && walkedFields.has(key);
        if (role === roles[0]) walkedFields.add(key);
        const accepts = place.in === 'body' ? acceptedKinds(schema) : null;
        valuesForPlace(values, numbers[p]!, isFreeText(schema), accepts).forEach((value, v) => {
          if (sends(role, answer.status === 401 || repeated, p, v)) {
            jobs.push({ role, place: placeName(place), value, request: builder.build(place, value) });
          }
        });
      });
      if (role === roles[0] && options.huge !== false)
        jobs.push({ role, place: 'the 10 MB request', value: HUGE_STRING, request: builder.huge() });
    }
    await pool(jobs, options.concurrency, async (job) => {
      record(where, job.role, job.place, job.value, await send(app, job.request, options.headers(job.role)));
    });
    await options.afterRoute?.(route);
    options.log?.(`${where}: ${walk.requests - before} requests in ${Math.round(performance.now() - started)} ms`);
  }
  return walk;
}
