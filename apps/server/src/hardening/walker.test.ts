import fastifySwagger from '@fastify/swagger';
import Fastify from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  databaseValues,
  hostileValues,
  NAUGHTY_FOR_FREE_TEXT,
  NAUGHTY_FOR_TYPED_FIELDS,
  naughtySample,
  NAUGHTY_SAMPLE_SIZE,
  valuesForPlace,
} from './hostile-values.ts';
import { encodeComponent, placesOf, routesOf, walkRoutes } from './http-walker.ts';
import { acceptedKinds, fieldPaths, valueBuilder, type JsonSchema } from './schema-values.ts';
import { report } from './walk.ts';

// The walker itself: that it finds what it is there to find, and says where.

const app = Fastify();

beforeAll(async () => {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(fastifySwagger, {
    openapi: { info: { title: 'planted', version: '1' } },
    transform: jsonSchemaTransform,
  });
  await app.register(async (instance) => {
    const r = instance.withTypeProvider<ZodTypeProvider>();
    r.post(
      '/notes/:id',
      {
        schema: {
          params: z.object({ id: z.string().max(64) }),
          body: z.object({ note: z.object({ title: z.string().max(200), tags: z.array(z.string()).default([]) }) }),
        },
      },
      async (request) => {
        // Planted: NUL in a title reaches a database that refuses it.
        if (request.body.note.title.includes('\u0000'))
          throw new Error('invalid byte sequence for encoding "UTF8": 0x00');
        return { id: request.params.id };
      },
    );
    r.get('/search', { schema: { querystring: z.object({ q: z.string().optional() }) } }, async (request) => {
      // Planted: one value makes the answer slow.
      if (request.query.q === 'NaN') await new Promise((resolve) => setTimeout(resolve, 1500));
      return { q: request.query.q ?? null };
    });
  });
  await app.ready();
});
afterAll(() => app.close());

