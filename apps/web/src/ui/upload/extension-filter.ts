import type { NetworkSettings } from '@agora/contracts';
import { extensionOf } from './upload-queue.ts';

/** The network's extension filter (network settings); the server checks the same on upload. */
export type ExtensionFilter = NetworkSettings['file_extension_filter'];

/** Listed extensions as compared: lower case, without a leading dot. */
export function normalizedExtensions(filter: ExtensionFilter): string[] {
  return filter.extensions.map((extension) => extension.trim().replace(/^\./, '').toLowerCase()).filter(Boolean);
}

/** Allow mode accepts only the listed extensions; block mode all but them (spec, section 5). */
export function extensionAccepted(name: string, filter: ExtensionFilter | undefined): boolean {
  if (!filter?.enabled) return true;
  const listed = normalizedExtensions(filter).includes(extensionOf(name));
  return filter.mode === 'allow' ? listed : !listed;
}

export function splitByExtension<T extends { name: string }>(
  files: T[],
  filter: ExtensionFilter | undefined,
): { accepted: T[]; rejected: T[] } {
  const accepted: T[] = [];
  const rejected: T[] = [];
  for (const file of files) (extensionAccepted(file.name, filter) ? accepted : rejected).push(file);
  return { accepted, rejected };
}
