import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  batchRenewBodySchema,
  batchRevokeBodySchema,
  membershipInvitesBodySchema,
  sentInvitesQuerySchema,
} from '@agora/contracts';
import type { InviteTarget } from './create.ts';
import type { GroupInvitesService } from './service.ts';

const TAGS = ['group invites'];
const slugParams = z.object({ slug: z.string().max(200).describe('The group slug.') });
const categoryParams = z.object({ groupCategoryId: z.string().max(64).describe('The group category id.') });

const INVITE_DESCRIPTION =
  'Invites members to groups (`membership_invites`: `membership_ids`, `group_ids`, `additional_message`). Members already in a group or invited to it already are skipped. Answers `{message, invited, skipped}`; 422 `member_or_group_required` when nothing was picked.';

/** The group invitation calls of the administration spec (section 7). */
export function groupInviteRoutes(deps: { groupInvites: GroupInvitesService }) {
  const { groupInvites } = deps;
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post(
      '/membership_invites',
      {
        config: { auth: 'member' },
        schema: {
          body: membershipInvitesBodySchema,
          tags: TAGS,
          summary: 'Invites members to groups',
          description: `${INVITE_DESCRIPTION} Without a prefix, \`group_ids\` are the groups invited to; each must be one the member may invite to.`,
        },
      },
      async (request) => groupInvites.invite(request.actor!, { kind: 'network' }, request.body.membership_invites),
    );

    r.post(
      '/groups/:slug/membership_invites',
      {
        config: { auth: 'member' },
        schema: {
          params: slugParams,
          body: membershipInvitesBodySchema,
          tags: TAGS,
          summary: 'Invites members to a group',
          description: `${INVITE_DESCRIPTION} Under a group, \`group_ids\` are groups whose members are invited too. Needs the group's \`can.invite_internal\`; 404 for a group the member may not see.`,
        },
      },
      async (request) => {
        const target: InviteTarget = { kind: 'group', slug: request.params.slug };
        return groupInvites.invite(request.actor!, target, request.body.membership_invites);
      },
    );

    r.post(
      '/group-categories/:groupCategoryId/membership_invites',
      {
        config: { auth: 'member' },
        schema: {
          params: categoryParams,
          body: membershipInvitesBodySchema,
          tags: TAGS,
          summary: 'Invites members to groups of a category',
          description: `${INVITE_DESCRIPTION} Under a category, \`group_ids\` are groups of that category invited to.`,
        },
      },
      async (request) => {
        const target: InviteTarget = { kind: 'category', id: request.params.groupCategoryId };
        return groupInvites.invite(request.actor!, target, request.body.membership_invites);
      },
    );

    r.get(
      '/invites/sent',
      {
        config: { auth: 'member' },
        schema: {
          querystring: sentInvitesQuerySchema,
          tags: TAGS,
          summary: 'The group invitations sent',
          description:
            'A page (`page`, from 1) of the group invitations the member sent, newest first; a network admin sees every one of the network. Answers `{items, page, per, total}`.',
        },
      },
      async (request) => groupInvites.sentBy(request.actor!, request.query.page),
    );

    r.get(
      '/groups/:slug/invites/sent',
      {
        config: { auth: 'member' },
        schema: {
          params: slugParams,
          querystring: sentInvitesQuerySchema,
          tags: TAGS,
          summary: 'The invitations sent to a group',
          description:
            "A page of the group's invitations, newest first, for whoever may invite to it or administrate it (403 otherwise; 404 for a group the member may not see).",
        },
      },
      async (request) => groupInvites.sentTo(request.actor!, request.params.slug, request.query.page),
    );

    r.post(
      '/batch_invites/renew',
      {
        config: { auth: 'member' },
        schema: {
          body: batchRenewBodySchema,
          tags: TAGS,
          summary: 'Renews invitations',
          description:
            "Opens the invites again and reminds their invitees (optionally with a new `additional_message`). Every invite must be open or declined, else 422 `not_renewable` and nothing changes; 404 when one is not the member's to act on.",
        },
      },
      async (request) => groupInvites.renew(request.actor!, request.body.invite_ids, request.body.additional_message),
    );

    r.post(
      '/batch_invites/revoke',
      {
        config: { auth: 'member' },
        schema: {
          body: batchRevokeBodySchema,
          tags: TAGS,
          summary: 'Revokes invitations',
          description:
            "Makes open invites obsolete. Every invite must be open, else 422 `not_revokable` and nothing changes; 404 when one is not the member's to act on.",
        },
      },
      async (request) => groupInvites.revoke(request.actor!, request.body.invite_ids),
    );
  };
}
