import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
// The contracts set the error map that gives message keys ('required').
import '@agora/contracts';
import { registerErrorHandling } from '../errors.ts';
import { treatMissingBodyAsEmpty } from './missing-body.ts';

let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  treatMissingBodyAsEmpty(app);
  await app.register(async (scope) => {
    const r = scope.withTypeProvider<ZodTypeProvider>();
    r.post('/optional', { schema: { body: z.object({ note: z.string().optional() }) } }, async (request) => ({
      body: request.body,
    }));
    r.post('/required', { schema: { body: z.object({ name: z.string(), size: z.number() }) } }, async () => ({}));
    r.post(
      '/own-hook',
      {
        schema: { body: z.object({ note: z.string().default('none') }) },
        preValidation: async (request) => {
          (request.body as { note?: string }).note ??= 'hooked';
        },
      },
      async (request) => ({ body: request.body }),
    );
    r.post('/schemaless', async (request) => ({ missing: request.body === undefined }));
  });
  await app.ready();
});
afterAll(() => app.close());

const post = (url: string, payload?: string) =>
  app.inject({
    method: 'POST',
    url,
    ...(payload === undefined ? {} : { payload, headers: { 'content-type': 'application/json' } }),
  });

describe('a POST without body and content type', () => {
  it('is validated as {} where every field is optional', async () => {
    const response = await post('/optional');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ body: {} });
  });

  it('answers 422 naming each required field', async () => {
    const response = await post('/required');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ errors: { name: ['required'], size: ['required'] } });
  });

  it("runs before the route's own preValidation hooks", async () => {
    const response = await post('/own-hook');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ body: { note: 'hooked' } });
  });

  it('leaves routes without a body schema alone', async () => {
    expect((await post('/schemaless')).json()).toEqual({ missing: true });
  });
});

describe('a body that is there', () => {
  it('is validated as sent, a JSON null too', async () => {
    expect((await post('/optional', '{"note":"x"}')).json()).toEqual({ body: { note: 'x' } });
    const nul = await post('/optional', 'null');
    expect(nul.statusCode).toBe(422);
    expect(nul.json()).toEqual({ errors: { base: ['required'] } });
  });
});
