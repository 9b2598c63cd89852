import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  groupJoinRequestsQuerySchema,
  groupMembersAdminQuerySchema,
  rejectJoinRequestBodySchema,
  type Group,
  type GroupFavoriteAnswer,
  type GroupJoinRequest,
} from '@agora/contracts';
import type { Actor } from '../../platform/policy/index.ts';
import type { MembersService } from '../members/index.ts';
import { memberImages, memberName, presentMemberOption, searchTerms } from '../members/index.ts';
import { presentJoinRequest, type JoinRequestMember } from './join-requests.ts';
import type { MembershipSubject } from './membership-policy.ts';
import { presentGroup } from './present.ts';
import type { GroupsService } from './service.ts';

const TAGS = ['group membership'];
const groupIdParams = z.object({ id: z.string().max(64).describe('The id of the group.') });
const slugParams = z.object({ slug: z.string().max(200).describe('The slug of the group.') });
const requestParams = slugParams.extend({ id: z.string().max(64).describe('The id of the join request.') });
const memberParams = slugParams.extend({
  membershipId: z.string().max(64).describe('The membership id of the group member.'),
});

const GROUP_ANSWER = 'Answers the group JSON as the member now sees it (`GET /api/v1/groups/{slug}`).';
const HIDDEN = 'A hidden group is 404 for whoever is not in it.';

/**
 * The membership calls of the administration spec (section 7) and the administration of join
 * requests and members of a group.
 */
