import { networkSettingsSchema, type ProfileValues } from '@agora/contracts';
import type { FilesDeps } from './deps.ts';

/**
 * Keeps of submitted profile values only those the network's properties define (all dropped
 * while profiles are off), so stored profiles never carry unknown keys.
 */
export function createProfileFilter(deps: Pick<FilesDeps, 'networks'>) {
  return async function keepDefined(
    networkId: string,
    kind: 'folder_profiles' | 'file_profiles',
    values: ProfileValues,
  ): Promise<ProfileValues> {
    const network = await deps.networks.get(networkId);
    const settings = networkSettingsSchema.parse(network?.settings ?? {})[kind];
    if (!settings.enabled) return {};
    const names = new Set(settings.properties.map((p) => p.name));
    return Object.fromEntries(Object.entries(values).filter(([name]) => names.has(name)));
  };
}
