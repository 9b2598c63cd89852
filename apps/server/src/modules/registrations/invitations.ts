import type { z } from 'zod';
import type { acceptInvitationBodySchema, InvitationInfo, JoinResult } from '@agora/contracts';
import { forbidden, notFound } from '../../platform/errors.ts';
import type { Actor, NetworkContext } from '../../platform/policy/index.ts';
import type { ExternalInviteRow } from '../external-invites/index.ts';
import { LANDING_PATH, settingsOf, type RegistrationsDeps, type RequestMeta } from './deps.ts';
import { checkJoiningPassword } from './passwords.ts';
import { askedProfileFields, profileValues } from './profile-fields.ts';

export type AcceptInvitationInput = z.output<typeof acceptInvitationBodySchema>['user'];

/** Accepting an invitation by e-mail through its mailed link (`/invitations/{token}`). */
export function createInvitations(deps: RegistrationsDeps) {
  async function openInvite(network: NetworkContext, token: string): Promise<ExternalInviteRow> {
    const invite = await deps.externalInvites.openByToken(network, token);
    if (!invite) throw notFound();
    return invite;
  }

  /** The invited groups' names, as their author (who may invite to them) sees them. */
  async function groupsOf(network: NetworkContext, invite: ExternalInviteRow) {
    if (invite.groupIds.length === 0) return [];
    const author = await deps.members.find(network.id, invite.authorId);
    if (!author) return [];
    const found = await deps.groups.withRolesAndCategories(
      deps.members.actorFor(author, 'invitation', null),
      invite.groupIds,
    );
    return invite.groupIds.flatMap((id) => {
      const group = found.get(id)?.group;
      return group ? [{ id: group.id, name: group.name, slug: group.slug }] : [];
    });
  }

  return {
    /** What the invitation page shows; 404 for an unknown, accepted or revoked token. */
    async invitation(network: NetworkContext, token: string): Promise<InvitationInfo> {
      const invite = await openInvite(network, token);
      const [settings, groups, account] = await Promise.all([
        settingsOf(deps, network),
        groupsOf(network, invite),
        deps.accounts.exists(invite.email),
      ]);
      return {
        email: invite.email,
        first_name: invite.firstName,
        last_name: invite.lastName,
        network_name: network.name,
        groups,
        user_type: invite.userType,
        has_account: account,
        ask_for_profile_data: settings.join_ask_for_profile_data,
        profile_fields: askedProfileFields(settings),
      };
    },

    /**
     * Makes the member with the invite's address (`membership.created` via invite, a guest
     * when the invite says so), accepts the invite (`external_invite.accepted`, whose processor
     * joins its groups) and signs them in. 404 for a token no longer open, 403 while signed in.
     */
    async acceptInvitation(
      network: NetworkContext,
      actor: Actor | null,
      token: string,
      input: AcceptInvitationInput,
      meta: RequestMeta,
    ): Promise<{ result: JoinResult; token: string | null }> {
      const invite = await openInvite(network, token);
      if (actor) throw forbidden('already_signed_in');
      await checkJoiningPassword(deps, { ...input, email: invite.email }, 'password');
      const settings = await settingsOf(deps, network);
      const profile = profileValues(settings, input.profile);
      const { user, membership } = await deps.accounts.addMember(
        network,
        {
          email: invite.email,
          firstName: input.first_name,
          lastName: input.last_name,
          password: input.password,
          locale: input.locale ?? null,
          isExternal: invite.userType === 'external',
          profile,
          onboardingPending: await deps.profileEdit.onboardingOnJoin(network.id, profile, true),
        },
        { actorId: invite.authorId, via: 'invite', details: { external_invite_id: invite.id } },
      );
      await deps.externalInvites.accept(network, invite.id, membership.id);
      const session = await deps.accounts.openSession(network, user.id, meta);
      return {
        result: { status: 'member', redirect_to: LANDING_PATH, session: session.info },
        token: session.token,
      };
    },
  };
}
