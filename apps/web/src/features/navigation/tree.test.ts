import { describe, expect, it } from 'vitest';
import type { NavigationItem } from '@agora/contracts';
import {
  addNode,
  canAddChild,
  canIndent,
  canOutdent,
  hasEmptyFields,
  indent,
  moveAmongSiblings,
  nodeErrors,
  outdent,
  toEditorNodes,
  toNavigationItems,
} from './tree.ts';

const item = (text: string, link = '/x', children: NavigationItem[] = []): NavigationItem => ({
  text,
  link,
  public: false,
  new_window: false,
  navigation_items: children,
});
const texts = (items: NavigationItem[]): unknown[] =>
  items.map((i) => (i.navigation_items.length ? [i.text, texts(i.navigation_items)] : i.text));

describe('the web navigation tree', () => {
  it('adds children only from the top two levels', () => {
    expect([0, 1, 2].map(canAddChild)).toEqual([true, true, false]);
  });

  it('nests an item into the one above only while it stays within two levels', () => {
    const nodes = toEditorNodes([
      item('A', '', [item('A1', '', [item('A1a')])]),
      item('B', '', [item('B1')]),
      item('C'),
    ]);
    const [a, b, c] = nodes;
    // B has a child: inside A it would be on level 1 with its child on level 2, which fits.
    expect(canIndent(nodes, b!.key)).toBe(true);
    expect(texts(toNavigationItems(indent(nodes, b!.key)))).toEqual([
      [
        'A',
        [
          ['A1', ['A1a']],
          ['B', ['B1']],
        ],
      ],
      'C',
    ]);
    // The first item has no item above it.
    expect(canIndent(nodes, a!.key)).toBe(false);
    expect(canIndent(nodes, c!.key)).toBe(true);
    // A1's child cannot go below A1's sibling's level 2.
    const deeper = indent(indent(nodes, b!.key), b!.key);
    expect(texts(toNavigationItems(deeper))).toEqual(texts(toNavigationItems(indent(nodes, b!.key))));
  });

  it('moves an item up a level, after its parent, and reorders among siblings', () => {
    const nodes = toEditorNodes([item('A', '', [item('A1'), item('A2')]), item('B')]);
    const a1 = nodes[0]!.children[0]!;
    expect(canOutdent(nodes, a1.key)).toBe(true);
    expect(canOutdent(nodes, nodes[1]!.key)).toBe(false);
    expect(texts(toNavigationItems(outdent(nodes, a1.key)))).toEqual([['A', ['A2']], 'A1', 'B']);
    const moved = moveAmongSiblings(nodes, nodes[0]!.key, a1.key, nodes[0]!.children[1]!.key);
    expect(texts(toNavigationItems(moved))).toEqual([['A', ['A2', 'A1']], 'B']);
  });

  it('marks items without text, or without a link and children, with message_empty_fields', () => {
    const nodes = addNode(toEditorNodes([item('Menu', ''), item('', '/y'), item('Fine')]), null);
    const errors = nodeErrors(nodes);
    expect(errors.get(nodes[0]!.key)).toEqual({ link: 'message_empty_fields' });
    expect(errors.get(nodes[1]!.key)).toEqual({ text: 'message_empty_fields' });
    expect(errors.get(nodes[2]!.key)).toBeUndefined();
    expect(errors.get(nodes[3]!.key)).toEqual({ text: 'message_empty_fields', link: 'message_empty_fields' });
    expect(hasEmptyFields(errors)).toBe(true);
    expect(nodeErrors(toEditorNodes([item('Menu', '', [item('Child')])])).size).toBe(0);
  });
});
