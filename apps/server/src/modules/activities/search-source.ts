import type { Activity } from '@agora/contracts';
import type { Db } from '../../platform/db/client.ts';
import type { StoredEvent } from '../../platform/events/index.ts';
import type { Actor } from '../../platform/policy/index.ts';
import type { SearchDocument, SearchSource } from '../../platform/search/index.ts';
import type { Storage } from '../../platform/storage/index.ts';
import type { GroupsService } from '../groups/index.ts';
import { readsNetworkStreams, type Target } from './access.ts';
import { ACTIVITY_EVENTS, ACTIVITY_OWNER } from './events.ts';
import { createActivitySearchRepository } from './search-repository.ts';
import type { ActivitiesService } from './service.ts';
import type { ActivityRow } from './tables.ts';

/** How much of a post and its replies is indexed: enough for any discussion read to the end. */
export const ACTIVITY_SEARCH_MAX_CHARS = 50_000;
/** Activities presented per batch (a results page asks for 20 at most). */
const PRESENT_BATCH = 100;

/**
 * The access keys of activities, by the streams' read rules (access.ts): a network stream is
 * read by the network's internal members, a group's stream by those who read the group's content
 * (`groups.contentGroups`: its members, network administrators, internal members of an open group).
 */
export const activityAccessKey = {
  network: (networkId: string) => `activities:network:${networkId}`,
  group: (groupId: string) => `activities:group:${groupId}`,
};

export type ActivitySearchDeps = {
  db: Db;
  storage: Pick<Storage, 'owned'>;
  groups: Pick<GroupsService, 'contentGroups'>;
};

/**
 * Activities in global search: one document per activity, its title (an announced object's, a
 * circular letter's subject), the post's text with its replies' and answers', and the names of
 * its files.
 */
export function activitySearchSource(
  deps: ActivitySearchDeps,
  activities: Pick<ActivitiesService, 'repository' | 'access' | 'views'>,
): SearchSource<'activities'> {
  const search = createActivitySearchRepository(deps.db);

  async function documents(networkId: string, rows: ActivityRow[]): Promise<SearchDocument[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const [targetRows, replies, subjects, uploads] = await Promise.all([
      activities.repository.targetsOf(ids),
      search.replyTexts(ids, ACTIVITY_SEARCH_MAX_CHARS),
      search.letterSubjects(ids),
      deps.storage.owned(networkId, ACTIVITY_OWNER, ids),
    ]);
    const targets = new Map<string, Target[]>();
    for (const t of targetRows) targets.set(t.activityId, [...(targets.get(t.activityId) ?? []), t]);
    return rows.flatMap((row) => {
      const own = targets.get(row.id) ?? [];
      // Without a stream nobody reads it: nothing to find.
      if (own.length === 0) return [];
      const groupIds = [...new Set(own.flatMap((t) => (t.groupId ? [t.groupId] : [])))].sort();
      const access = [
        ...(own.some((t) => t.groupId === null) ? [activityAccessKey.network(networkId)] : []),
        ...groupIds.map(activityAccessKey.group),
      ];
      const content = [row.plainContent, ...(replies.get(row.id) ?? [])]
        .filter(Boolean)
        .join('\n\n')
        .slice(0, ACTIVITY_SEARCH_MAX_CHARS);
      return [
        {
          module: 'activities' as const,
          id: row.id,
          networkId,
          // A group's stream shows the post, so that group's search finds it. One column holds one
          // group: a post in several groups' streams is found by the search of the oldest of them
          // (and by global search wherever it is read).
          groupId: groupIds[0] ?? null,
          access,
          title: row.title ?? subjects.get(row.id) ?? '',
          content,
          attachmentContent: (uploads.get(row.id) ?? []).map((o) => o.name).join('\n'),
          valuesContent: '',
          language: 'network' as const,
          sortAt: row.createdAt,
        },
      ];
    });
  }

  const activityId = (event: StoredEvent) => [event.subject.id];
  const replyActivityId = (event: StoredEvent) => (event.context?.id ? [event.context.id] : []);

  return {
    module: 'activities',
    changedBy: {
      [ACTIVITY_EVENTS.created]: activityId,
      [ACTIVITY_EVENTS.updated]: activityId,
      [ACTIVITY_EVENTS.destroyed]: activityId,
      [ACTIVITY_EVENTS.replyCreated]: replyActivityId,
      [ACTIVITY_EVENTS.replyUpdated]: replyActivityId,
      [ACTIVITY_EVENTS.replyDestroyed]: replyActivityId,
    },

    async load(networkId, ids) {
      return documents(networkId, await activities.repository.byIds(networkId, [...new Set(ids)]));
    },

    async scan(networkId, afterId, limit) {
      return documents(networkId, await search.page(networkId, afterId, limit));
    },

    async accessKeys(actor: Actor) {
      const groups = await deps.groups.contentGroups(actor);
      return [
        ...(readsNetworkStreams(actor) ? [activityAccessKey.network(actor.networkId)] : []),
        ...groups.map((g) => activityAccessKey.group(g.id)),
      ];
    },

    async present(actor: Actor, ids: string[]): Promise<Activity[]> {
      if (ids.length === 0) return [];
      const streamAccess = await activities.access.load(actor);
      const presented: Activity[] = [];
      for (let i = 0; i < ids.length; i += PRESENT_BATCH) {
        const { rows, targets } = await activities.views.readable(streamAccess, ids.slice(i, i + PRESENT_BATCH));
        presented.push(...(await activities.views.present(streamAccess, rows, targets)));
      }
      return presented;
    },
  };
}
