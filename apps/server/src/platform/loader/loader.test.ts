import { describe, expect, it } from 'vitest';
import { defineModule, type AnyModule, type Platform } from './definition.ts';
import { loadModules, orderModules } from './loader.ts';

const module = (name: string, needs: string[]): AnyModule =>
  defineModule<string, Record<string, unknown>, { name: string; saw: string[] }>({
    name,
    needs,
    create: (_platform, given) => ({ name, saw: Object.keys(given) }),
  });

const names = (modules: AnyModule[]) => modules.map((m) => m.name);

describe('orderModules', () => {
  it('puts each module after those it needs, otherwise keeping the listed order', () => {
    const ordered = orderModules([
      module('appointments', ['calendars', 'members']),
      module('members', []),
      module('calendars', ['members']),
      module('legal', []),
    ]);
    expect(names(ordered)).toEqual(['members', 'calendars', 'appointments', 'legal']);
  });

  it('refuses a cycle and names it', () => {
    expect(() =>
      orderModules([
        module('calendars', ['meeting-rooms']),
        module('meeting-rooms', ['appointments']),
        module('appointments', ['calendars']),
      ]),
    ).toThrow('The modules need each other in a cycle: calendars -> meeting-rooms -> appointments -> calendars');
    expect(() => orderModules([module('self', ['self'])])).toThrow(/cycle: self -> self/);
  });

  it('refuses a need no module is, and a name given twice', () => {
    expect(() => orderModules([module('chat', ['presence'])])).toThrow(
      'The module chat needs presence, which no module is',
    );
    expect(() => orderModules([module('chat', []), module('chat', [])])).toThrow(/defined twice/);
  });

  it('refuses a translatable type that two modules define', () => {
    const translating = (name: string): AnyModule => ({
      ...module(name, []),
      translatables: () => ({ note: async () => null }),
    });
    expect(() => loadModules({} as Platform, [translating('a'), translating('b')])).toThrow(
      'The translatable type note is defined twice',
    );
  });
});

describe('loadModules', () => {
  it('gives each module exactly the services it needs, and hands its processors, owners and counters on', async () => {
    const registered: string[] = [];
    const platform = {
      events: { register: (p: { name: string }) => registered.push(`processor ${p.name}`) },
      storage: { registerOwner: (type: string) => registered.push(`owner ${type}`) },
      unreads: { register: (key: string) => registered.push(`counter ${key}`) },
    } as unknown as Platform;
    const ready: string[] = [];
    const notes = defineModule({
      name: 'notes',
      needs: ['members'],
      create: (_platform, needs: { members: { count: number } }) => ({ count: needs.members.count + 1 }),
      processors: () => [{ name: 'notes.index', types: ['note.created'], handle: async () => {} }],
      storageOwners: () => ({ note: { canRead: async () => true, canChange: async () => true } as never }),
      unreadCounters: (service) => ({ Notifications: async () => service.count }),
      auditTypes: ['NoteDestroy'],
      translatables: (service) => ({ note: async () => ({ text: `note ${service.count}` }) }),
      routes: () => [async () => {}],
      ready: () => void ready.push('notes'),
    });
    const members = defineModule({ name: 'members', needs: [], create: () => ({ count: 41 }) });
    const loaded = loadModules(platform, [notes, members]);
    expect(loaded.services).toEqual({ members: { count: 41 }, notes: { count: 42 } });
    expect(registered).toEqual(['owner note', 'counter Notifications', 'processor notes.index']);
    expect(loaded.routes).toHaveLength(1);
    expect(loaded.auditTypes).toEqual(['NoteDestroy']);
    expect(Object.keys(loaded.translatables)).toEqual(['note']);
    expect(await loaded.translatables.note!({} as never, 'x')).toEqual({ text: 'note 42' });
    expect(ready).toEqual([]);
    await loaded.ready();
    expect(ready).toEqual(['notes']);
  });
});
