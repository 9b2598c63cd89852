import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { passwordResetRequestSchema, passwordResetSchema, signInBodySchema } from '@agora/contracts';
import { clearSessionCookie, setSessionCookie } from '../../platform/auth/request-context.ts';
import { tooManyRequests, unauthorized } from '../../platform/errors.ts';
import type { AccountsService } from './service.ts';

export type SignInLimits = { perAddress: number; perIp: number; windowMs: number };

export function accountRoutes(deps: { accounts: AccountsService; limits: SignInLimits }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const { limits } = deps;

    // Guessing is limited both per address (one account attacked from many places) and per IP
    // (many accounts tried from one place).
    const perIp = app.createRateLimit({
      max: limits.perIp,
      timeWindow: limits.windowMs,
      keyGenerator: (req) => `sign-in:ip:${req.ip}`,
    });
    const perAddress = app.createRateLimit({
      max: limits.perAddress,
      timeWindow: limits.windowMs,
      keyGenerator: (req) => `sign-in:address:${req.network.id}:${addressOf(req)}`,
    });
    type Limiter = typeof perIp;
    const limitBy = (limiters: Limiter[]) => async (request: FastifyRequest, reply: FastifyReply) => {
      for (const limiter of limiters) {
        const result = await limiter(request);
        if (!result.isAllowed && result.isExceeded) {
          reply.header('retry-after', result.ttlInSeconds);
          throw tooManyRequests();
        }
      }
    };
    const limitSignIn = limitBy([perIp, perAddress]);

    r.post(
      '/users/sign_in',
      {
        config: { auth: 'public', csrf: false },
        schema: { body: signInBodySchema, tags: ['session'] },
        preHandler: limitSignIn,
      },
      async (request, reply) => {
        const { token, info } = await deps.accounts.signIn(request.network, request.body.user, {
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        });
        setSessionCookie(request, reply, token, deps.accounts.sessionMaxAgeSeconds);
        return info;
      },
    );

    r.delete(
      '/users/sign_out',
      { config: { auth: 'public' }, schema: { tags: ['session'] } },
      async (request, reply) => {
        if (request.actor) await deps.accounts.signOut(request.actor.sessionId);
        clearSessionCookie(request, reply);
        return reply.code(204).send();
      },
    );

    r.get('/api/v1/session', { config: { auth: 'member' }, schema: { tags: ['session'] } }, async (request) => {
      const actor = request.actor!;
      const info = await deps.accounts.sessionInfo(request.network, actor.userId, request.csrfToken!, actor.locale);
      if (!info) throw unauthorized();
      return info;
    });

    r.post(
      '/users/password',
      {
        config: { auth: 'public', csrf: false },
        schema: { body: passwordResetRequestSchema, tags: ['session'] },
        preHandler: limitSignIn,
      },
      async (request) => {
        await deps.accounts.requestPasswordReset(request.network, request.body.user.email);
        return { message: 'reset_instructions_sent' };
      },
    );

    r.put(
      '/users/password',
      {
        config: { auth: 'public', csrf: false },
        schema: { body: passwordResetSchema, tags: ['session'] },
        preHandler: limitBy([perIp]),
      },
      async (request) => {
        await deps.accounts.resetPassword(request.body.user.reset_password_token, request.body.user.password);
        return { message: 'password_updated' };
      },
    );
  };
}

function addressOf(request: FastifyRequest): string {
  const body = request.body as { user?: { email?: unknown } } | undefined;
  const email = body?.user?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
}
