// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import type { EntityJson } from '@cpq/domain';
import { useAddRows } from './useAddRows.ts';
import type { SpatialDocApi } from './useSpatialDoc.ts';

const ent = (id: number, type: EntityJson['type'], data: Record<string, unknown>, parentId: number | null = null) => ({ id, orgId: 1798, productOrderId: 1, type, parentId, data: { archCustomViewId: 7, ...data } }) as unknown as EntityJson;
// The demo's North Wall: area 0..240 × 108, its Birch Forest texture (panels 54 wide), a seam at x = 100.
const area = ent(1, 'calicoMuralArea', { position: { x: 0, y: 0 }, size: { width: 240, height: 108 } });
const texture = ent(2, 'calicoMuralTexture', { position: { x: 0, y: 0 }, size: { width: 240, height: 108 }, muralProductOptionId: 991 }, 1);
const seam = ent(3, 'calicoMuralSeam', { from: { x: 100, y: 0 }, to: { x: 100, y: 108 } });
const options = [{ id: 991, data: { panelWidth: 54, canScaleX: true, canScaleY: true } }];

function setUp(refuseAt = Infinity) {
  let n = 0;
  const s = {
    doc: { archWalls: [] },
    create: vi.fn(async (_key: string, props: object) => (++n >= refuseAt ? null : { id: 100 + n, ...props })),
    batchUpdateEntities: vi.fn(async () => []),
    destroy: vi.fn(async () => undefined),
    setStatus: vi.fn(),
  } as unknown as SpatialDocApi;
  const { result } = renderHook(() => useAddRows({ s, viewId: 7, entities: [area, texture, seam], allItems: [], options, setSelection: vi.fn(), setView: vi.fn() }));
  return { s, add: result.current };
}

describe('Autogenerate panels on the canvas', () => {
  it('saves panels 0–54, 54–100, 100–154, 154–208, 208–240 (an edge on the seam), saying how far it is, then that they are done', async () => {
    const { s, add } = setUp();
    await add.autogenerate(area);
    const saved = vi.mocked(s.create).mock.calls.map(([, p]) => (p as { data: { position: { x: number }; size: { width: number } } }).data);
    expect(saved.map((d) => [d.position.x, d.position.x + d.size.width])).toEqual([[0, 54], [54, 100], [100, 154], [154, 208], [208, 240]]);
    const said = vi.mocked(s.setStatus).mock.calls.map(([st]) => st);
    expect(said[0]).toEqual({ tone: 'progress', message: 'Generating 5 panels…' });
    expect(said).toContainEqual({ tone: 'progress', message: 'Generating 5 panels… 3 of 5 saved' });
    expect(said.at(-1)).toEqual({ tone: 'info', message: '5 panels generated.' });
  });
  it('a refused save stops the run: no more saves, no "generated"', async () => {
    const { s, add } = setUp(2);
    await add.autogenerate(area);
    expect(s.create).toHaveBeenCalledTimes(2);
    expect(vi.mocked(s.setStatus).mock.calls.map(([st]) => st)).not.toContainEqual({ tone: 'info', message: '5 panels generated.' });
  });
  it('a new texture goes into the area, covering it, as its child', async () => {
    const { s, add } = setUp();
    await add.addEntity('calicoMuralTexture');
    const [, props] = vi.mocked(s.create).mock.calls[0]!;
    expect(props).toMatchObject({ parentId: 1, parentResourceKey: 'entities', data: { position: { x: 0, y: 0 }, size: { width: 240, height: 108 } } });
  });
});
