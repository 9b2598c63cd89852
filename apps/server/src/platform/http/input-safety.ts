import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_KEYS, findUnsafeInput } from '@agora/contracts';
import { requestFieldName } from '../errors.ts';

const PLACES = [
  ['params', (request: FastifyRequest) => request.params],
  ['querystring', (request: FastifyRequest) => request.query],
  ['body', (request: FastifyRequest) => request.body],
] as const;

/** Parsed JSON, query and path objects; uploads (streams, buffers) are checked by their own code. */
function isParsedData(value: unknown): boolean {
  if (typeof value === 'string') return true;
  if (value === null || typeof value !== 'object') return false;
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return false;
  return typeof (value as { pipe?: unknown }).pipe !== 'function';
}

async function refuseUnsafeInput(request: FastifyRequest, reply: FastifyReply) {
  for (const [context, read] of PLACES) {
    const value = read(request);
    if (!isParsedData(value)) continue;
    const unsafe = findUnsafeInput(value);
    if (!unsafe) continue;
    const field = requestFieldName(request, context, unsafe.path);
    const key = unsafe.reason === 'too_deep' ? ERROR_KEYS.invalid : ERROR_KEYS.invalidCharacters;
    return reply.code(422).send({ errors: { [field]: [key] } });
  }
}

/**
 * Every route, whatever its schema, refuses NUL characters, unpaired surrogates and hostile
 * nesting in its path, query and JSON body with 422 before any validation or query: the
 * database cannot store such text, and the answer must be the member's fault, never a 500.
 */
export function refuseUnsafeRequestInput(app: FastifyInstance): void {
  app.addHook('preValidation', refuseUnsafeInput);
}
