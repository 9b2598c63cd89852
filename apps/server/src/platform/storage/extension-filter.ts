import { UPLOAD_ERROR_KEYS, type NetworkSettings, type StorageDirectory } from '@agora/contracts';
import { HttpError } from '../errors.ts';

export type ExtensionFilter = NetworkSettings['file_extension_filter'];

const normalize = (extension: string) => extension.trim().toLowerCase().replace(/^\.+/, '');

/**
 * The network's extension filter (files directory only): an allow list accepts only the listed
 * lower-case extensions, a block list refuses them. Null when the name passes.
 */
export function extensionRejection(
  filter: ExtensionFilter,
  directory: StorageDirectory,
  extension: string,
): HttpError | null {
  if (directory !== 'files' || !filter.enabled) return null;
  const listed = [...new Set(filter.extensions.map(normalize).filter(Boolean))];
  const found = listed.includes(normalize(extension));
  if (filter.mode === 'allow') {
    if (found) return null;
    return new HttpError(422, {
      errors: { file: [UPLOAD_ERROR_KEYS.typeNotAcceptedAllowList] },
      allowed_extensions: listed,
    });
  }
  return found ? new HttpError(422, { errors: { file: [UPLOAD_ERROR_KEYS.typeNotAccepted] } }) : null;
}
