import { describe, expect, it } from 'vitest';
import type { ProductGraphicNode } from '@cpq/domain';
import { addChild, findNode, flatten, removeNode, TOP_LEVEL_MESSAGE, updateProps } from './tree.ts';

const tree: ProductGraphicNode[] = [
  { id: 'plate', type: 'group', title: 'Plate', props: { x: 0 }, children: [{ id: 'face', type: 'cube', title: 'Face', props: { fill: '#6b6b66' }, children: [] }] },
];

describe('graphic node tree', () => {
  it('the top-level group cannot be deleted; a child can, leaving the original tree untouched', () => {
    expect(removeNode(tree, 'plate')).toEqual({ ok: false, message: 'Oops! We require you to keep the top level group!' });
    expect(TOP_LEVEL_MESSAGE).toBe('Oops! We require you to keep the top level group!');
    const r = removeNode(tree, 'face');
    expect(r.ok && r.nodes[0]!.children).toEqual([]);
    expect(findNode(tree, 'face')).not.toBeNull();
  });
  it('only a group or a cube is added, and only into a group', () => {
    const r = addChild(tree, 'plate', 'cube', 'n1');
    expect(r.ok && flatten(r.nodes).map((x) => [x.node.id, x.depth])).toEqual([['plate', 0], ['face', 1], ['n1', 1]]);
    expect(addChild(tree, 'face', 'group', 'n2')).toEqual({ ok: false, message: 'Only a group can hold other nodes.' });
    expect(addChild(tree, 'plate', 'rect' as never, 'n3')).toEqual({ ok: false, message: 'Only a group or a cube can be added.' });
  });
  it('updates one node’s props', () => {
    expect(findNode(updateProps(tree, 'face', { fill: '#ff0000' }), 'face')!.props).toEqual({ fill: '#ff0000' });
  });
});
