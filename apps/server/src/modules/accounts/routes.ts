import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { passwordResetRequestSchema, passwordResetSchema, signInBodySchema } from '@agora/contracts';
import { clearSessionCookie, setSessionCookie } from '../../platform/auth/request-context.ts';
import { tooManyRequests } from '../../platform/errors.ts';
import type { AccountsService } from './service.ts';
import type { SignInAttempt, SignInGuard } from './sign-in-guard.ts';

type PasswordResetLimits = { perAddress: number; perIp: number; windowMs: number };

export function accountRoutes(deps: {
  accounts: AccountsService;
  guard: SignInGuard;
  resetLimits: PasswordResetLimits;
  /** Guesses of reset tokens from one IP in the reset window. */
  tokenLimitPerIp: number;
}) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const { guard, resetLimits } = deps;
    app.addHook('onClose', () => guard.close());

    const attemptOf = (request: FastifyRequest): SignInAttempt => ({
      networkId: request.network.id,
      address: addressOf(request),
      ip: request.ip ?? '',
    });
    // Failed attempts are limited per address from one IP, per IP, and slowed per address (sign-in-guard.ts).
    const limitSignIn = async (request: FastifyRequest, reply: FastifyReply) => {
      const verdict = await guard.attempt(attemptOf(request));
      if (!verdict.allowed) {
        reply.header('retry-after', Math.max(1, Math.ceil(verdict.retryAfterMs / 1000)));
        throw tooManyRequests();
      }
    };

    // Reset mails have limits of their own, so that a member who cannot sign in can still ask
    // for one, and nobody can flood an address or the mail server with them.
    const resetPerIp = app.createRateLimit({
      max: resetLimits.perIp,
      timeWindow: resetLimits.windowMs,
      keyGenerator: (req) => `password-reset:ip:${req.ip}`,
    });
    const resetPerAddress = app.createRateLimit({
      max: resetLimits.perAddress,
      timeWindow: resetLimits.windowMs,
      keyGenerator: (req) => `password-reset:address:${req.network.id}:${addressOf(req)}`,
    });
    const tokenPerIp = app.createRateLimit({
      max: deps.tokenLimitPerIp,
      timeWindow: resetLimits.windowMs,
      keyGenerator: (req) => `password-token:ip:${req.ip}`,
    });
    type Limiter = typeof resetPerIp;
    const limitBy = (limiters: Limiter[]) => async (request: FastifyRequest, reply: FastifyReply) => {
      for (const limiter of limiters) {
        const result = await limiter(request);
        if (!result.isAllowed && result.isExceeded) {
          reply.header('retry-after', result.ttlInSeconds);
          throw tooManyRequests();
        }
      }
    };

    r.post(
      '/users/sign_in',
      {
        config: { auth: 'public', csrf: false },
        schema: {
          body: signInBodySchema,
          tags: ['session'],
          summary: 'Signs in',
          description:
            "Opens a session and answers with the member, the CSRF token and the language that applies. An optional `user.locale` (what the visitor chose on the sign-in page) becomes the member's own language when they have none yet, and is ignored otherwise.",
        },
        preHandler: limitSignIn,
      },
      async (request, reply) => {
        const { email, password, locale } = request.body.user;
        const { token, info } = await deps.accounts.signIn(
          request.network,
          { email, password },
          { ip: request.ip, userAgent: request.headers['user-agent'], chosenLocale: locale },
        );
        await guard.succeeded(attemptOf(request));
        setSessionCookie(request, reply, token, deps.accounts.sessionMaxAgeSeconds);
        return info;
      },
    );

    r.delete(
      '/users/sign_out',
      // Signing out always works, whatever else the member sent, also while a second factor is awaited.
      { config: { auth: 'public', budget: false, secondFactor: true }, schema: { tags: ['session'] } },
      async (request, reply) => {
        if (request.actor) await deps.accounts.signOut(request.actor.sessionId);
        clearSessionCookie(request, reply);
        return reply.code(204).send();
      },
    );

    // Being signed out is an answer, not an error: a visitor's first request answers 204 (no
    // session), so that browsers log no failed request on every page load.
    r.get(
      '/api/v1/session',
      {
        config: { auth: 'public', secondFactor: true },
        schema: {
          tags: ['session'],
          summary: 'The current session',
          description:
            'The signed-in member, the CSRF token and the language that applies; 204 without a body when nobody is signed in (no cookie, or one that expired, was signed out, is foreign or belongs to a locked member). `second_factor` (`verify` or `setup`) while the session still waits for a code or for a factor to be set up (`/users/two_factor_authentication`).',
        },
      },
      async (request, reply) => {
        const actor = request.actor;
        const info =
          actor &&
          (await deps.accounts.sessionInfo(request.network, actor, request.csrfToken!, request.secondFactorPending));
        if (!info) return reply.code(204).send();
        return info;
      },
    );

    r.post(
      '/users/password',
      {
        config: { auth: 'public', csrf: false },
        schema: { body: passwordResetRequestSchema, tags: ['session'] },
        preHandler: limitBy([resetPerIp, resetPerAddress]),
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
        preHandler: limitBy([tokenPerIp]),
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
