import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../app/api-client.ts';
import { i18n } from '../i18n/index.ts';
import { errorMessage } from './use-error-message.ts';

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
