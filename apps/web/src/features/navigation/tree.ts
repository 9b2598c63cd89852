import { arrayMove } from '@dnd-kit/sortable';
import { NAVIGATION_ERRORS, NAVIGATION_LIMITS, navigationItemsSchema, type NavigationItem } from '@agora/contracts';

/** An item as the editor holds it: with a key of its own for dragging and focus. */
export type EditorNode = {
  key: string;
  text: string;
  link: string;
  public: boolean;
  new_window: boolean;
  children: EditorNode[];
};

let nextKey = 0;
const newKey = () => `item-${++nextKey}`;

export function toEditorNodes(items: NavigationItem[]): EditorNode[] {
  return items.map((item) => ({
    key: newKey(),
    text: item.text,
    link: item.link,
    public: item.public,
    new_window: item.new_window,
    children: toEditorNodes(item.navigation_items),
  }));
}

export function toNavigationItems(nodes: EditorNode[]): NavigationItem[] {
  return nodes.map((node) => ({
    text: node.text.trim(),
    link: node.link.trim(),
    public: node.public,
    new_window: node.new_window,
    navigation_items: toNavigationItems(node.children),
  }));
}

export function newNode(): EditorNode {
  return { key: newKey(), text: '', link: '', public: false, new_window: false, children: [] };
}

/** Children are added only from the top two levels (administration spec, section 5). */
export const canAddChild = (level: number) => level < NAVIGATION_LIMITS.maxDepth;

/** Applies `fn` to the list of siblings that holds `key` (the top list for null). */
function mapSiblings(
  nodes: EditorNode[],
  parentKey: string | null,
  fn: (list: EditorNode[]) => EditorNode[],
): EditorNode[] {
  if (parentKey === null) return fn(nodes);
  return nodes.map((node) =>
    node.key === parentKey
      ? { ...node, children: fn(node.children) }
      : { ...node, children: mapSiblings(node.children, parentKey, fn) },
  );
}

export function addNode(nodes: EditorNode[], parentKey: string | null, node: EditorNode = newNode()): EditorNode[] {
  return mapSiblings(nodes, parentKey, (list) => [...list, node]);
}

export function updateNode(
  nodes: EditorNode[],
  key: string,
  patch: Partial<Omit<EditorNode, 'key' | 'children'>>,
): EditorNode[] {
  return nodes.map((node) =>
    node.key === key ? { ...node, ...patch } : { ...node, children: updateNode(node.children, key, patch) },
  );
}

export function removeNode(nodes: EditorNode[], key: string): EditorNode[] {
  return nodes
    .filter((node) => node.key !== key)
    .map((node) => ({ ...node, children: removeNode(node.children, key) }));
}

/** Moves an item among its siblings (drag and drop keeps it on its level). */
export function moveAmongSiblings(
  nodes: EditorNode[],
  parentKey: string | null,
  from: string,
  to: string,
): EditorNode[] {
  return mapSiblings(nodes, parentKey, (list) => {
    const a = list.findIndex((n) => n.key === from);
    const b = list.findIndex((n) => n.key === to);
    return a < 0 || b < 0 ? list : arrayMove(list, a, b);
  });
}

type Place = { node: EditorNode; parentKey: string | null; level: number; index: number; siblings: EditorNode[] };

export function findPlace(nodes: EditorNode[], key: string, parentKey: string | null = null, level = 0): Place | null {
  for (const [index, node] of nodes.entries()) {
    if (node.key === key) return { node, parentKey, level, index, siblings: nodes };
    const found = findPlace(node.children, key, node.key, level + 1);
    if (found) return found;
  }
  return null;
}

/** How many levels lie below the item (0 for an item without children). */
const subtreeDepth = (node: EditorNode): number =>
  node.children.length === 0 ? 0 : 1 + Math.max(...node.children.map(subtreeDepth));

/**
 * Whether the item can become the last child of the sibling above it: only while it and its
 * children stay within the deepest level (an item with children cannot be nested deeper).
 */
export function canIndent(nodes: EditorNode[], key: string): boolean {
  const place = findPlace(nodes, key);
  if (!place || place.index === 0) return false;
  return place.level + 1 + subtreeDepth(place.node) <= NAVIGATION_LIMITS.maxDepth;
}

export function indent(nodes: EditorNode[], key: string): EditorNode[] {
  const place = findPlace(nodes, key);
  if (!place || !canIndent(nodes, key)) return nodes;
  const target = place.siblings[place.index - 1]!;
  return addNode(removeNode(nodes, key), target.key, place.node);
}

export const canOutdent = (nodes: EditorNode[], key: string) => (findPlace(nodes, key)?.level ?? 0) > 0;

/** Makes the item the next sibling of its parent. */
export function outdent(nodes: EditorNode[], key: string): EditorNode[] {
  const place = findPlace(nodes, key);
  if (!place || place.parentKey === null) return nodes;
  const parent = findPlace(nodes, place.parentKey)!;
  const without = removeNode(nodes, key);
  return mapSiblings(without, parent.parentKey, (list) => {
    const at = list.findIndex((n) => n.key === parent.node.key);
    return [...list.slice(0, at + 1), place.node, ...list.slice(at + 1)];
  });
}

/** The field errors of the items, by item key and field, from the schema the server uses. */
export function nodeErrors(nodes: EditorNode[]): Map<string, Record<string, string>> {
  const result = navigationItemsSchema.safeParse(toNavigationItems(nodes));
  const errors = new Map<string, Record<string, string>>();
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const path = [...issue.path];
    const field = String(path.pop());
    let list = nodes;
    let node: EditorNode | undefined;
    for (const part of path) {
      if (typeof part === 'number') node = list[part];
      else if (part === 'navigation_items') list = node?.children ?? [];
    }
    if (!node) continue;
    const entry = errors.get(node.key) ?? {};
    entry[field] ??= issue.message;
    errors.set(node.key, entry);
  }
  return errors;
}

export function hasEmptyFields(errors: Map<string, Record<string, string>>): boolean {
  return [...errors.values()].some((fields) => Object.values(fields).includes(NAVIGATION_ERRORS.emptyFields));
}
