import { LEGAL_ERROR_KEYS, type PendingLegalText } from '@agora/contracts';
import type { Db } from '../../platform/db/client.ts';
import type { Events } from '../../platform/events/index.ts';
import { unprocessable } from '../../platform/errors.ts';
import type { Actor } from '../../platform/policy/index.ts';
import type { LegalRepository, LegalTextRow, LegalTextVersionRow } from './repository.ts';

export const LEGAL_TEXT_ACCEPTED = 'legal_text.accepted';

/** Whether version `a` is `b` or came after it (ids break the tie of one instant). */
function atOrAfter(a: LegalTextVersionRow, b: LegalTextVersionRow): boolean {
  const at = a.createdAt.getTime() - b.createdAt.getTime();
  return at > 0 || (at === 0 && a.id >= b.id);
}

/**
 * Which legal texts a member must accept before going on: those with a version that requires
 * acceptance, unless the member accepted that version or a later one. The rule holds for every
 * member, those who join later included, and a later version that does not ask again keeps the
 * earlier request standing for whoever has not answered it yet.
 */
export function createAcceptance(deps: {
  repository: LegalRepository;
  events: Pick<Events, 'transaction' | 'record'>;
  load: (networkId: string, id: string, tx?: Db, forUpdate?: boolean) => Promise<LegalTextRow>;
  textsLimit: number;
}) {
  const { repository, events, load } = deps;
  return {
    async pending(actor: Actor): Promise<PendingLegalText[]> {
      const requiring = await repository.requiringVersions(actor.networkId);
      if (requiring.length === 0) return [];
      const [accepted, current, texts] = await Promise.all([
        repository.acceptedVersions(actor.networkId, actor.membershipId),
        repository.currentVersions(actor.networkId),
        repository.list(actor.networkId, deps.textsLimit),
      ]);
      const acceptedBy = new Map(accepted.map((v) => [v.legalTextId, v]));
      const currentBy = new Map(current.map((v) => [v.legalTextId, v]));
      const open = new Set(
        requiring
          .filter((version) => {
            const mine = acceptedBy.get(version.legalTextId);
            return !mine || !atOrAfter(mine, version);
          })
          .map((v) => v.legalTextId),
      );
      return texts
        .filter((text) => open.has(text.id) && currentBy.has(text.id))
        .map((text) => ({
          id: text.id,
          name: text.name,
          handle: text.handle,
          statement: text.statement,
          version_id: currentBy.get(text.id)!.id,
        }));
    },

    /**
     * Records that the member accepted the text's current version; another (an older one, one
     * of another text) answers 422 `outdated`, so the member reads what is in force now.
     */
    async accept(actor: Actor, legalTextId: string, versionId: string): Promise<void> {
      await events.transaction(async (tx) => {
        const text = await load(actor.networkId, legalTextId, tx, true);
        const [current] = await repository.versions(text.id, 1, tx);
        if (!current || current.id !== versionId) throw unprocessable({ version_id: [LEGAL_ERROR_KEYS.outdated] });
        await repository.accept(
          { networkId: actor.networkId, membershipId: actor.membershipId, legalTextId: text.id, versionId },
          tx,
        );
        await events.record(tx, {
          networkId: actor.networkId,
          type: LEGAL_TEXT_ACCEPTED,
          actorId: actor.membershipId,
          subject: { type: 'legal_text', id: text.id },
          changes: { version_id: versionId, name: text.name },
        });
      });
    },
  };
}
