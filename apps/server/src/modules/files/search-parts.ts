import { networkSettingsSchema, type ProfileProperty, type ProfileValues } from '@agora/contracts';
import type { Actor } from '../../platform/policy/index.ts';
import type { FilesDeps } from './deps.ts';
import type { FolderRow } from './tables.ts';

/**
 * The access keys of file and folder documents, by the folders' read rule (`readsFolder` in
 * access.ts): the network's tree is read by its internal members, a group's tree by whoever reads
 * the group's content. Each module has its own prefix, so that one's keys never open the other's.
 */
export function folderAccessKeys(module: 'files' | 'folders') {
  const network = (networkId: string) => `${module}:network:${networkId}`;
  const group = (groupId: string) => `${module}:group:${groupId}`;
  return {
    network,
    group,
    /** The keys of a document in these folders (a file may be in several). */
    of(folders: Array<Pick<FolderRow, 'networkId' | 'contextType' | 'contextId'>>): string[] {
      const keys = folders.map((f) => (f.contextType === 'network' ? network(f.networkId) : group(f.contextId)));
      return [...new Set(keys)].sort();
    },
    /** The keys a member holds: the same rule, from the groups whose content they read (one query). */
    async held(deps: Pick<FilesDeps, 'groups'>, actor: Actor): Promise<string[]> {
      const groups = await deps.groups.contentGroups(actor);
      return [...(actor.isExternal ? [] : [network(actor.networkId)]), ...groups.map((g) => group(g.id))];
    },
  };
}

/** The group a document in this folder belongs to, for the group search. */
export const groupOf = (folder: Pick<FolderRow, 'contextType' | 'contextId'> | undefined) =>
  folder?.contextType === 'group' ? folder.contextId : null;

/** The network's profile properties of a kind (what selection values are called). */
export async function profileProperties(
  deps: Pick<FilesDeps, 'networks'>,
  networkId: string,
  kind: 'file_profiles' | 'folder_profiles',
): Promise<ProfileProperty[]> {
  const network = await deps.networks.get(networkId);
  return networkSettingsSchema.parse(network?.settings ?? {})[kind].properties;
}

/** Profile values as words to find: a selection by its label, tags by their names. */
export function profileText(values: ProfileValues, properties: ProfileProperty[]): string {
  const words: string[] = [];
  for (const [name, value] of Object.entries(values)) {
    if (value === null) continue;
    const property = properties.find((p) => p.name === name);
    for (const one of Array.isArray(value) ? value : [value]) {
      if (property?.type === 'selection') words.push(property.options.find((o) => o.value === one)?.label ?? one);
      else if (property?.type === 'tag') words.push(one.replace(/^new_/, ''));
      else words.push(one);
    }
  }
  return words.join('\n');
}

/**
 * How a hit names a folder. Roots and stream folders are made by the system and carry their
 * type as name; a hit names them by their tree instead: the group's name, or the network's.
 */
export function folderDisplayName(
  folder: Pick<FolderRow, 'type' | 'name' | 'contextType' | 'contextId'>,
  trees: { network: string; groups: Map<string, { name: string }> },
): string {
  if (folder.type === 'folder') return folder.name;
  if (folder.contextType === 'network') return trees.network;
  return trees.groups.get(folder.contextId)?.name ?? folder.name;
}
