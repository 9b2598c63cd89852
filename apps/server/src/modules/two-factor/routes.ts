import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addFactorBodySchema,
  BACKUP_CODE_COUNT,
  newFactorQuerySchema,
  TWO_FACTOR_PATH,
  twoFactorCodeBodySchema,
} from '@agora/contracts';
import type { Caller, TwoFactorService } from './service.ts';

const TAGS = ['two-factor'];
const idParams = z.object({ id: z.string().max(64) });
const INVALID_CODE =
  '400 `{error: "invalid_code", message}` for a wrong, expired or used code (the message in the member’s language); ' +
  '429 after too many attempts at a code.';
const WHILE_SIGNING_IN =
  'While signing in waits for a code this answers 401 `second_factor_required`; in the enforced setup (no factor yet) it works.';

const callerOf = (request: FastifyRequest): Caller => ({
  actor: request.actor!,
  network: request.network,
  pending: request.secondFactorPending,
});

/** `/api/v1/authentication/factors...` (a member's factors), the sign-in's code step and the admins' reset. */
export function twoFactorRoutes(deps: { twoFactor: TwoFactorService }) {
  const service = deps.twoFactor;
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    // The factor calls are what a session waiting for its second factor may reach.
    const member = { auth: 'member', secondFactor: true } as const;

    r.get(
      '/api/v1/authentication/factors',
      {
        config: member,
        schema: {
          tags: TAGS,
          summary: "The member's second factors",
          description:
            '`{factors: [{id, type, last_used_at}], available_types, backup_codes_left}`: the activated factors (`totp` ' +
            'an authenticator app, `email` codes by e-mail), the types the network lets the member add (none when ' +
            '`two_factor` is disabled, and none they have already) and how many backup codes are unused.',
        },
      },
      async (request) => service.list(callerOf(request)),
    );

    r.get(
      '/api/v1/authentication/factors/new',
      {
        config: member,
        schema: {
          querystring: newFactorQuerySchema,
          tags: TAGS,
          summary: 'Starts adding a factor',
          description:
            '`type=totp`: a new secret, `{provisioning_uri, secret_key, qr_svg}` (the URI as an SVG QR code); nothing ' +
            'is stored until `POST` confirms it with a code. `type=email`: mails a code (6 digits, valid 10 minutes, ' +
            '5 attempts) to the member’s address and answers `{}`; for a member who has the e-mail factor, the code is one to ' +
            'sign in with or to confirm a change (removing the factor, new backup codes), also while signing in waits for it. 422 `{errors: {type: ["unkown_type"]}}` for a type ' +
            'that does not exist or that the network does not offer, `taken` for one the member has; 403 ' +
            `\`two_factor_disabled\` when the network has two-factor disabled. ${WHILE_SIGNING_IN}`,
        },
      },
      async (request) => service.newFactor(callerOf(request), request.query.type),
    );

    r.post(
      '/api/v1/authentication/factors',
      {
        config: member,
        schema: {
          body: addFactorBodySchema,
          tags: TAGS,
          summary: 'Activates a factor',
          description:
            'Body `type`, `code` and for `totp` the `secret_key` or `provisioning_uri` of `GET …/factors/new`. The ' +
            `factor is stored only when the code is right. Answers \`{backup_codes}\`: ${BACKUP_CODE_COUNT} new backup ` +
            'codes (10 digits, each usable once), shown this once and stored hashed; they replace earlier ones. In the ' +
            'enforced setup of signing in the session then reaches everything and the answer adds `redirect_to`. ' +
            `${INVALID_CODE} ${WHILE_SIGNING_IN}`,
        },
      },
      async (request, reply) => reply.code(201).send(await service.addFactor(callerOf(request), request.body)),
    );

    r.post(
      '/api/v1/authentication/factors/:id/reset-backup-codes',
      {
        config: member,
        schema: {
          params: idParams,
          body: twoFactorCodeBodySchema,
          tags: TAGS,
          summary: 'New backup codes',
          description: `Body \`code\` of this factor. Answers \`{backup_codes}\`; the old ones stop working. 404 for a factor that is not the member’s. ${INVALID_CODE} ${WHILE_SIGNING_IN}`,
        },
      },
      async (request) => service.resetBackupCodes(callerOf(request), request.params.id, request.body.code),
    );

    r.delete(
      '/api/v1/authentication/factors/:id',
      {
        config: member,
        schema: {
          params: idParams,
          body: twoFactorCodeBodySchema,
          tags: TAGS,
          summary: 'Removes a factor',
          description: `Body \`code\` of this factor. 204; with the last factor the backup codes go too. 404 for a factor that is not the member’s. ${INVALID_CODE} ${WHILE_SIGNING_IN}`,
        },
      },
      async (request, reply) => {
        await service.deleteFactor(callerOf(request), request.params.id, request.body.code);
        return reply.code(204).send();
      },
    );

    r.put(
      TWO_FACTOR_PATH,
      {
        config: member,
        schema: {
          body: twoFactorCodeBodySchema,
          tags: TAGS,
          summary: 'The code step of signing in',
          description:
            'Body `code`: of the authenticator app, the one mailed at sign-in (e-mail factor) or an unused backup ' +
            'code (then used up). Answers `{redirect_to}`; from then on the session reaches everything. ' +
            INVALID_CODE,
        },
      },
      async (request) => service.passSignIn(callerOf(request), request.body.code),
    );

    r.delete(
      '/administration/members/:id/authentication/factors',
      {
        config: { auth: 'network_admin' },
        schema: {
          params: idParams,
          tags: ['administration'],
          summary: "Resets a member's two-factor authentication",
          description:
            'Removes the member’s factors and backup codes (recorded as `two_factor.reset`); they sign in with the ' +
            'password alone, or set a factor up again where two-factor is enforced. 204. 403 `two_factor_disabled` ' +
            'when the network has two-factor disabled; 404 for an unknown member. For network administrators.',
        },
      },
      async (request, reply) => {
        await service.resetMember(request.actor!, request.params.id);
        return reply.code(204).send();
      },
    );
  };
}
