/** A driver found nothing under the key (the row says otherwise: the bytes were lost or swept). */
export class MissingObjectError extends Error {
  constructor(readonly key: string) {
    super(`No stored object under ${key}`);
  }
}
