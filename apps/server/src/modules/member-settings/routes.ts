import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mailBouncesBodySchema, memberSettingsBodySchema, type MemberSettingsAnswer } from '@agora/contracts';
import { safeEqual } from '../../platform/auth/tokens.ts';
import { unauthorized } from '../../platform/errors.ts';
import { authorize, type Actor } from '../../platform/policy/index.ts';
import type { MembersService } from '../members/index.ts';
import { memberSettingsPolicy } from './policy.ts';
import type { MemberSettingsService } from './service.ts';

const params = z.object({ id: z.string().max(100) });
const tags = ['members'];

export function memberSettingsRoutes(deps: {
  memberSettings: MemberSettingsService;
  members: Pick<MembersService, 'loadForActor'>;
  /** `MAIL_BOUNCE_TOKEN`: without it no bounce reports are taken. */
  bounceToken: string | undefined;
}) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const { memberSettings } = deps;

    // 404 for a member one cannot see, 403 for another one.
    async function ownMembership(actor: Actor, id: string) {
      const membership = await deps.members.loadForActor(actor, id);
      authorize(memberSettingsPolicy, 'update', actor, membership);
      return membership;
    }

    r.get(
      '/members/:id/settings',
      { config: { auth: 'member' }, schema: { params, tags, summary: "The member's mail settings" } },
      async (request): Promise<MemberSettingsAnswer> => {
        const actor = request.actor!;
        return memberSettings.show(actor, await ownMembership(actor, request.params.id));
      },
    );

    r.put(
      '/members/:id/settings',
      {
        config: { auth: 'member' },
        schema: {
          params,
          body: memberSettingsBodySchema,
          tags,
          summary: "Changes the member's mail settings",
          description:
            "Fields left out keep their value. A digest with `group_ids` null goes out for all the member's groups; a list names groups the member belongs to.",
        },
      },
      async (request): Promise<MemberSettingsAnswer> => {
        const actor = request.actor!;
        const membership = await ownMembership(actor, request.params.id);
        return memberSettings.update(actor, membership, request.body.settings);
      },
    );

    r.post(
      '/members/:id/settings/activate_email',
      {
        config: { auth: 'member' },
        schema: { params, tags, summary: 'Takes a bounced address back into use: notifications are mailed again' },
      },
      async (request): Promise<MemberSettingsAnswer> => {
        const actor = request.actor!;
        return memberSettings.activateEmail(actor, await ownMembership(actor, request.params.id));
      },
    );

    r.post(
      '/api/v1/mail/bounces',
      {
        config: { auth: 'public', csrf: false },
        schema: {
          body: mailBouncesBodySchema,
          tags: ['mail'],
          summary: 'The mail system reports addresses it could not deliver to',
          description:
            'Authenticated with `Authorization: Bearer <MAIL_BOUNCE_TOKEN>`. Each known address stops getting optional mail until its member activates it again.',
        },
      },
      async (request) => {
        const sent = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
        if (!deps.bounceToken || !safeEqual(sent, deps.bounceToken)) throw unauthorized();
        return memberSettings.reportBounces(request.network, request.body.emails);
      },
    );
  };
}
