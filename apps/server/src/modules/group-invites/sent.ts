import {
  GROUP_INVITE_ERROR_KEYS as KEYS,
  GROUP_INVITE_LIMITS,
  type BatchInvitesResult,
  type SentGroupInvitesPage,
} from '@agora/contracts';
import type { Db } from '../../platform/db/client.ts';
import { forbidden, notFound, unprocessable } from '../../platform/errors.ts';
import { abilities, allows, type Actor } from '../../platform/policy/index.ts';
import { groupPolicy, type GroupSubject } from '../groups/index.ts';
import { administrates, groupSubjects, type GroupInvitesDeps } from './deps.ts';
import { GROUP_INVITE_EVENTS } from './events.ts';
import { sentInvitePolicy } from './policy.ts';
import { presentSentInvite } from './present.ts';
import type { GroupInviteRow, GroupInvitesRepository, SentScope } from './repository.ts';

/**
 * Invites of another kind a batch may hold (invitations by e-mail), registered by their module:
 * which ids are its, and a check of the actor and the invites that answers how to apply the
 * action inside the batch's transaction (so that the batch stays all or nothing).
 */
export type BatchPartner = {
  owns(networkId: string, ids: string[]): Promise<Set<string>>;
  check(actor: Actor, ids: string[], action: 'renew' | 'revoke'): Promise<(tx: Db) => Promise<number>>;
};

/** A batch's invites and the names of their groups (for the events). */
type Batch = { rows: GroupInviteRow[]; names: Map<string, string> };

/** Events of a batch action, one per group, as `{invite_ids, invitee_ids}`. */
function byGroup(rows: GroupInviteRow[]): Map<string, GroupInviteRow[]> {
  const groups = new Map<string, GroupInviteRow[]>();
  for (const row of rows) groups.set(row.groupId, [...(groups.get(row.groupId) ?? []), row]);
  return groups;
}

