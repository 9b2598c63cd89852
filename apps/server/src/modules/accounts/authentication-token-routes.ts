import type { FastifyInstance } from 'fastify';
import type { AuthenticationTokenAnswer } from '@agora/contracts';
import type { AccountsService } from './service.ts';

const PATH = '/api/v1/users/authentication_token';
const schema = { tags: ['session'] };

/** The token that authenticates the member's calendar feed URLs (which carry no cookie). */
export function authenticationTokenRoutes(deps: { accounts: AccountsService }) {
  return async (app: FastifyInstance) => {
    app.get(PATH, { config: { auth: 'member' }, schema }, async (request): Promise<AuthenticationTokenAnswer> => ({
      authentication_token: await deps.accounts.authenticationToken(request.actor!.userId),
    }));

    app.post(PATH, { config: { auth: 'member' }, schema }, async (request): Promise<AuthenticationTokenAnswer> => ({
      authentication_token: await deps.accounts.renewAuthenticationToken(request.actor!.userId),
    }));

    app.delete(PATH, { config: { auth: 'member' }, schema }, async (request): Promise<AuthenticationTokenAnswer> => {
      await deps.accounts.removeAuthenticationToken(request.actor!.userId);
      return { authentication_token: null };
    });
  };
}
