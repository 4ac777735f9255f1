import type { ProductGraphicNode } from '@cpq/domain';

/** Only groups and cubes can be added in the 3D editor, and only groups hold children. */
export const ADDABLE = ['group', 'cube'] as const;
export type Addable = (typeof ADDABLE)[number];

export const NODE_DEFAULTS: Record<Addable, Record<string, unknown>> = {
  group: { x: 0, y: 0, z: 0, width: 10, height: 10, depth: 10 },
  cube: { x: 0, y: 0, z: 0, width: 10, height: 10, depth: 10, fill: '#cccccc' },
};

export const TOP_LEVEL_MESSAGE = 'Oops! We require you to keep the top level group!';

export function findNode(nodes: readonly ProductGraphicNode[], id: string | number): ProductGraphicNode | null {
  for (const n of nodes) {
    if (n.id === id) return n;
    const found = findNode(n.children ?? [], id);
    if (found) return found;
  }
  return null;
}

function mapNodes(nodes: readonly ProductGraphicNode[], fn: (n: ProductGraphicNode) => ProductGraphicNode | null): ProductGraphicNode[] {
  const out: ProductGraphicNode[] = [];
  for (const n of nodes) {
    const next = fn(n);
    if (next) out.push({ ...next, children: mapNodes(next.children ?? [], fn) });
  }
  return out;
}

/** The node's props with `changes` applied (a new tree; the old one untouched). */
export function updateProps(nodes: readonly ProductGraphicNode[], id: string | number, changes: Record<string, unknown>): ProductGraphicNode[] {
  return mapNodes(nodes, (n) => (n.id === id ? { ...n, props: { ...n.props, ...changes } } : n));
}

/** A new group or cube as the last child of a group; anything else is refused. */
export function addChild(nodes: readonly ProductGraphicNode[], parentId: string | number, type: Addable, newId: string): { ok: true; nodes: ProductGraphicNode[] } | { ok: false; message: string } {
  const parent = findNode(nodes, parentId);
  if (!parent || parent.type !== 'group') return { ok: false, message: 'Only a group can hold other nodes.' };
  if (!(ADDABLE as readonly string[]).includes(type)) return { ok: false, message: 'Only a group or a cube can be added.' };
  const child: ProductGraphicNode = { id: newId, type, title: type === 'group' ? 'Group' : 'Cube', props: { ...NODE_DEFAULTS[type] }, children: [] };
  return { ok: true, nodes: mapNodes(nodes, (n) => (n.id === parentId ? { ...n, children: [...(n.children ?? []), child] } : n)) };
}

/** Deleting a node (and what it holds); a top-level group is kept. */
export function removeNode(nodes: readonly ProductGraphicNode[], id: string | number): { ok: true; nodes: ProductGraphicNode[] } | { ok: false; message: string } {
  if (nodes.some((n) => n.id === id && n.type === 'group')) return { ok: false, message: TOP_LEVEL_MESSAGE };
  if (!findNode(nodes, id)) return { ok: false, message: 'That node is gone already.' };
  return { ok: true, nodes: mapNodes(nodes, (n) => (n.id === id ? null : n)) };
}

/** Nodes in tree order with their depth (the tree view's rows). */
export function flatten(nodes: readonly ProductGraphicNode[], depth = 0): { node: ProductGraphicNode; depth: number }[] {
  return nodes.flatMap((n) => [{ node: n, depth }, ...flatten(n.children ?? [], depth + 1)]);
}

/** A prop as a number for the 3D preview: formulas (which need an item's options) count as `fallback`. */
export function previewNumber(v: unknown, fallback: number): number {
  const n = typeof v === 'number' ? v : typeof v === 'string' && !v.startsWith('=') ? Number.parseFloat(v) : NaN;
  return Number.isFinite(n) ? n : fallback;
}
