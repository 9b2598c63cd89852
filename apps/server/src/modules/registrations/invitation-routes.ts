import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acceptInvitationBodySchema } from '@agora/contracts';
import type { AccountsService } from '../accounts/index.ts';
import { answerJoined, joinRateLimit, type JoinLimits } from './routes.ts';
import type { RegistrationsService } from './service.ts';

const TAGS = ['joining'];
const tokenParams = z.object({ token: z.string().max(200).describe('The token of the mailed link.') });

/** The page behind an invitation mail's link: what it shows, and accepting. */
export function invitationRoutes(deps: {
  registrations: RegistrationsService;
  accounts: Pick<AccountsService, 'sessionMaxAgeSeconds'>;
  limits: JoinLimits;
}) {
  const { registrations } = deps;
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const limit = joinRateLimit(app, deps.limits);

    r.get(
      '/invitations/:token',
      {
        config: { auth: 'public' },
        schema: {
          params: tokenParams,
          tags: TAGS,
          summary: 'An invitation by e-mail',
          description:
            'As JSON (the browser gets the invitation page): the invited `email`, `first_name`, `last_name`, the `network_name`, the invited `groups`, the `user_type`, `has_account` (the address has an account of another network: its password is asked instead of a new one), `ask_for_profile_data` and the `profile_fields` asked. 404 for a token that is unknown, accepted or revoked.',
        },
      },
      async (request) => registrations.invitation(request.network, request.params.token),
    );

    r.post(
      '/invitations/:token',
      {
        config: { auth: 'public', csrf: false },
        preHandler: limit,
        schema: {
          params: tokenParams,
          body: acceptInvitationBodySchema,
          tags: TAGS,
          summary: 'Accepts an invitation by e-mail',
          description:
            '`user`: `first_name`, `last_name`, `password`, `password_confirmation`, `profile` (the fields asked), `locale`. Makes the member with the invited address (a guest when the invitation says so), accepts the invitation (its groups are joined) and opens a session: 201 `{status: "member", redirect_to, session}` with the session cookie. 404 for a token no longer open; 403 `already_signed_in` with a session; 422 `too_short` / `confirmation_mismatch` on the password, `invalid_password` when the address has an account and this is not its password, `taken` on `email` when the address became a member meanwhile.',
        },
      },
      async (request, reply) => {
        const joined = await registrations.acceptInvitation(
          request.network,
          request.actor,
          request.params.token,
          request.body.user,
          { ip: request.ip, userAgent: request.headers['user-agent'] },
        );
        return answerJoined(request, reply, deps.accounts, joined);
      },
    );
  };
}