/** The sent invites lists (`/invites/sent`, `/groups/{slug}/invites/sent`) and their batch actions. */
export function createSentInvites(deps: GroupInvitesDeps, repository: GroupInvitesRepository) {
  const { groups } = deps;
  let partner: BatchPartner | null = null;

  /** The batch's group invitations, and the partner's part checked and ready to apply. */
  async function split(actor: Actor, ids: string[], action: 'renew' | 'revoke') {
    const unique = [...new Set(ids)];
    const owned = partner ? await partner.owns(actor.networkId, unique) : new Set<string>();
    const own = unique.filter((id) => !owned.has(id));
    const apply = partner && owned.size > 0 ? await partner.check(actor, [...owned], action) : async () => 0;
    return { own, apply };
  }

  /** The groups of some invites as the actor stands in them: one query. */
  async function subjectsOf(actor: Actor, rows: GroupInviteRow[]): Promise<Map<string, GroupSubject>> {
    return groupSubjects(groups, actor, [...new Set(rows.map((r) => r.groupId))]);
  }

  function subjectFor(actor: Actor, row: GroupInviteRow, subjects: Map<string, GroupSubject>) {
    const group = subjects.get(row.groupId);
    // An invite to a group the actor cannot see (any more) is not theirs to list or act on.
    if (!group || !allows(groupPolicy, 'read', actor, group)) return null;
    return { group, invite: row, administratesGroup: administrates(actor, group) };
  }

  async function page(actor: Actor, scope: SentScope, pageNumber: number): Promise<SentGroupInvitesPage> {
    const per = GROUP_INVITE_LIMITS.sentPageSize;
    const { rows, total } = await repository.sentPage(scope, per, (pageNumber - 1) * per);
    const [subjects, people] = await Promise.all([
      subjectsOf(actor, rows),
      deps.members.findMany(actor.networkId, [...new Set(rows.flatMap((r) => [r.membershipId, r.authorId]))]),
    ]);
    const members = new Map(people.map((m) => [m.id, m]));
    const items = rows.flatMap((row) => {
      const subject = subjectFor(actor, row, subjects);
      if (!subject) return [];
      const can = abilities(sentInvitePolicy, actor, subject);
      return [presentSentInvite(row, subject.group.group, members, { renew: can.renew, revoke: can.revoke })];
    });
    return { items, page: pageNumber, per, total };
  }

  /** The invites of a batch, each of which the actor may act on; 404 when one is not (no leak). */
  async function batchRows(actor: Actor, ids: string[]): Promise<Batch> {
    const unique = [...new Set(ids)];
    const rows = await repository.byIds(actor.networkId, unique);
    if (rows.length !== unique.length) throw notFound();
    const subjects = await subjectsOf(actor, rows);
    for (const row of rows) {
      const subject = subjectFor(actor, row, subjects);
      if (!subject || !allows(sentInvitePolicy, 'manage', actor, subject)) throw notFound();
    }
    return { rows, names: new Map([...subjects].map(([id, s]) => [id, s.group.name])) };
  }

  function recordBatch(tx: Db, actor: Actor, type: string, batch: Batch, changed: GroupInviteRow[]) {
    return deps.events.record(
      tx,
      ...[...byGroup(changed)].map(([groupId, of]) => ({
        networkId: actor.networkId,
        type,
        actorId: actor.membershipId,
        subject: { type: 'group', id: groupId },
        changes: {
          group_name: batch.names.get(groupId) ?? '',
          invite_ids: of.map((r) => r.id),
          invitee_ids: of.map((r) => r.membershipId),
        },
      })),
    );
  }

  return {
    /** Lets another kind of invite take part in the batch actions (see BatchPartner). */
    useBatchPartner(next: BatchPartner): void {
      partner = next;
    },

    /**
     * `/invites/sent`: the invites the member sent; a network admin sees every group
     * invitation of the network (the page is part of the administration navigation).
     */
    sentBy(actor: Actor, pageNumber: number) {
      const scope: SentScope = actor.isNetworkAdmin
        ? { networkId: actor.networkId }
        : { networkId: actor.networkId, authorId: actor.membershipId };
      return page(actor, scope, pageNumber);
    },

    /** `/groups/{slug}/invites/sent`: for whoever may invite to the group or administrate it. */
    async sentTo(actor: Actor, slug: string, pageNumber: number) {
      const subject = await groups.loadForActor(actor, slug);
      const can = abilities(groupPolicy, actor, subject);
      if (!can.invite_internal && !can.update) throw forbidden();
      return page(actor, { networkId: actor.networkId, groupId: subject.group.id }, pageNumber);
    },

    /**
     * `POST /batch_invites/renew`: open and declined invites become open again and the invitees
     * are reminded; with an accepted, obsolete or joined one the batch is refused as a whole.
     */
    async renew(actor: Actor, ids: string[], message: string | undefined): Promise<BatchInvitesResult> {
      const { own, apply } = await split(actor, ids, 'renew');
      if (own.length === 0) return { message: 'success_flash', count: await deps.events.transaction(apply) };
      const batch = await batchRows(actor, own);
      const { rows } = batch;
      if (rows.some((r) => r.status !== 'open' && r.status !== 'declined')) {
        throw unprocessable({ invite_ids: [KEYS.notRenewable] });
      }
      const renewed = await deps.events.transaction(async (tx) => {
        const declined = rows.filter((r) => r.status === 'declined');
        // A declined invite whose member was invited again meanwhile would be a second open one.
        if ((await repository.otherOpenPairs(tx, declined)).size > 0) {
          throw unprocessable({ invite_ids: [KEYS.notRenewable] });
        }
        const changed = await repository.setStatus(
          tx,
          { ids: rows.map((r) => r.id), from: ['open', 'declined'] },
          'open',
          { renewedAt: new Date(), answeredAt: null, ...(message !== undefined ? { additionalMessage: message } : {}) },
        );
        if (changed.length !== rows.length) throw unprocessable({ invite_ids: [KEYS.notRenewable] });
        await recordBatch(tx, actor, GROUP_INVITE_EVENTS.renewed, batch, changed);
        return changed.length + (await apply(tx));
      });
      return { message: 'success_flash', count: renewed };
    },

    /** `POST /batch_invites/revoke`: open invites become obsolete; any other refuses the batch. */
    async revoke(actor: Actor, ids: string[]): Promise<BatchInvitesResult> {
      const { own, apply } = await split(actor, ids, 'revoke');
      if (own.length === 0) return { message: 'success_flash', count: await deps.events.transaction(apply) };
      const batch = await batchRows(actor, own);
      const { rows } = batch;
      if (rows.some((r) => r.status !== 'open')) throw unprocessable({ invite_ids: [KEYS.notRevokable] });
      const revoked = await deps.events.transaction(async (tx) => {
        const changed = await repository.setStatus(tx, { ids: rows.map((r) => r.id), from: ['open'] }, 'obsolete');
        if (changed.length !== rows.length) throw unprocessable({ invite_ids: [KEYS.notRevokable] });
        await recordBatch(tx, actor, GROUP_INVITE_EVENTS.revoked, batch, changed);
        return changed.length + (await apply(tx));
      });
      return { message: 'success_flash', count: revoked };
    },
  };
}
