import { describe, expect, it } from 'vitest';
import {
  contrastText,
  deriveTheme,
  designBodySchema,
  localeSettingsBodySchema,
  mixColors,
  networkSettingsSchema,
  parseTheme,
  passwordResetSchema,
  contrastRatio,
  relativeLuminance,
  signInBodySchema,
  themeSchema,
} from './index.ts';

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

  it('answers a missing choice with required and a wrong one with invalid', () => {
    const missing = localeSettingsBodySchema.safeParse({ locale_settings: {} });
    expect(missing.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['locale_settings.locale', 'required'],
    ]);
    const wrong = localeSettingsBodySchema.safeParse({ locale_settings: { locale: 'it' } });
    expect(wrong.error?.issues.map((i) => i.message)).toEqual(['invalid']);
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

describe('themes', () => {
  const theme = (colors: Record<string, string>, override = false) => themeSchema.parse({ override, colors });

  it('measures luminance as WCAG does', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#ffffff')).toBeCloseTo(1, 10);
    expect(relativeLuminance('#808080')).toBeCloseTo(0.2159, 3);
  });

  it('measures contrast as WCAG does, in either order', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#1971c2', '#ffffff')).toBeCloseTo(5.02, 2);
    expect(contrastRatio('#abcdef', '#abcdef')).toBe(1);
  });

  it('mixes colours channel by channel', () => {
    expect(mixColors('#000000', '#ffffff', 0.5)).toBe('#808080');
    expect(mixColors('#1864ab', '#000000', 0)).toBe('#1864ab');
    expect(mixColors('#1864ab', '#000000', 1)).toBe('#000000');
  });

  it('darkens the primary colour by a tenth for hover', () => {
    expect(deriveTheme(theme({ primary: '#6464c8' })).derivedColors.primary_hover).toBe('#5a5ab4');
  });

  it('writes white on dark and black on light primary colours', () => {
    expect(contrastText('#1864ab')).toBe('#ffffff');
    expect(contrastText('#000000')).toBe('#ffffff');
    expect(contrastText('#ffd43b')).toBe('#000000');
    expect(contrastText('#ffffff')).toBe('#000000');
    // Mid grey: black reaches 5.3:1, white only 3.9:1.
    expect(contrastText('#808080')).toBe('#000000');
    expect(deriveTheme(theme({ primary: '#0ca678' })).derivedColors.primary_contrast_text).toBe('#000000');
    expect(deriveTheme(theme({ primary: '#5f3dc4' })).derivedColors.primary_contrast_text).toBe('#ffffff');
  });

  it('draws the header border darker on a light header and lighter on a dark one', () => {
    expect(deriveTheme(theme({ header_background: '#ffffff' })).derivedColors.header_border).toBe('#e6e6e6');
    const dark = deriveTheme(theme({ header_background: '#000000' })).derivedColors.header_border;
    expect(relativeLuminance(dark)).toBeGreaterThan(0);
  });

  it('tints the active user bar entry with the primary colour', () => {
    const derived = deriveTheme(theme({ primary: '#ff0000', userbar_background: '#ffffff' })).derivedColors;
    expect(derived.userbar_active_background).toBe('#ffd9d9');
  });

  it('keeps the chosen design beside the derived colours', () => {
    const derived = deriveTheme(theme({ primary: '#5f3dc4' }, true));
    expect(derived.override).toBe(true);
    expect(derived.colors.primary).toBe('#5f3dc4');
    expect(derived.colors.header_background).toBe('#ffffff');
  });

  it('reads a stored design leniently', () => {
    expect(parseTheme(null)).toEqual(themeSchema.parse({}));
    expect(parseTheme({ colors: { primary: 'not a colour' } })).toEqual(themeSchema.parse({}));
    expect(parseTheme({ override: true, colors: { primary: '#123456' } }).colors.primary).toBe('#123456');
  });

  it('drops only the field a stored design breaks, such as a logo address no longer taken', () => {
    const read = parseTheme({ override: true, logoUrl: 'javascript:alert(1)', colors: { primary: '#123456' } });
    expect(read.logoUrl).toBeNull();
    expect(read.override).toBe(true);
    expect(read.colors.primary).toBe('#123456');
  });

  it('takes a logo address on this server only', () => {
    expect(designBodySchema.safeParse({ theme: { logoUrl: '/api/storage/assets/1/preview' } }).success).toBe(true);
    for (const logoUrl of ['javascript:alert(1)', 'https://tracker.example/p.gif', `/${'a'.repeat(500_000)}`])
      expect(designBodySchema.safeParse({ theme: { logoUrl } }).success).toBe(false);
  });
});
