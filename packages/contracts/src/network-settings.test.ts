import { describe, expect, it } from 'vitest';
import {
  hiddenNetworkSettings,
  networkConfigSchema,
  networkSettingsErrors,
  networkSettingsFieldsSchema,
  networkSettingsSchema,
  parseNetworkConfig,
  type NetworkSettingsValues,
} from './index.ts';

const config = networkConfigSchema.parse({});
const values = (patch: Partial<NetworkSettingsValues> = {}): NetworkSettingsValues => ({
  ...networkSettingsSchema.parse({}),
  name: 'Acme',
  language: 'de',
  ...patch,
});
const errors = (patch: Partial<NetworkSettingsValues>, currentLanguage = 'de') =>
  networkSettingsErrors(values(patch), { currentLanguage, config });

describe('the operator configuration', () => {
  it('completes what is stored and drops values of a wrong type', () => {
    expect(parseNetworkConfig({ guest_users_allowed: false, digests_configurable: 'yes', other: 1 })).toEqual({
      ...config,
      guest_users_allowed: false,
    });
    expect(parseNetworkConfig(null)).toEqual(config);
  });

  it('names the settings it hides', () => {
    const hidden = hiddenNetworkSettings({ ...config, guest_users_allowed: false, digests_configurable: false });
    expect(hidden).toEqual(expect.arrayContaining(['guest_users_allow_chat', 'digests', 'daily_activity']));
    expect(hiddenNetworkSettings({ ...config, birthday_emails_configurable: true })).not.toContain('birthday_emails');
  });
});

describe('the rules between the network settings', () => {
  it('passes the defaults', () => {
    expect(errors({})).toEqual({});
    expect(networkSettingsFieldsSchema.safeParse(values()).success).toBe(true);
  });

  it('needs a method for two-factor', () => {
    expect(
      errors({ two_factor: 'enabled', two_factor_totp_available: false, two_factor_email_available: false }),
    ).toEqual({
      two_factor_totp_available: ['selection_required'],
    });
  });

  it('checks the zip whenever one is given, and the address around a point', () => {
    const location = { street: '', number: '', zip: '1234', city: '', state: '', country: '' };
    expect(errors({ network_location: location })).toEqual({ 'network_location.zip': ['invalid'] });
    expect(Object.keys(errors({ network_location: location, map_scope_selection: 'poi' })).sort()).toEqual([
      'network_location.city',
      'network_location.number',
      'network_location.street',
      'network_location.zip',
    ]);
  });

  it('keeps a language no longer supported', () => {
    expect(errors({ language: 'de' }, 'it')).toEqual({ language: ['not_changeable'] });
    expect(errors({ language: 'it' }, 'it')).toEqual({});
  });
});
