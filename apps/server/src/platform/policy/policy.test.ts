import { describe, expect, it } from 'vitest';
import { HttpError } from '../errors.ts';
import { abilities, allows, authorize, definePolicy, pick } from './policy.ts';

type Person = { id: string; admin: boolean };
type Doc = { authorId: string; published: boolean; locked: boolean };

const seen: Array<{ action: string; can: Record<string, boolean | undefined> }> = [];

const docPolicy = definePolicy<Person, Doc, 'read' | 'update' | 'destroy' | 'publish'>({
  read: (person, doc, can) => {
    seen.push({ action: 'read', can: { ...can } });
    return doc.published || person.admin || doc.authorId === person.id;
  },
  update: (person, doc, can) => {
    seen.push({ action: 'update', can: { ...can } });
    return !!can.read && !doc.locked && (person.admin || doc.authorId === person.id);
  },
  destroy: (person, _doc, can) => {
    seen.push({ action: 'destroy', can: { ...can } });
    return !!can.update && person.admin;
  },
  publish: (_person, doc, can) => {
    seen.push({ action: 'publish', can: { ...can } });
    return !!can.update && !doc.published;
  },
});

const author: Person = { id: 'author', admin: false };
const reader: Person = { id: 'reader', admin: false };
const admin: Person = { id: 'admin', admin: true };
const draft: Doc = { authorId: 'author', published: false, locked: false };

describe('definePolicy', () => {
  it('keeps the rules in the order they are declared', () => {
    expect(docPolicy.actions).toEqual(['read', 'update', 'destroy', 'publish']);
  });
});

describe('abilities', () => {
  it('answers every rule for the actor and subject', () => {
    expect(abilities(docPolicy, author, draft)).toEqual({ read: true, update: true, destroy: false, publish: true });
    expect(abilities(docPolicy, admin, draft)).toEqual({ read: true, update: true, destroy: true, publish: true });
    expect(abilities(docPolicy, reader, draft)).toEqual({ read: false, update: false, destroy: false, publish: false });
    expect(abilities(docPolicy, reader, { ...draft, published: true })).toEqual({
      read: true,
      update: false,
      destroy: false,
      publish: false,
    });
  });

  it('shows each rule the answers of the rules before it, and only those', () => {
    seen.length = 0;
    abilities(docPolicy, author, draft);
    expect(seen).toEqual([
      { action: 'read', can: {} },
      { action: 'update', can: { read: true } },
      { action: 'destroy', can: { read: true, update: true } },
      { action: 'publish', can: { read: true, update: true, destroy: false } },
    ]);
  });

  it('lets a rule build on an earlier one: no update without read', () => {
    const policy = definePolicy<Person, Doc, 'read' | 'update'>({
      read: (_person, doc) => !doc.locked,
      update: (person, doc, can) => !!can.read && doc.authorId === person.id,
    });
    expect(abilities(policy, author, draft)).toEqual({ read: true, update: true });
    // The author alone would be enough for `update`; it is the failed `read` that refuses it.
    expect(abilities(policy, author, { ...draft, locked: true })).toEqual({ read: false, update: false });
  });
});

describe('allows', () => {
  it('answers one rule with the earlier ones evaluated', () => {
    expect(allows(docPolicy, 'publish', author, draft)).toBe(true);
    expect(allows(docPolicy, 'publish', author, { ...draft, locked: true })).toBe(false);
    expect(allows(docPolicy, 'destroy', author, draft)).toBe(false);
    expect(allows(docPolicy, 'destroy', admin, draft)).toBe(true);
  });

  it('stops at the rule asked for', () => {
    seen.length = 0;
    allows(docPolicy, 'update', author, draft);
    expect(seen.map((s) => s.action)).toEqual(['read', 'update']);
  });

  it('agrees with abilities for every action', () => {
    for (const person of [author, reader, admin]) {
      for (const doc of [draft, { ...draft, published: true }, { ...draft, locked: true }]) {
        const can = abilities(docPolicy, person, doc);
        for (const action of docPolicy.actions) expect(allows(docPolicy, action, person, doc)).toBe(can[action]);
      }
    }
  });
});

describe('authorize', () => {
  it('passes when the rule allows the action', () => {
    expect(() => authorize(docPolicy, 'update', author, draft)).not.toThrow();
  });

  it('throws a 403 HttpError when it does not', () => {
    let thrown: unknown;
    try {
      authorize(docPolicy, 'update', reader, { ...draft, published: true });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(HttpError);
    expect((thrown as HttpError).statusCode).toBe(403);
    expect((thrown as HttpError).body).toEqual({ error: 'forbidden' });
  });
});

describe('pick', () => {
  it('keeps the named answers only', () => {
    const can = abilities(docPolicy, author, draft);
    expect(pick(can, ['update', 'destroy'])).toEqual({ update: true, destroy: false });
  });
});