describe('the route walker', () => {
  it('reads the routes and their places from the OpenAPI description, reads first', () => {
    const routes = routesOf(app.swagger() as Parameters<typeof routesOf>[0]);
    expect(routes.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /search', 'POST /notes/{id}']);
    expect(
      placesOf(routes[1]!).map((p) => (p.in === 'body' ? `body ${p.path.join('.')}` : `${p.in} ${p.name}`)),
    ).toEqual(['path id', 'body ', 'body note', 'body note.title', 'body note.tags', 'body note.tags.0']);
  });

  it('finds a planted 5xx and a slow answer, and names route, place, role and value', async () => {
    const walk = await walkRoutes({
      app,
      routes: routesOf(app.swagger() as Parameters<typeof routesOf>[0]),
      roles: ['admin'],
      values: hostileValues(),
      today: '2030-01-15',
      fixtures: async () => ({ path: {}, fields: {} }),
      headers: () => ({}),
      boundMs: 1000,
      concurrency: 2,
    });
    const lines = report(walk.findings);
    expect(lines).toContain('POST /notes/{id} — body note.title:');
    expect(lines).toContain('[admin] 500 {"statusCode":500');
    expect(lines).toContain('NUL inside: "a\\u0000b"');
    expect(lines).toContain('GET /search — query q:');
    expect(lines).toMatch(/\[admin\] 200 after \d+ ms \(bound 1000 ms\) ← text NaN/);
    // Nothing else: every other value was answered in time without a 5xx.
    expect(new Set(walk.findings.map((f) => `${f.where} ${f.place}`))).toEqual(
      new Set(['POST /notes/{id} body note.title', 'GET /search query q']),
    );
    expect(walk.routes).toBe(2);
  });
});

describe('hostile values', () => {
  it('samples the same naughty strings on every run', () => {
    expect(naughtySample()).toHaveLength(NAUGHTY_SAMPLE_SIZE);
    expect(naughtySample()).toEqual(naughtySample());
    expect(new Set(naughtySample()).size).toBe(NAUGHTY_SAMPLE_SIZE);
  });

  it('gives each place one value of each class, the next place the next, so that a walk sends every value', () => {
    const all = hostileValues();
    const naughty = (values: typeof all) => values.filter((v) => v.class === 'naughty string');
    const first = valuesForPlace(all, 0, true, null);
    const second = valuesForPlace(all, 1, true, null);
    expect(first.length).toBeLessThan(all.length / 2);
    expect(naughty(first)).toHaveLength(NAUGHTY_FOR_FREE_TEXT);
    expect(first.map((v) => v.label)).toEqual(expect.arrayContaining(['NUL inside', 'lone high surrogate', 'null']));
    expect(second.map((v) => v.label)).toEqual(expect.arrayContaining(['NUL alone', 'lone low surrogate inside']));
    // Values without a class (the parser's prototype attacks, dates at the ends) go to every place.
    for (const values of [first, second])
      expect(values.map((v) => v.label)).toEqual(
        expect.arrayContaining(['object with __proto__', 'date 9999-12-31', 'text of 70,000 characters']),
      );
    const sent = new Set(Array.from({ length: 8 }, (_, place) => valuesForPlace(all, place, true, null)).flat());
    expect(sent.size).toBe(all.length);
  });

  it('gives a typed field two naughty strings and one value of each JSON kind its type refuses', () => {
    const all = hostileValues();
    const id = valuesForPlace(all, 0, false, acceptedKinds({ type: 'string', pattern: '^[0-9a-f]{24}$' }));
    expect(id.filter((v) => v.class === 'naughty string')).toHaveLength(NAUGHTY_FOR_TYPED_FIELDS);
    const number = valuesForPlace(all, 0, false, acceptedKinds({ type: 'integer' }));
    expect(number.filter((v) => typeof ('value' in v ? v.value : null) === 'string')).toHaveLength(1);
    expect(number.filter((v) => typeof ('value' in v ? v.value : null) === 'number').length).toBeGreaterThan(3);
    expect(number.filter((v) => 'value' in v && v.value === null)).toHaveLength(1);
    expect(acceptedKinds({ anyOf: [{ type: 'string' }, { type: 'null' }] })).toEqual(new Set(['string', 'null']));
    expect(acceptedKinds({ enum: ['a', 'b'] })).toEqual(new Set(['string']));
    expect(acceptedKinds({})).toBeNull();
  });

  it('walks PostgreSQL with the values that reach the database differently', () => {
    const labels = databaseValues().map((v) => v.label);
    expect(labels).toEqual(
      expect.arrayContaining(['NUL inside', 'lone high surrogate', 'number 1e308', 'date 0000-01-01']),
    );
    expect(labels).not.toContain('object with __proto__');
  });

  it('encodes lone surrogates in URLs as a hostile client sends them', () => {
    expect(encodeComponent('a b')).toBe('a%20b');
    expect(encodeComponent('x\udfffy')).toBe('x%ED%BF%BFy');
    expect(encodeComponent('a\u0000b')).toBe('a%00b');
  });
});

describe('plausible values from a schema', () => {
  const schema: JsonSchema = {
    type: 'object',
    properties: {
      item: {
        type: 'object',
        properties: {
          name: { type: 'string', minLength: 1, maxLength: 20 },
          day: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
          color: { type: 'string', pattern: '^#[0-9a-fA-F]{6}$' },
          kind: { type: 'string', enum: ['a', 'b'] },
          count: { type: 'integer', minimum: 5 },
          owner_ids: { type: 'array', items: { type: 'string', pattern: '^[0-9a-f]{24}$' } },
          note: { type: 'string' },
        },
        required: ['name', 'day', 'color', 'kind', 'count'],
      },
    },
    required: ['item'],
  };

  it('fills required fields, and optional ones a fixture names', () => {
    const values = valueBuilder(
      (name) => (name === 'owner_ids' ? ['0123456789abcdef01234567'] : undefined),
      '2030-01-15',
    );
    expect(values.build(schema)).toEqual({
      item: {
        name: 'Walker text',
        day: '2030-01-15',
        color: '#1864ab',
        kind: 'a',
        count: 5,
        owner_ids: ['0123456789abcdef01234567'],
      },
    });
  });

  it('lists every field, nested and array items too', () => {
    expect(fieldPaths(schema).map((p) => p.join('.'))).toEqual([
      'item',
      'item.name',
      'item.day',
      'item.color',
      'item.kind',
      'item.count',
      'item.owner_ids',
      'item.owner_ids.0',
      'item.note',
    ]);
  });
});
