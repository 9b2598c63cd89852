import { describe, expect, it } from 'vitest';
import {
  effectiveProperties,
  propertyDisplayValue,
  propertySetInputSchema,
  propertyTypesCompatible,
  validatePropertyValues,
  type Property,
  type PropertySet,
} from './property-sets.ts';

const team: Property = {
  name: 'team',
  label: 'Team',
  type: 'selection',
  options: [{ value: 'a', label: 'Alpha' }],
};

describe('the property engine', () => {
  it('validates values per property with error keys, dropping unknown names', () => {
    const properties: Property[] = [team, { name: 'site', label: 'Site', type: 'url', required: true }];
    expect(validatePropertyValues(properties, { team: 'b', site: ' ', other: 1 })).toEqual({
      values: {},
      errors: { team: 'invalid', site: 'blank' },
    });
    expect(validatePropertyValues(properties, { team: 'a', site: 'https://x.org' }).values).toEqual({
      team: 'a',
      site: 'https://x.org',
    });
  });

  it('lets a saved property change type only to one of the same value shape', () => {
    expect(propertyTypesCompatible('text', 'selection')).toBe(true);
    expect(propertyTypesCompatible('text', 'address')).toBe(false);
    expect(propertyTypesCompatible('image', 'file')).toBe(false);
  });

  it("merges a modified set's options into its parent's selections", () => {
    const parent: PropertySet = {
      name: 'p',
      type: 'basic',
      properties: [team],
      parent_property_set: null,
      modifications: [],
    };
    const child: PropertySet = {
      ...parent,
      type: 'modified',
      properties: [],
      parent_property_set: parent,
      modifications: [{ add_options: [{ name: 'team', options: [{ value: 'b', label: 'Beta' }] }] }],
    };
    expect(effectiveProperties(child)[0]!.options!.map((o) => o.label)).toEqual(['Alpha', 'Beta']);
  });

  it('shows lists of text joined and refuses duplicate names', () => {
    const list: Property = { name: 'l', label: 'L', type: 'text' };
    expect(propertyDisplayValue(list, ['de', 'en'])).toBe('de, en');
    expect(validatePropertyValues([list], { l: ['de', 'en'] }).errors).toEqual({});
    expect(validatePropertyValues([list], { l: 'x'.repeat(1000) }).errors).toEqual({ l: 'too_long' });
    expect(propertySetInputSchema.safeParse({ properties: [team, team] }).success).toBe(false);
  });
});
