import { profileValueText, type MembershipSearchHit } from '@agora/contracts';
import type { SearchDocument, SearchSource } from '../../platform/search/index.ts';
import { NETWORK_SETTINGS_UPDATED, settingChanged } from '../networks/index.ts';
import {
  MEMBERSHIP_ANONYMIZED,
  MEMBERSHIP_DESTROYED,
  MEMBERSHIP_LOCKED,
  MEMBERSHIP_UNLOCKED,
  MEMBERSHIP_UPDATED,
} from './administration.ts';
import { memberImages, memberName } from './present.ts';
import { MEMBERSHIP_PROFILE_UPDATED } from './profile-edit.ts';
import type { MembershipRow } from './repository.ts';
import type { MemberSearchRepository } from './search-repository.ts';
import { MEMBERSHIP_CREATED, MEMBERSHIPS_CREATED_IN_BULK } from './service.ts';

/**
 * Every member who signs in may search the network's members (`GET /members?q=`, guests too),
 * so one key opens them all; who is not findable there (locked, deleted, contacts without
 * sign-in) has no document.
 */
const networkKey = (networkId: string) => `memberships:network:${networkId}`;

export type MemberSearchDeps = {
  search: MemberSearchRepository;
  /** The profile fields the network's directory shows (`directory_profile_fields`). */
  directoryFields(networkId: string): Promise<string[]>;
};

function valuesOf(row: MembershipRow, fields: string[]): string[] {
  return fields.flatMap((field) => profileValueText(row.profile[field]) ?? []);
}

/** Global search of members: one document per findable member, found by name and the directory's profile values. */
export function memberSearchSource(deps: MemberSearchDeps): SearchSource<'memberships'> {
  async function documents(networkId: string, rows: MembershipRow[]): Promise<SearchDocument[]> {
    if (rows.length === 0) return [];
    const fields = await deps.directoryFields(networkId);
    return rows.map((row) => {
      const name = memberName(row);
      const fullName = `${row.firstName} ${row.lastName}`.trim();
      return {
        module: 'memberships',
        id: row.id,
        networkId: row.networkId,
        groupId: null,
        access: [networkKey(row.networkId)],
        title: name,
        // A member with a display name is still found by the names they were registered with.
        content: fullName === name ? '' : fullName,
        valuesContent: valuesOf(row, fields).join('\n'),
        language: 'simple',
        sortAt: row.createdAt,
      };
    });
  }

  const theMember = (event: { subject: { id: string } }) => [event.subject.id];
  return {
    module: 'memberships',
    changedBy: {
      [MEMBERSHIP_CREATED]: theMember,
      [MEMBERSHIPS_CREATED_IN_BULK]: (event) => {
        const ids = event.changes.membership_ids;
        return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
      },
      [MEMBERSHIP_UPDATED]: theMember,
      [MEMBERSHIP_PROFILE_UPDATED]: theMember,
      [MEMBERSHIP_LOCKED]: theMember,
      [MEMBERSHIP_UNLOCKED]: theMember,
      [MEMBERSHIP_DESTROYED]: theMember,
      [MEMBERSHIP_ANONYMIZED]: theMember,
    },
    // The directory's profile fields decide which values each member's document holds.
    reindexedBy: {
      [NETWORK_SETTINGS_UPDATED]: (event) => settingChanged(event, 'directory_profile_fields'),
    },
    async load(networkId, ids) {
      return documents(networkId, await deps.search.byIds(networkId, ids));
    },
    async scan(networkId, afterId, limit) {
      return documents(networkId, await deps.search.page(networkId, afterId, limit));
    },
    async accessKeys(actor) {
      return [networkKey(actor.networkId)];
    },
    async present(actor, ids) {
      const rows = await deps.search.byIds(actor.networkId, ids);
      const fields = rows.length > 0 ? await deps.directoryFields(actor.networkId) : [];
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.flatMap((id): MembershipSearchHit[] => {
        const row = byId.get(id);
        if (!row) return [];
        const values = valuesOf(row, fields);
        return [
          {
            id: row.id,
            name: memberName(row),
            images: memberImages(row),
            is_external: row.isExternal,
            detail: values.length > 0 ? values.join(' · ') : null,
            html_url: `/members/${row.id}`,
          },
        ];
      });
    },
  };
}
