import {
  ERROR_KEYS,
  EXTERNAL_INVITE_ERROR_KEYS as KEYS,
  type ExternalInviteResult,
  type ExternalInviteSettings,
} from '@agora/contracts';
import { unprocessable } from '../../platform/errors.ts';
import { localeFor, translator } from '../../platform/i18n/index.ts';
import type { Actor, NetworkContext } from '../../platform/policy/index.ts';
import type { BatchPartner } from '../group-invites/index.ts';
import { createInviting, hashToken, type InviteChoices } from './create.ts';
import { decodeCsv, parseCsv } from './csv.ts';
import type { ExternalInvitesDeps } from './deps.ts';
import { EXTERNAL_INVITE_EVENTS } from './events.ts';
import { createInviteLists } from './lists.ts';
import { externalInviteProcessors } from './processors.ts';
import { createExternalInvitesRepository, type ExternalInviteRow } from './repository.ts';
import { createTargets, type InviteTarget } from './targets.ts';

/** The single form's 422 on `email` for what a CSV upload reports per row. */
const EMAIL_ERRORS = {
  missing_email: ERROR_KEYS.required,
  invalid_email: ERROR_KEYS.invalid,
  taken: KEYS.taken,
  already_invited: KEYS.alreadyInvited,
  duplicate: KEYS.alreadyInvited,
} as const;

/**
 * Invitations by e-mail (external invites): people who are not members yet are invited from
 * the administration, a group or a group category, one by one or by a CSV upload; they follow
 * the mailed link, become members and join the invite's groups.
 */
export function createExternalInvitesService(
  deps: ExternalInvitesDeps & { groupInvites: { useBatchPartner(partner: BatchPartner): void } },
) {
  const repository = createExternalInvitesRepository(deps.db);
  const targets = createTargets(deps);
  const { invitePeople } = createInviting(deps, repository, targets);
  const lists = createInviteLists(deps, repository, targets);

  // Renew and revoke of `/batch_invites` take invitations by e-mail too.
  deps.groupInvites.useBatchPartner({
    async owns(networkId, ids) {
      return new Set((await repository.byIds(networkId, ids)).map((r) => r.id));
    },
    async check(actor, ids, action) {
      const rows = await lists.checkBatch(actor, ids, action);
      return (tx) => lists.applyBatch(tx, actor, rows, action);
    },
  });

  return {
    /** `POST {prefix}/external_invites` as JSON: one address; 422 on `email` when it is left out. */
    async inviteOne(
      actor: Actor,
      target: InviteTarget,
      person: { email: string; firstName: string; lastName: string },
      choices: InviteChoices,
      options: { sendEmail?: boolean } = {},
    ): Promise<ExternalInviteResult> {
      const { ids: _ids, ...result } = await invitePeople(actor, target, [{ row: 1, ...person }], choices, options);
      const [failure] = result.errors;
      if (failure) throw unprocessable({ email: [EMAIL_ERRORS[failure.error]] });
      return result;
    },

    /** `POST {prefix}/external_invites` as multipart: the rows of a CSV file. */
    async inviteCsv(
      actor: Actor,
      target: InviteTarget,
      file: { bytes: Uint8Array; encoding: 'ISO-8859-1' | 'UTF-8' },
      choices: InviteChoices,
    ): Promise<ExternalInviteResult> {
      const people = parseCsv(decodeCsv(file.bytes, file.encoding));
      const { ids: _ids, ...result } = await invitePeople(actor, target, people, choices);
      return result;
    },

    /** `GET /external_invites/settings`: the default texts in the network's language. */
    async settings(actor: Actor, network: NetworkContext): Promise<ExternalInviteSettings> {
      const t = translator(localeFor(null, network.language));
      return {
        default_invite_subject: t('invitations:default_subject', { network: network.name }),
        default_invite_text: t('invitations:default_text', { network: network.name }),
        user_types: await targets.userTypes(actor),
      };
    },

    networkPage: lists.networkPage,
    groupPage: lists.groupPage,
    sentPage: lists.sentPage,

    /** The open invite of a mailed link's token; null for an unknown, used or revoked one. */
    async openByToken(network: Pick<NetworkContext, 'id'>, token: string): Promise<ExternalInviteRow | null> {
      if (!token || token.length > 200) return null;
      const row = await repository.byTokenHash(network.id, hashToken(token));
      return row && row.status === 'open' ? row : null;
    },

    /**
     * The invited person became the member `membershipId` through the invite: it is accepted
     * and `external_invite.accepted` recorded, whose processor joins the invite's groups. An
     * invite settled as `joined` meanwhile (by the new membership itself) is accepted too;
     * 422 `invalid_token` for any other that is no longer open.
     */
    async accept(network: Pick<NetworkContext, 'id'>, inviteId: string, membershipId: string) {
      return deps.events.transaction(async (tx) => {
        const [row] = await repository.setStatus(
          tx,
          { networkId: network.id, ids: [inviteId], from: ['open', 'joined'] },
          'accepted',
          { acceptedAt: new Date(), membershipId },
        );
        if (!row) throw unprocessable({ base: [ERROR_KEYS.invalidToken] });
        await deps.events.record(tx, {
          networkId: network.id,
          type: EXTERNAL_INVITE_EVENTS.accepted,
          actorId: membershipId,
          subject: { type: 'external_invite', id: row.id },
          changes: { membership_id: membershipId, group_ids: row.groupIds, author_id: row.authorId },
        });
        return row;
      });
    },

    processors: externalInviteProcessors(deps, repository),
  };
}

export type ExternalInvitesService = ReturnType<typeof createExternalInvitesService>;
