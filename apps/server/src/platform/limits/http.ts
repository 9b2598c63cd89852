import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { tooManyRequests } from '../errors.ts';
import { retryAfterSeconds, type BudgetName, type Limits } from './limits.ts';

declare module 'fastify' {
  // Module augmentation of a library type needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyContextConfig {
    /**
     * The budget a signed-in member's write to this route draws from: `writes` unless named
     * (`uploads`), false for the few routes that must always answer (signing out).
     */
    budget?: BudgetName | false;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Every write (POST, PUT, PATCH, DELETE) of a signed-in member draws from their budget, before
 * its body is read; over budget it is answered 429 `{error: 'rate_limited'}` with `Retry-After`
 * and nothing is done. Registered after the request context, which knows the member.
 */
export const writeBudget = fp<{ limits: Limits }>(
  async (app: FastifyInstance, { limits }) => {
    app.addHook('onRequest', async (request, reply) => {
      const actor = request.actor;
      if (!actor || SAFE_METHODS.has(request.method)) return;
      const name = request.routeOptions.config?.budget ?? 'writes';
      if (name === false) return;
      const result = await limits.take(name, { networkId: actor.networkId, membershipId: actor.membershipId });
      if (result.ok) return;
      reply.header('retry-after', String(retryAfterSeconds(result)));
      throw tooManyRequests();
    });
  },
  { name: 'write-budget', dependencies: ['request-context'] },
);
