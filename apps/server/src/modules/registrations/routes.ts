import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { registrationsQuerySchema, signUpBodySchema, type JoinResult } from '@agora/contracts';
import { setSessionCookie } from '../../platform/auth/request-context.ts';
import { tooManyRequests } from '../../platform/errors.ts';
import type { AccountsService } from '../accounts/index.ts';
import type { RegistrationsService } from './service.ts';

const TAGS = ['joining'];
const idParams = z.object({ id: z.string().max(64).describe('The registration id.') });

export type JoinLimits = { perIp: number; windowMs: number };

/**
 * Joining is public and hashes passwords: its writes are limited per IP, like sign-in, so that
 * nobody floods the network with sign-ups or guesses an account's password through them.
 */
export function joinRateLimit(app: FastifyInstance, limits: JoinLimits) {
  const limiter = app.createRateLimit({
    max: limits.perIp,
    timeWindow: limits.windowMs,
    keyGenerator: (req) => `joining:ip:${req.ip}`,
  });
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const result = await limiter(request);
    if (!result.isAllowed && result.isExceeded) {
      reply.header('retry-after', result.ttlInSeconds);
      throw tooManyRequests();
    }
  };
}

/** Sets the cookie of a session joining opened, and answers 201. */
export function answerJoined(
  request: FastifyRequest,
  reply: FastifyReply,
  accounts: Pick<AccountsService, 'sessionMaxAgeSeconds'>,
  joined: { result: JoinResult; token: string | null },
) {
  if (joined.token) setSessionCookie(request, reply, joined.token, accounts.sessionMaxAgeSeconds);
  return reply.code(201).send(joined.result);
}

/** Signing up, its proof of work, and the administrators' list of registrations. */
export function registrationRoutes(deps: {
  registrations: RegistrationsService;
  accounts: Pick<AccountsService, 'sessionMaxAgeSeconds'>;
  limits: JoinLimits;
}) {
  const { registrations } = deps;
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const limit = joinRateLimit(app, deps.limits);
    app.addHook('onClose', () => registrations.close());

    r.get(
      '/users/sign_up',
      {
        config: { auth: 'public' },
        schema: {
          tags: TAGS,
          summary: 'Whether and how visitors may sign up',
          description:
            'As JSON (the browser gets the sign-up page): `allowed` (`join_user_can_initiate`), `moderated`, `altcha` (a proof of work is asked), `as_external`, `ask_for_profile_data` and the `profile_fields` asked, and the network name.',
        },
      },
      async (request) => registrations.signUpSettings(request.network),
    );

    r.get(
      '/altcha/challenge',
      {
        config: { auth: 'public' },
        schema: {
          tags: TAGS,
          summary: 'An ALTCHA proof-of-work challenge',
          description:
            'A challenge signed by this server for the sign-up form (`algorithm`, `challenge`, `maxnumber`, `salt`, `signature`), valid for 20 minutes; its solution is accepted once. 404 when the network does not let visitors sign up or asks for no proof of work.',
        },
      },
      async (request, reply) => {
        await registrations.assertAltchaWanted(request.network);
        // Each challenge is for one form: never kept by a cache.
        reply.header('cache-control', 'no-store');
        return registrations.challenge();
      },
    );

    r.post(
      '/users',
      {
        config: { auth: 'public', csrf: false },
        preHandler: limit,
        schema: {
          body: signUpBodySchema,
          tags: TAGS,
          summary: 'Signs up',
          description:
            '`user`: `email`, `first_name`, `last_name`, `password`, `password_confirmation`, `profile` (the fields asked), `locale`, `altcha` (the solved challenge, when the network asks for one). 404 when the network does not let visitors sign up; 403 `already_signed_in` with a session; 422 `altcha_invalid` on `altcha` (missing, wrong, expired or used before), `taken` on `email` (a member already, or an account whose password this is not), `already_registered` (waiting for a decision), `too_short` / `confirmation_mismatch` on the password. Answers 201 `{status: "pending"}` where joining is moderated, else `{status: "member", redirect_to, session}` with the session cookie set.',
        },
      },
      async (request, reply) => {
        const joined = await registrations.signUp(request.network, request.actor, request.body.user, {
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        });
        return answerJoined(request, reply, deps.accounts, joined);
      },
    );

    r.get(
      '/administration/registrations',
      {
        config: { auth: 'network_admin' },
        schema: {
          querystring: registrationsQuerySchema,
          tags: TAGS,
          summary: 'Registrations waiting for a decision',
          description:
            'For network admins: a page (`page`, 25 each) of the registrations of a `status` (pending by default, oldest first; decided ones newest first), each with `can.approve` and `can.reject`. Answers `{items, page, per, total}`.',
        },
      },
      async (request) => registrations.list(request.actor!, request.query.status, request.query.page),
    );

    r.post(
      '/administration/registrations/:id/approve',
      {
        config: { auth: 'network_admin' },
        schema: {
          params: idParams,
          tags: TAGS,
          summary: 'Lets someone who signed up in',
          description:
            'Makes the member with the password they chose (as a guest when the network lets people join only as guests) and mails them. 404 for an unknown registration; 422 `already_decided` on `status`; 422 `taken` on `email` when the address became a member meanwhile.',
        },
      },
      async (request) => registrations.approve(request.network, request.actor!, request.params.id),
    );

    r.post(
      '/administration/registrations/:id/reject',
      {
        config: { auth: 'network_admin' },
        schema: {
          params: idParams,
          tags: TAGS,
          summary: 'Turns a registration down',
          description:
            'Marks it rejected and mails the person. 404 for an unknown registration; 422 `already_decided`.',
        },
      },
      async (request) => registrations.reject(request.network, request.actor!, request.params.id),
    );
  };
}
