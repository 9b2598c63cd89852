import {
  EXTERNAL_INVITE_LIMITS,
  GROUP_INVITE_ERROR_KEYS,
  type ExternalInviteItem,
  type ExternalInvitesPage,
} from '@agora/contracts';
import type { Db } from '../../platform/db/client.ts';
import { forbidden, notFound, unprocessable } from '../../platform/errors.ts';
import { abilities, definePolicy, type Actor } from '../../platform/policy/index.ts';
import { groupPolicy } from '../groups/index.ts';
import { memberName } from '../members/index.ts';
import type { ExternalInvitesDeps } from './deps.ts';
import { EXTERNAL_INVITE_EVENTS } from './events.ts';
import type { ExternalInviteRow, ExternalInvitesRepository, InviteScope } from './repository.ts';
import type { Targets } from './targets.ts';

/** An invite with whether the actor administrates where it was sent from. */
type InviteSubject = { invite: ExternalInviteRow; administratesContext: boolean };

/** Who may renew or revoke an invite: its author, the network's admins, the admins of its group or category. */
export const externalInvitePolicy = definePolicy<Actor, InviteSubject, 'manage' | 'renew' | 'revoke'>({
  manage: (actor, { invite, administratesContext }) =>
    actor.networkId === invite.networkId &&
    (actor.isNetworkAdmin || administratesContext || invite.authorId === actor.membershipId),
  renew: (_actor, { invite }, can) => !!can.manage && (invite.status === 'open' || invite.status === 'obsolete'),
  revoke: (_actor, { invite }, can) => !!can.manage && invite.status === 'open',
});

export function createInviteLists(deps: ExternalInvitesDeps, repository: ExternalInvitesRepository, targets: Targets) {
  /** The invites as the actor stands to where they were sent from: two queries. */
  async function subjectsOf(actor: Actor, rows: ExternalInviteRow[]): Promise<InviteSubject[]> {
    if (actor.isNetworkAdmin) return rows.map((invite) => ({ invite, administratesContext: true }));
    const groupIds = [...new Set(rows.filter((r) => r.contextType === 'group').map((r) => r.contextId!))];
    const [groups, categories] = await Promise.all([
      targets.subjects(actor, groupIds),
      rows.some((r) => r.contextType === 'group_category') ? deps.groups.listCategories(actor) : Promise.resolve([]),
    ]);
    const administrated = new Set(categories.filter((c) => c.can.create).map((c) => c.id));
    return rows.map((invite) => {
      const group = invite.contextType === 'group' ? groups.get(invite.contextId!) : undefined;
      const administratesContext =
        (group !== undefined && abilities(groupPolicy, actor, group).invite_external) ||
        (invite.contextType === 'group_category' && administrated.has(invite.contextId!));
      return { invite, administratesContext };
    });
  }

  async function page(actor: Actor, scope: InviteScope, pageNumber: number): Promise<ExternalInvitesPage> {
    const per = EXTERNAL_INVITE_LIMITS.pageSize;
    const { rows, total } = await repository.page(scope, per, (pageNumber - 1) * per);
    const groupIds = [...new Set(rows.flatMap((r) => r.groupIds))];
    const [subjects, groups, authors] = await Promise.all([
      subjectsOf(actor, rows),
      deps.groups.withRolesAndCategories(actor, groupIds),
      deps.members.findMany(actor.networkId, [...new Set(rows.map((r) => r.authorId))]),
    ]);
    const authorById = new Map(authors.map((a) => [a.id, a]));
    const items = subjects.map((subject): ExternalInviteItem => {
      const { invite } = subject;
      const can = abilities(externalInvitePolicy, actor, subject);
      const author = authorById.get(invite.authorId);
      return {
        id: invite.id,
        type: 'ExternalInvite',
        email: invite.email,
        first_name: invite.firstName,
        last_name: invite.lastName,
        author: author ? { id: author.id, name: memberName(author) } : null,
        status: invite.status,
        user_type: invite.userType,
        groups: invite.groupIds.flatMap((id) => {
          const g = groups.get(id)?.group;
          return g ? [{ id: g.id, name: g.name, slug: g.slug }] : [];
        }),
        created_at: invite.createdAt.toISOString(),
        renewed_at: invite.renewedAt?.toISOString() ?? null,
        can: { renew: can.renew, revoke: can.revoke },
      };
    });
    return { items, page: pageNumber, per, total };
  }

  /**
   * The invites of a batch, checked before anything changes: 404 when one is not the actor's
   * to act on, 422 when one does not allow the action (the whole batch is refused).
   */
  async function checkBatch(actor: Actor, ids: string[], action: 'renew' | 'revoke'): Promise<ExternalInviteRow[]> {
    const rows = await repository.byIds(actor.networkId, ids);
    if (rows.length !== ids.length) throw notFound();
    for (const subject of await subjectsOf(actor, rows)) {
      const can = abilities(externalInvitePolicy, actor, subject);
      if (!can.manage) throw notFound();
      if (!can[action]) {
        const key = action === 'renew' ? GROUP_INVITE_ERROR_KEYS.notRenewable : GROUP_INVITE_ERROR_KEYS.notRevokable;
        throw unprocessable({ invite_ids: [key] });
      }
    }
    return rows;
  }

  /** Renews or revokes checked invites in the caller's transaction; 422 when one changed meanwhile. */
  async function applyBatch(tx: Db, actor: Actor, rows: ExternalInviteRow[], action: 'renew' | 'revoke') {
    const ids = rows.map((r) => r.id);
    const changed =
      action === 'renew'
        ? await repository.setStatus(tx, { networkId: actor.networkId, ids, from: ['open', 'obsolete'] }, 'open', {
            renewedAt: new Date(),
          })
        : await repository.setStatus(tx, { networkId: actor.networkId, ids, from: ['open'] }, 'obsolete');
    if (changed.length !== rows.length) {
      const key = action === 'renew' ? GROUP_INVITE_ERROR_KEYS.notRenewable : GROUP_INVITE_ERROR_KEYS.notRevokable;
      throw unprocessable({ invite_ids: [key] });
    }
    await deps.events.record(tx, {
      networkId: actor.networkId,
      type: action === 'renew' ? EXTERNAL_INVITE_EVENTS.renewed : EXTERNAL_INVITE_EVENTS.revoked,
      actorId: actor.membershipId,
      subject: { type: 'external_invite', id: ids[0]! },
      changes: { invite_ids: ids, emails: changed.map((r) => r.email) },
    });
    return changed.length;
  }

  return {
    /** `/administration/external_invites`: every invite of the network. */
    networkPage(actor: Actor, pageNumber: number) {
      if (!actor.isNetworkAdmin) throw forbidden();
      return page(actor, { networkId: actor.networkId }, pageNumber);
    },

    /** `/groups/{slug}/external_invites`: the invites to the group, for whoever may invite to it by e-mail. */
    async groupPage(actor: Actor, slug: string, pageNumber: number) {
      const subject = await deps.groups.loadForActor(actor, slug);
      const can = abilities(groupPolicy, actor, subject);
      if (!can.invite_external && !can.invite_external_guests && !can.update) throw forbidden();
      return page(actor, { networkId: actor.networkId, groupId: subject.group.id }, pageNumber);
    },

    /** `/external_invites/sent`: the actor's own. */
    sentPage(actor: Actor, pageNumber: number) {
      return page(actor, { networkId: actor.networkId, authorId: actor.membershipId }, pageNumber);
    },

    checkBatch,
    applyBatch,
  };
}
