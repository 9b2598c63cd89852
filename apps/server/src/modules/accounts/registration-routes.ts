import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { emailConfirmationBodySchema, registrationBodySchema, type RegistrationAnswer } from '@agora/contracts';
import type { AccountsService } from './service.ts';

const PATH = '/api/v1/users/registration';

/**
 * `/users/edit`: the signed-in member's own account (`can.update_registration` is theirs alone,
 * so the account is always the actor's): its address, password and feed token.
 */
export function registrationRoutes(deps: { accounts: AccountsService }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const { registration } = deps.accounts;

    r.get(
      PATH,
      {
        config: { auth: 'member' },
        schema: { tags: ['session'], summary: "The account's address, a pending new address and the feed token" },
      },
      async (request): Promise<RegistrationAnswer> => registration.show(request.actor!),
    );

    r.put(
      PATH,
      {
        config: { auth: 'member' },
        schema: {
          body: registrationBodySchema,
          tags: ['session'],
          summary: "Changes the account's address and/or password",
          description:
            'Requires `current_password`. A new `email` is mailed a confirmation link and shown as `unconfirmed_email` until it is opened; a new `password` (with `password_confirmation`) signs the account out of its other sessions.',
        },
      },
      async (request): Promise<RegistrationAnswer> =>
        registration.update(request.network, request.actor!, request.body.user),
    );

    r.post(
      '/api/v1/users/confirmation',
      {
        config: { auth: 'public', csrf: false },
        schema: {
          body: emailConfirmationBodySchema,
          tags: ['session'],
          summary: 'Confirms a new address with the token of the mailed link',
        },
      },
      async (request) => registration.confirmEmail(request.network, request.body.confirmation_token),
    );
  };
}
