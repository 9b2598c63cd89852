import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_KEYS } from '@agora/contracts';

/** An error that becomes an HTTP answer; anything else is a 500 and is logged. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: Record<string, unknown>,
  ) {
    super(typeof body.error === 'string' ? body.error : `HTTP ${statusCode}`);
  }
}

export const unauthorized = (key: string = ERROR_KEYS.unauthorized) => new HttpError(401, { error: key });
export const forbidden = (key: string = ERROR_KEYS.forbidden) => new HttpError(403, { error: key });
export const notFound = () => new HttpError(404, { error: ERROR_KEYS.notFound });
export const tooManyRequests = () => new HttpError(429, { error: ERROR_KEYS.rateLimited });
/** 409: the object changed meanwhile (e.g. two members saving the same new thing at once). */
export const conflict = () => new HttpError(409, { error: 'conflict' });

/** Whether a database error is a unique-constraint violation (PostgreSQL and PGlite alike). */
export function isUniqueViolation(err: unknown): boolean {
  // The query builder wraps the driver's error; the code is on the original.
  for (let e = err as { code?: unknown; cause?: unknown } | null, depth = 0; e && depth < 4; depth++) {
    if (e.code === '23505') return true;
    e = e.cause as typeof e;
  }
  return false;
}

/** 422 with field errors: `{errors: {field: [message_key]}}`. */
export const unprocessable = (errors: Record<string, string[]>) => new HttpError(422, { errors });

/**
 * Request bodies wrapped in one resource key (`{"user": {...}}`) report their fields without
 * the wrapper (`email`, not `user.email`), as the forms that send them name them.
 */
function fieldName(instancePath: string, wrapperKey: string | undefined): string {
  const parts = instancePath.split('/').filter(Boolean);
  if (wrapperKey && parts[0] === wrapperKey && parts.length > 1) parts.shift();
  return parts.join('.') || 'base';
}

function bodyWrapperKey(schema: unknown): string | undefined {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  if (!shape) return undefined;
  const keys = Object.keys(shape);
  return keys.length === 1 ? keys[0] : undefined;
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) return reply.code(error.statusCode).send(error.body);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const wrapper =
        error.validationContext === 'body' ? bodyWrapperKey(request.routeOptions.schema?.body) : undefined;
      const errors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const field = fieldName(issue.instancePath, wrapper);
        const message = issue.message ?? '';
        const key: string = /^[a-z_]+$/.test(message) ? message : ERROR_KEYS.invalid;
        const keys = (errors[field] ??= []);
        if (!keys.includes(key)) keys.push(key);
      }
      return reply.code(422).send({ errors });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return reply.code(429).send({ error: ERROR_KEYS.rateLimited });
    if (status >= 400 && status < 500) {
      // Malformed JSON, an oversized body, a wrong content type: the client's fault, said plainly.
      return reply.code(status).send({ error: error.code?.toLowerCase() ?? 'bad_request', message: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ error: 'internal_error' });
  });
}
