/**
 * Where an object's bytes live in the driver. Every object has a folder of its own (sharded by
 * the last two hex digits of its id, which change with every id), holding the original and its
 * derived variants, so removing an object is removing one prefix.
 */
export function objectPrefix(networkId: string, id: string): string {
  return `objects/${networkId}/${id.slice(-2)}/${id}/`;
}

export function objectKey(networkId: string, id: string): string {
  return `${objectPrefix(networkId, id)}original`;
}

/** The prefix of an object's key: its folder, variants included. */
export function prefixOfKey(key: string): string {
  return key.slice(0, key.lastIndexOf('/') + 1);
}

/** A derived variant (`200x200`, `preview`) beside the original. */
export function variantKeyOf(key: string, variant: string): string {
  if (!/^[a-z0-9][a-z0-9_.-]{0,63}$/i.test(variant)) throw new Error(`Invalid variant name: ${variant}`);
  return `${prefixOfKey(key)}variants/${variant}`;
}

const SEGMENT = /^[A-Za-z0-9_.~-]+$/;
const safeSegments = (path: string) =>
  path.length > 0 && path.length <= 1024 && path.split('/').every((s) => SEGMENT.test(s) && s !== '.' && s !== '..');

/** Keys are relative paths of safe segments; a driver refuses anything else. */
export function assertSafeKey(key: string): void {
  if (!safeSegments(key)) throw new Error(`Invalid storage key: ${key}`);
}

/** A prefix is a folder: safe segments ending in a slash. */
export function assertSafePrefix(prefix: string): void {
  if (!prefix.endsWith('/') || !safeSegments(prefix.slice(0, -1))) throw new Error(`Invalid storage prefix: ${prefix}`);
}
