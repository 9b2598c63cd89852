import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../app/api-client.ts';
import { i18n } from '../i18n/index.ts';
import { errorMessage, isRetryable, missingReason } from './use-error-message.ts';

describe('errorMessage', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('en');
    await i18n.loadNamespaces('common');
  });

  it('says how many seconds to wait when the server says so', () => {
    expect(errorMessage(new ApiError(429, { error: 'rate_limited' }, 8))).toBe(
      'Too many attempts. Please try again in 8 seconds.',
    );
    expect(errorMessage(new ApiError(429, { error: 'rate_limited' }, 1))).toBe(
      'Too many attempts. Please try again in 1 second.',
    );
  });

  it('keeps the general sentence for long or unknown waits', () => {
    const general = 'Too many attempts. Please wait a few minutes.';
    expect(errorMessage(new ApiError(429, { error: 'rate_limited' }, 900))).toBe(general);
    expect(errorMessage(new ApiError(429, { error: 'rate_limited' }))).toBe(general);
  });

  it('translates the refusal of text that cannot be stored', () => {
    expect(errorMessage(new ApiError(422, { errors: { name: ['invalid_characters'] } }))).toBe(
      'This text holds characters that cannot be stored.',
    );
  });
});

describe('isRetryable and missingReason', () => {
  it('retries only where the answer may change: network, 5xx, 429', () => {
    expect(isRetryable(new TypeError('Failed to fetch'))).toBe(true);
    for (const status of [500, 502, 503, 429]) expect(isRetryable(new ApiError(status, null))).toBe(true);
    for (const status of [401, 403, 404, 410, 422]) expect(isRetryable(new ApiError(status, null))).toBe(false);
    expect(isRetryable(new Error('render failed'))).toBe(false);
  });

  it('tells a missing thing from a closed one', () => {
    expect(missingReason(new ApiError(404, null))).toBe('not_found');
    expect(missingReason(new ApiError(410, null))).toBe('not_found');
    expect(missingReason(new ApiError(403, null))).toBe('forbidden');
    expect(missingReason(new ApiError(500, null))).toBeNull();
    expect(missingReason(new TypeError('x'))).toBeNull();
  });
});
