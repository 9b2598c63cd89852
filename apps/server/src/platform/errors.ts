import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_KEYS, issueDetail, type FieldErrorDetail } from '@agora/contracts';
import { isServiceUnavailable, reportUnavailable, UNAVAILABLE_RETRY_AFTER_SECONDS } from './db/unavailable.ts';
import { WEB_APP_ROUTE } from './http/content-negotiation.ts';

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
/** The 503 answer while the database cannot be reached (with `Retry-After`). */
export const SERVICE_UNAVAILABLE = 'service_unavailable';
const UNAVAILABLE_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta http-equiv="refresh" content="${UNAVAILABLE_RETRY_AFTER_SECONDS}"><title>Temporarily unavailable</title></head>
<body><p>The service is temporarily unavailable. This page tries again in a few seconds.</p></body>
</html>
`;
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

/** `{appointment: {...}, apply_to}`: the one key holding an object names the resource. */
function resourceKey(schema: unknown): string | undefined {
  const shape = (schema as { shape?: Record<string, { shape?: unknown }> } | undefined)?.shape;
  if (!shape) return undefined;
  const objects = Object.keys(shape).filter((key) => shape[key]?.shape !== undefined);
  return objects.length === 1 ? objects[0] : undefined;
}

/** The field name a 422 gives to a place in the body, query or path of a request. */
export function requestFieldName(
  request: FastifyRequest,
  context: 'body' | 'querystring' | 'params',
  path: (string | number)[],
): string {
  const schema = request.routeOptions.schema?.body;
  const wrapper = context === 'body' ? (bodyWrapperKey(schema) ?? resourceKey(schema)) : undefined;
  return fieldName(path.map((part) => `/${part}`).join(''), wrapper);
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) return reply.code(error.statusCode).send(error.body);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const wrapper =
        error.validationContext === 'body' ? bodyWrapperKey(request.routeOptions.schema?.body) : undefined;
      const errors: Record<string, string[]> = {};
      const details: Record<string, FieldErrorDetail> = {};
      for (const issue of error.validation) {
        const field = fieldName(issue.instancePath, wrapper);
        const message = issue.message ?? '';
        const key: string = /^[a-z_]+$/.test(message) ? message : ERROR_KEYS.invalid;
        const keys = (errors[field] ??= []);
        if (!keys.includes(key)) keys.push(key);
        // A text over its maximum says how long it may be, so the form can say it exactly.
        const detail = issueDetail({ code: issue.keyword, ...(issue.params as Record<string, unknown>) });
        if (detail) details[field] = { ...details[field], ...detail };
      }
      return reply.code(422).send(Object.keys(details).length > 0 ? { errors, details } : { errors });
    }
    if (isServiceUnavailable(error)) {
      // The database (or Redis) is down or refuses connections: the client may try again soon.
      reportUnavailable(request.log, error, `${request.method} ${request.routeOptions.url ?? request.url}`);
      reply.code(503).header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
      // A page the browser navigated to: a page that asks again by itself.
      if (request.routeOptions.url === WEB_APP_ROUTE) {
        return reply.type('text/html; charset=utf-8').send(UNAVAILABLE_PAGE);
      }
      return reply.send({ error: SERVICE_UNAVAILABLE });
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
