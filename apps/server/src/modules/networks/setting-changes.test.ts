import { describe, expect, it } from 'vitest';
import { settingChanges } from './setting-changes.ts';

describe('setting changes', () => {
  it('names the changed keys with old and new values, nested ones dotted', () => {
    expect(
      settingChanges(
        { colors: { primary: '#000000', header: '#ffffff' }, fullWidth: false, tags: ['a'] },
        { colors: { primary: '#7048e8', header: '#ffffff' }, fullWidth: true, tags: ['a'], logoType: 'extended' },
      ),
    ).toEqual([
      { key: 'colors.primary', old: '#000000', new: '#7048e8' },
      { key: 'fullWidth', old: false, new: true },
      { key: 'logoType', old: null, new: 'extended' },
    ]);
  });

  it('compares lists as a whole and finds nothing in equal settings', () => {
    expect(settingChanges({ ids: ['a', 'b'] }, { ids: ['b', 'a'] })).toEqual([
      { key: 'ids', old: ['a', 'b'], new: ['b', 'a'] },
    ]);
    expect(settingChanges({ a: { b: 1 } }, { a: { b: 1 } })).toEqual([]);
    expect(settingChanges(null, { a: 1 })).toEqual([{ key: 'value', old: null, new: { a: 1 } }]);
  });
});
