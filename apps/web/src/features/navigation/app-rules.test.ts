import { describe, expect, it } from 'vitest';
import { defaultAppNavigation } from '@agora/contracts';
import {
  addItem,
  canAddItem,
  canSave,
  changeType,
  removeItem,
  reorder,
  setEntryPoint,
  setLinkUrl,
  usedDefaultTypes,
} from './app-rules.ts';

const defaults = () => defaultAppNavigation('en');

describe('the app navigation rules', () => {
  it('saves exactly five items: add is disabled at five, save below five', () => {
    const items = defaults();
    expect(canAddItem(items)).toBe(false);
    expect(canSave(items)).toBe(true);
    const four = removeItem(items, 1);
    expect(canSave(four)).toBe(false);
    expect(canAddItem(four)).toBe(true);
    const again = addItem(four, 'Intranet');
    // The new link goes before the more item, which stays last.
    expect(again.map((i) => i.type)).toEqual(['activitystreams', 'appointments', 'directory', 'link', 'more']);
    expect(canSave(again)).toBe(false);
    expect(canSave(setLinkUrl(again, 3, 'https://intranet.example.test', 'agora.test'))).toBe(true);
  });

  it('moves the entry point when the entry point becomes a link, and never onto a link or the more item', () => {
    const items = changeType(defaults(), 0, 'link');
    expect(items.map((i) => i.isEntryPoint)).toEqual([false, true, false, false, false]);
    expect(setEntryPoint(items, 0)).toBe(items);
    expect(setEntryPoint(items, 4)).toBe(items);
    expect(setEntryPoint(items, 3).map((i) => i.isEntryPoint)).toEqual([false, false, false, true, false]);
    // A removed entry point passes on to the first item that can be one.
    expect(removeItem(defaults(), 0).map((i) => i.isEntryPoint)).toEqual([true, false, false, false]);
  });

  it('flags default screens and offers each only once', () => {
    const items = changeType(defaults(), 1, 'files');
    expect(items[1]!.isDefault).toBe(true);
    expect(changeType(items, 1, 'page')[1]!.isDefault).toBe(false);
    // Files is taken by item 2 now; settings by the more menu.
    const used = usedDefaultTypes(items, { index: 0 });
    expect([...used].sort()).toEqual(['appointments', 'directory', 'files', 'settings']);
  });

  it('keeps the more item out of dragging', () => {
    const items = defaults();
    expect(reorder(items, 'more', 'messages')).toBe(items);
    expect(reorder(items, 'messages', 'more')).toBe(items);
    expect(reorder(items, 'messages', 'directory').map((i) => i.id)).toEqual([
      'activitystreams',
      'appointments',
      'directory',
      'messages',
      'more',
    ]);
  });

  it('opens links to this host in the webview', () => {
    const items = changeType(defaults(), 2, 'link');
    const browser = { ...items[2]!, options: { ...items[2]!.options, open_in: 'browser' as const } };
    const withBrowser = items.map((item, i) => (i === 2 ? browser : item));
    expect(setLinkUrl(withBrowser, 2, 'https://agora.test/groups/x', 'agora.test')[2]!.options.open_in).toBe('webview');
    expect(setLinkUrl(withBrowser, 2, 'https://elsewhere.test', 'agora.test')[2]!.options.open_in).toBe('browser');
  });
});