export function membershipRoutes(deps: { groups: GroupsService; members: MembersService }) {
  const { groups, members } = deps;

  /** The group JSON once a membership call has changed it; also after leaving a hidden group. */
  async function groupAnswer(actor: Actor, groupId: string): Promise<Group> {
    const subject = await groups.loadMembershipSubject(actor, groupId, true);
    return presentGroup(
      actor,
      subject,
      await groups.membershipView(actor, subject),
      await groups.rootFolderId(actor, subject.group.id),
    );
  }

  /** A group by slug as the administration calls need it (404 when unreadable). */
  async function adminSubject(actor: Actor, slug: string): Promise<MembershipSubject> {
    const subject = await groups.loadForActor(actor, slug);
    return { ...subject, categoryAdmin: !!subject.categoryAdmin };
  }

  /** The members of some join requests, as pickers show members, in one query. */
  async function requestMembers(networkId: string, ids: string[]): Promise<Map<string, JoinRequestMember>> {
    const rows = await members.findMany(networkId, ids);
    return new Map(
      rows.filter((m) => !m.lockedAt).map((m) => [m.id, { ...presentMemberOption(m), path: `/members/${m.id}` }]),
    );
  }

  async function presentRequest(
    actor: Actor,
    row: Parameters<typeof presentJoinRequest>[0],
  ): Promise<GroupJoinRequest> {
    const member = (await requestMembers(actor.networkId, [row.membershipId])).get(row.membershipId);
    return presentJoinRequest(
      row,
      member ?? { id: row.membershipId, displayName: '', images: { small: null }, is_external: false, path: '' },
    );
  }

  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post(
      '/api/v1/groups/:id/join',
      {
        config: { auth: 'member' },
        schema: {
          params: groupIdParams,
          tags: TAGS,
          summary: 'Joins a group, or asks to',
          description:
            'An open group without moderation is joined at once (`membership_status_of_current_member` member); ' +
            'a moderated or closed group gets a join request for its admins to decide (in_moderation). Takes no body. ' +
            `Joining again changes nothing. 403 \`group_archived\` for an archived group, 403 for external members and hidden groups. ${HIDDEN} ${GROUP_ANSWER}`,
        },
      },
      async (request) => {
        const actor = request.actor!;
        await groups.join(actor, request.params.id);
        return groupAnswer(actor, request.params.id);
      },
    );

    r.delete(
      '/api/v1/groups/:id/join',
      {
        config: { auth: 'member' },
        schema: {
          params: groupIdParams,
          tags: TAGS,
          summary: 'Leaves a group, or withdraws the request to join it',
          description:
            'The only admin of a group cannot leave while other members remain: 422 `{errors: {base: ["last_admin"]}}` ' +
            `(appoint another admin first). Leaving a group one is not in changes nothing. ${HIDDEN} ${GROUP_ANSWER}`,
        },
      },
      async (request) => {
        const actor = request.actor!;
        await groups.leave(actor, request.params.id);
        return groupAnswer(actor, request.params.id);
      },
    );

    for (const [method, on] of [
      ['post', true],
      ['delete', false],
    ] as const) {
      r[method](
        '/api/v1/groups/:id/subscribe',
        {
          config: { auth: 'member' },
          schema: {
            params: groupIdParams,
            tags: TAGS,
            summary: on ? 'Subscribes to a group' : 'Unsubscribes from a group',
            description: `Whether the group's news reach the member (\`i_haz_subscription\`); members only (403 otherwise). ${HIDDEN} ${GROUP_ANSWER}`,
          },
        },
        async (request) => {
          const actor = request.actor!;
          await groups.setMembershipFlag(actor, request.params.id, 'subscribed', on);
          return groupAnswer(actor, request.params.id);
        },
      );

      r[method](
        '/api/v1/groups/:id/favorite',
        {
          config: { auth: 'member' },
          schema: {
            params: groupIdParams,
            tags: TAGS,
            summary: on ? 'Stars a group' : 'Unstars a group',
            description: `Favorite groups come first in the user bar; members only (403 otherwise). ${HIDDEN} Answers \`{favorited}\`, as the channels' favorite call does.`,
          },
        },
        async (request): Promise<GroupFavoriteAnswer> => {
          await groups.setMembershipFlag(request.actor!, request.params.id, 'favorited', on);
          return { favorited: on };
        },
      );
    }

    r.get(
      '/groups/:slug/administration/join_requests',
      {
        config: { auth: 'member' },
        schema: {
          params: slugParams,
          querystring: groupJoinRequestsQuerySchema,
          tags: TAGS,
          summary: "A group's open join requests",
          description:
            "For the group's admins, its category's admins and network admins (403 otherwise): a page of the open requests, oldest first, as `{join_requests, total, limit, offset}`. " +
            `The page of the same path is the web app's (content negotiation). ${HIDDEN}`,
        },
      },
      async (request) => {
        const actor = request.actor!;
        const subject = await adminSubject(actor, request.params.slug);
        return groups.joinRequests.page(actor, subject, request.query, (ids) => requestMembers(actor.networkId, ids));
      },
    );

    r.post(
      '/groups/:slug/administration/join_requests/:id/accept',
      {
        config: { auth: 'member' },
        schema: {
          params: requestParams,
          tags: TAGS,
          summary: 'Accepts a join request',
          description:
            'The member joins the group and is told by notification and mail. Takes no body. 422 `already_decided` for a request no longer open, 403 `forbidden` for an archived group or a member who does not administrate it. Answers the request.',
        },
      },
      async (request) => {
        const actor = request.actor!;
        const subject = await adminSubject(actor, request.params.slug);
        return presentRequest(actor, await groups.joinRequests.accept(actor, subject, request.params.id));
      },
    );

    r.post(
      '/groups/:slug/administration/join_requests/:id/reject',
      {
        config: { auth: 'member' },
        schema: {
          params: requestParams,
          body: rejectJoinRequestBodySchema,
          tags: TAGS,
          summary: 'Rejects a join request with a message',
          description:
            'The member is told by notification and mail, with the message. 422 `already_decided` for a request no longer open. Answers the request.',
        },
      },
      async (request) => {
        const actor = request.actor!;
        const subject = await adminSubject(actor, request.params.slug);
        const row = await groups.joinRequests.reject(actor, subject, request.params.id, request.body.message);
        return presentRequest(actor, row);
      },
    );

    r.get(
      '/groups/:slug/administration/members',
      {
        config: { auth: 'member' },
        schema: {
          params: slugParams,
          querystring: groupMembersAdminQuerySchema,
          tags: TAGS,
          summary: "A group's members for its administration",
          description:
            'Admins first, then by last name; `q` finds members whose names begin with its words. Each row says what the caller may do with it (`can.appoint_admin`, `remove_admin`, `remove`). ' +
            `For those who administrate the group (403 otherwise). ${HIDDEN}`,
        },
      },
      async (request) => {
        const actor = request.actor!;
        const subject = await adminSubject(actor, request.params.slug);
        return groups.memberAdministration.page(actor, subject, request.query, {
          names: members.namesSubquery(actor.networkId),
          terms: searchTerms(request.query.q).terms,
          present: (m) => ({
            displayName: memberName(m),
            images: { small: memberImages(m).small },
            is_external: m.isExternal,
          }),
        });
      },
    );

    for (const [method, appoint] of [
      ['post', true],
      ['delete', false],
    ] as const) {
      r[method](
        '/groups/:slug/administration/members/:membershipId/admin',
        {
          config: { auth: 'member' },
          schema: {
            params: memberParams,
            tags: TAGS,
            summary: appoint ? 'Appoints a group admin' : 'Removes a group admin',
            description:
              (appoint
                ? 'Makes a member of the group one of its admins. '
                : 'Makes an admin a plain member again; the last admin stays (422 `last_admin`). ') +
              'Takes no body. 422 `not_a_member` for someone outside the group. Answers `{membership_id, role}`.',
          },
        },
        async (request) => {
          const actor = request.actor!;
          const subject = await adminSubject(actor, request.params.slug);
          const administration = groups.memberAdministration;
          const row = appoint
            ? await administration.appointAdmin(actor, subject, request.params.membershipId)
            : await administration.removeAdmin(actor, subject, request.params.membershipId);
          return { membership_id: row.membershipId, role: row.role };
        },
      );
    }

    r.delete(
      '/groups/:slug/administration/members/:membershipId',
      {
        config: { auth: 'member' },
        schema: {
          params: memberParams,
          tags: TAGS,
          summary: 'Removes a member from a group',
          description:
            'For those who administrate the group. The last admin cannot be removed while others remain (422 `last_admin`); 422 `not_a_member` for someone outside the group. Answers 204.',
        },
      },
      async (request, reply) => {
        const actor = request.actor!;
        const subject = await adminSubject(actor, request.params.slug);
        await groups.memberAdministration.remove(actor, subject, request.params.membershipId);
        return reply.code(204).send();
      },
    );
  };
}
