import { CHAT_ERROR_KEYS, type ChatAck } from '@agora/contracts';
import { isServiceUnavailable, UNAVAILABLE_RETRY_AFTER_SECONDS } from '../../platform/db/unavailable.ts';
import { HttpError } from '../../platform/errors.ts';

export type ChatErrorBody = Extract<ChatAck<unknown>, { ok: false }>['error'];

/** A refusal of a chat event: answered through the acknowledgement as `{ok: false, error}`. */
export class ChatError extends Error {
  constructor(
    readonly key: string,
    readonly status: number,
    readonly details?: Record<string, unknown>,
  ) {
    super(key);
  }

  toBody(): ChatErrorBody {
    return this.details
      ? { key: this.key, status: this.status, details: this.details }
      : { key: this.key, status: this.status };
  }
}

const K = CHAT_ERROR_KEYS;

export const chatErrors = {
  chatDisabled: () => new ChatError(K.chatDisabled, 403),
  notFound: () => new ChatError(K.notFound, 404),
  forbidden: () => new ChatError(K.forbidden, 403),
  noWritePermission: () => new ChatError(K.noWritePermission, 403),
  externalCannotStart: () => new ChatError(K.externalCannotStartPrivateChat, 403),
  ignoredByRecipient: () => new ChatError(K.ignoredByRecipient, 403),
  updateNotAllowed: () => new ChatError(K.updateNotAllowed, 403),
  destroyNotAllowed: () => new ChatError(K.destroyNotAllowed, 403),
  updatePeriodEnded: (minutes: number) => new ChatError(K.updatePeriodEnded, 403, { minutes }),
  emptyMessage: () => new ChatError(K.emptyMessage, 422),
  maxFiles: (max: number) => new ChatError(K.maxFiles, 422, { max }),
  maxImages: (max: number) => new ChatError(K.maxImages, 422, { max }),
  /** Field errors as an HTTP 422 names them: `{field: [message_key]}`. */
  invalid: (fields: Record<string, string[]>) => new ChatError(K.invalid, 422, { fields }),
};

/**
 * The acknowledgement error for anything a handler threw: chat refusals as they are, the HTTP
 * errors of shared services (storage's 422 on attachments) by their status and key, an
 * unreachable database as `unavailable` 503 with the seconds to wait, and anything else as
 * `unavailable` 500 (the caller logs it).
 */
export function errorBody(error: unknown): { body: ChatErrorBody; unexpected: boolean } {
  if (error instanceof ChatError) return { body: error.toBody(), unexpected: false };
  if (error instanceof HttpError) {
    const errors = error.body.errors as Record<string, string[]> | undefined;
    if (errors) return { body: chatErrors.invalid(errors).toBody(), unexpected: false };
    const key = typeof error.body.error === 'string' ? error.body.error : K.invalid;
    return { body: { key, status: error.statusCode }, unexpected: false };
  }
  // The database cannot be reached: the client may send the event again after a while.
  if (isServiceUnavailable(error)) {
    const details = { retry_after: UNAVAILABLE_RETRY_AFTER_SECONDS };
    return { body: { key: K.unavailable, status: 503, details }, unexpected: false };
  }
  return { body: { key: K.unavailable, status: 500 }, unexpected: true };
}
