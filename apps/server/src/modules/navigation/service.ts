import {
  defaultAppNavigation,
  normalizeAppNavigation,
  publicNavigationItems,
  type AppNavigationAnswer,
  type AppNavigationItem,
  type NavigationAnswer,
  type NavigationItem,
} from '@agora/contracts';
import type { Db } from '../../platform/db/client.ts';
import type { Events } from '../../platform/events/index.ts';
import { authorize, type Actor } from '../../platform/policy/index.ts';
import type { GroupSubject } from '../groups/index.ts';
import { appNavigationChanges, navigationChanges } from './changes.ts';
import { navigationPolicy } from './policy.ts';
import { presentAppNavigation, presentNavigation } from './present.ts';
import { createNavigationRepository } from './repository.ts';

export const NAVIGATION_UPDATED = 'navigation.updated';
export const APP_NAVIGATION_UPDATED = 'app_navigation.updated';

export type NavigationService = ReturnType<typeof createNavigationService>;

export function createNavigationService(deps: { db: Db; events: Pick<Events, 'transaction' | 'record'> }) {
  const repository = createNavigationRepository(deps.db);
  const subjectOf = (actor: Actor, group: GroupSubject | null) => ({ networkId: actor.networkId, group });

  return {
    /** The network's (group null) or a group's navigation, for those who may read it. */
    async read(actor: Actor, group: GroupSubject | null): Promise<NavigationAnswer> {
      authorize(navigationPolicy, 'read', actor, subjectOf(actor, group));
      return presentNavigation(await repository.navigation(actor.networkId, group?.group.id ?? null));
    },

    /** The navigation as its editor loads it: for those who may change it. */
    async edit(actor: Actor, group: GroupSubject | null): Promise<NavigationAnswer> {
      authorize(navigationPolicy, 'update', actor, subjectOf(actor, group));
      return presentNavigation(await repository.navigation(actor.networkId, group?.group.id ?? null));
    },

    /** The network's items marked public, for anonymous visitors of the public pages. */
    async readPublic(networkId: string): Promise<NavigationAnswer> {
      const row = await repository.navigation(networkId, null);
      return presentNavigation(row, publicNavigationItems((row?.items ?? []) as NavigationItem[]));
    },

    /** Replaces the whole navigation (it is saved as a whole) and records what changed. */
    async save(actor: Actor, group: GroupSubject | null, items: NavigationItem[]): Promise<NavigationAnswer> {
      authorize(navigationPolicy, 'update', actor, subjectOf(actor, group));
      const groupId = group?.group.id ?? null;
      return deps.events.transaction(async (tx) => {
        const before = await repository.navigation(actor.networkId, groupId, tx);
        const row = await repository.saveNavigation(actor.networkId, groupId, items, tx);
        await deps.events.record(tx, {
          networkId: actor.networkId,
          type: NAVIGATION_UPDATED,
          actorId: actor.membershipId,
          subject: { type: 'navigation', id: row.id },
          context: groupId ? { type: 'group', id: groupId } : null,
          changes: navigationChanges((before?.items ?? []) as NavigationItem[], items),
        });
        return presentNavigation(row);
      });
    },

    /** The app's five items; the defaults in the network's language until they are first saved. */
    async appNavigation(networkId: string, language: string): Promise<AppNavigationAnswer> {
      const row = await repository.appNavigation(networkId);
      return presentAppNavigation(row, row ? (row.items as AppNavigationItem[]) : defaultAppNavigation(language));
    },

    /** Saves the five items (already checked by the contract); links to `host` open in the webview. */
    async saveAppNavigation(
      actor: Actor,
      items: AppNavigationItem[],
      context: { host: string; language: string },
    ): Promise<AppNavigationAnswer> {
      const normalized = normalizeAppNavigation(items, context.host);
      return deps.events.transaction(async (tx) => {
        const before = await repository.appNavigation(actor.networkId, tx);
        const row = await repository.saveAppNavigation(actor.networkId, normalized, tx);
        await deps.events.record(tx, {
          networkId: actor.networkId,
          type: APP_NAVIGATION_UPDATED,
          actorId: actor.membershipId,
          subject: { type: 'app_navigation', id: row.id },
          changes: appNavigationChanges(
            before ? (before.items as AppNavigationItem[]) : defaultAppNavigation(context.language),
            normalized,
          ),
        });
        return presentAppNavigation(row, normalized);
      });
    },
  };
}
