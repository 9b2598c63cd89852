import { describe, expect, it } from 'vitest';
import { networkSettingsSchema, passwordResetSchema, signInBodySchema } from './index.ts';

describe('network settings', () => {
  it('fills every setting with its default', () => {
    const settings = networkSettingsSchema.parse({});
    expect(settings.directory_default_sort).toBe('last_name');
    expect(settings.two_factor).toBe('disabled');
    expect(settings.digests.max_number_of_upcoming_appointments).toBe(5);
    expect(settings.group_promotion_config.active).toBe(false);
  });

  it('keeps what is stored and completes the rest', () => {
    const settings = networkSettingsSchema.parse({ digests: { show_comments: false } });
    expect(settings.digests).toEqual({
      max_number_of_upcoming_appointments: 5,
      upcoming_appointments_position: 'top',
      show_comments: false,
    });
  });

  it('refuses values out of range', () => {
    const result = networkSettingsSchema.safeParse({ digests: { max_number_of_upcoming_appointments: 31 } });
    expect(result.success).toBe(false);
  });
});

describe('message keys', () => {
  it('answers a missing field with required', () => {
    const result = signInBodySchema.safeParse({ user: {} });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['user.email', 'required'],
      ['user.password', 'required'],
    ]);
  });

  it('answers a short password with too_short and a mismatch with confirmation_mismatch', () => {
    const result = passwordResetSchema.safeParse({
      user: { reset_password_token: 't', password: 'short', password_confirmation: 'other' },
    });
    expect(result.error?.issues.map((i) => i.message)).toContain('too_short');
    const mismatch = passwordResetSchema.safeParse({
      user: { reset_password_token: 't', password: 'long-enough-1', password_confirmation: 'long-enough-2' },
    });
    expect(mismatch.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['user.password_confirmation', 'confirmation_mismatch'],
    ]);
  });
});
