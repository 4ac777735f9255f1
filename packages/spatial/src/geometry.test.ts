import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  applyResize,
  autogeneratePanels,
  constrainToAxis,
  copyForPaste,
  formatDimension,
  itemBox,
  placedItems,
  moveWallEnd,
  nextWallStart,
  panelLayoutRows,
  panelLayoutScene,
  scaleTexture,
  seamColor,
  snapAngle,
  snapPoint,
  snapThreshold,
  snapToIncrement,
  stepPrecision,
  wallOutline,
} from './index.ts';

const decimals = (v: number) => (String(v).split('.')[1] ?? '').length;

describe('snapping', () => {
  it('snaps within 5 screen pixels: 2.5 units at scale 2, 0.05 at 100', () => {
    expect(snapThreshold(2)).toBe(2.5);
    expect(snapThreshold(100)).toBe(0.05);
    // 2.4 from a wall end at scale 2 snaps onto it; 2.6 does not (then only to 1/64).
    expect(snapPoint({ x: 102.4, y: 7 }, [{ x: 100, y: 50 }], 2)).toEqual({ x: 100, y: 7 });
    expect(snapPoint({ x: 102.6, y: 7 }, [{ x: 100, y: 50 }], 2)).toEqual({ x: 6566 / 64, y: 7 });
  });
  it('lengths go to 1/64: 10.01 → 10.015625 (641/64)', () => {
    expect(snapToIncrement(10.01)).toBe(641 / 64);
  });
  it('angles snap to 0/90/180/270 within the tolerance, keeping the length', () => {
    const to = snapAngle({ x: 0, y: 0 }, { x: 100, y: 3 });
    expect(to.y).toBe(0);
    expect(to.x).toBeCloseTo(Math.hypot(100, 3), 10);
    expect(snapAngle({ x: 0, y: 0 }, { x: 3, y: -100 }).x).toBe(0);
    expect(snapAngle({ x: 0, y: 0 }, { x: 100, y: 40 })).toEqual({ x: 100, y: 40 });
    expect(constrainToAxis({ x: 0, y: 0 }, { x: 30, y: 12 })).toEqual({ x: 30, y: 0 });
    expect(constrainToAxis({ x: 0, y: 0 }, { x: 3, y: -12 })).toEqual({ x: 0, y: -12 });
  });
  it('is idempotent: snapping a snapped point changes nothing', () => {
    const p = fc.record({ x: fc.double({ min: -1e5, max: 1e5, noNaN: true }), y: fc.double({ min: -1e5, max: 1e5, noNaN: true }) });
    fc.assert(
      fc.property(p, fc.array(p, { maxLength: 6 }), fc.double({ min: 0.01, max: 128, noNaN: true }), (point, candidates, scale) => {
        const once = snapPoint(point, candidates, scale);
        expect(snapPoint(once, candidates, scale)).toEqual(once);
      }),
    );
  });
});

describe('walls', () => {
  it('a new wall starts from the previous wall end', () => {
    expect(nextWallStart([])).toBeNull();
    expect(nextWallStart([{ to: { x: 240, z: 0 } }, { to: { x: 240, z: 180 } }])).toEqual({ x: 240, z: 180 });
  });
  it('a wall 4 thick along x has its outline 2 either side of its line', () => {
    expect(wallOutline({ from: { x: 0, z: 0 }, to: { x: 100, z: 0 }, thickness: 4 })).toEqual([
      { x: 0, z: 2 },
      { x: 100, z: 2 },
      { x: 100, z: -2 },
      { x: 0, z: -2 },
    ]);
  });
});

describe('transforms', () => {
  it('never reach zero or negative size, whatever the scales', () => {
    const scale = fc.double({ min: -10, max: 10, noNaN: true });
    fc.assert(
      fc.property(fc.array(fc.record({ scaleX: scale, scaleY: scale }), { minLength: 1, maxLength: 8 }), (steps) => {
        let r = { x: 0, y: 0, width: 30, height: 30 };
        for (const s of steps) {
          r = applyResize(r, s);
          expect(r.width).toBeGreaterThan(0);
          expect(r.height).toBeGreaterThan(0);
        }
      }),
    );
  });
  it('a flip keeps the rectangle where it was dragged: scaleX -1 moves x left by the width', () => {
    expect(applyResize({ x: 10, y: 0, width: 30, height: 20 }, { scaleX: -1, scaleY: 1 })).toEqual({ x: -20, y: 0, width: 30, height: 20 });
  });
  it('textures scale only on the axes their option allows', () => {
    expect(scaleTexture({ width: 775, height: 175 }, { scaleX: 2, scaleY: 2 }, { canScaleX: true, canScaleY: false })).toEqual({ width: 1550, height: 175 });
    expect(scaleTexture({ width: 775, height: 175 }, { scaleX: 2, scaleY: 0.5 }, { canScaleX: false, canScaleY: true })).toEqual({ width: 775, height: 87.5 });
  });
  it('a pasted copy drops id and audit fields and moves 10 (entities) or 250 (items) on both axes', () => {
    const entity = { id: 7, created: 'x', lastUpdated: 'y', deleted: 0, lastUpdatedBy: 3, type: 'calicoMuralPanel', data: { position: { x: 5, y: 6 }, size: { width: 1, height: 2 } } };
    expect(copyForPaste(entity, 'entity')).toEqual({ type: 'calicoMuralPanel', data: { position: { x: 15, y: 16 }, size: { width: 1, height: 2 } } });
    expect(copyForPaste({ id: 3, productId: 104, archCustomViewId: 4, canvasPosition: { x: 0, y: 100 }, properties: { '141': { value: 600 } } }, 'productInstance')).toEqual({
      productId: 104,
      archCustomViewId: 4,
      canvasPosition: { x: 250, y: 350 },
      properties: { '141': { value: 600 } },
    });
    expect(copyForPaste({ id: 1, from: { x: 0, y: 0 }, to: { x: 50, y: 50 }, strokeWidth: 1 }, 'canvasLine')).toEqual({ from: { x: 10, y: 10 }, to: { x: 60, y: 60 }, strokeWidth: 1 });
    // The original is untouched.
    expect(entity.data.position).toEqual({ x: 5, y: 6 });
  });
});

describe('items placed in a view', () => {
  it('an item keeps its own position; the others line up along the top in order, a sixth of a box apart', () => {
    const box = itemBox(0.5);
    expect(box).toEqual({ width: 240, height: 120 });
    const items = [{ id: 1, archCustomViewId: 9 }, { id: 2, archCustomViewId: 8 }, { id: 3, archCustomViewId: 9, canvasPosition: { x: 500, y: 70 } }, { id: 4, archCustomViewId: 9 }];
    expect(placedItems(items, 9, box).map(({ item, x, y }) => [item.id, x, y])).toEqual([
      [1, 40, 40],
      [3, 500, 70],
      [4, 40 + 2 * 280, 40],
    ]);
  });
});

describe('panel autogeneration', () => {
  it('a 240 × 108 area with 54-wide panels: 54, 54, 54, 54, 24, numbered 1..5, bleeds 0.5 / 1', () => {
    const panels = autogeneratePanels({ position: { x: 10, y: 0 }, size: { width: 240, height: 108 } }, { panelWidth: 54 });
    expect(panels.map((p) => p.size.width)).toEqual([54, 54, 54, 54, 24]);
    expect(panels.map((p) => p.position.x)).toEqual([10, 64, 118, 172, 226]);
    expect(panels.map((p) => p.panelNumber)).toEqual([1, 2, 3, 4, 5]);
    expect(panels[0]).toMatchObject({ bleedLeft: 0.5, bleedRight: 0.5, bleedTop: 1, bleedBottom: 1, size: { height: 108 } });
  });
  it('panels cover the area exactly, without overlap, each wider than 0, positions to 6 decimals', () => {
    const dim = fc.double({ min: 1, max: 5000, noNaN: true });
    fc.assert(
      fc.property(dim, dim, fc.double({ min: 0.5, max: 120, noNaN: true }), fc.double({ min: -500, max: 500, noNaN: true }), (width, height, panelWidth, x0) => {
        const panels = autogeneratePanels({ position: { x: x0, y: 0 }, size: { width, height } }, { panelWidth });
        expect(panels.length).toBeGreaterThan(0);
        expect(panels.length).toBeLessThanOrEqual(Math.ceil(width / panelWidth + 1e-9));
        let x = Number(x0.toFixed(6));
        for (const p of panels) {
          expect(p.size.width).toBeGreaterThan(0);
          expect(Math.abs(p.position.x - x)).toBeLessThan(1e-5);
          expect(decimals(p.position.x)).toBeLessThanOrEqual(6);
          expect(decimals(p.size.width)).toBeLessThanOrEqual(6);
          expect(p.size.height).toBeCloseTo(height, 5);
          x = p.position.x + p.size.width;
        }
        expect(Math.abs(x - (x0 + width))).toBeLessThan(1e-4);
      }),
    );
  });
  it('the layout draws panels at least 90 wide and breaks rows before 1400 (widths plus 50 gaps)', () => {
    const panels = Array.from({ length: 12 }, () => ({ size: { width: 54, height: 108 } }));
    const rows = panelLayoutRows(panels);
    // 90 + 50 per panel: 10 panels reach 1390 before the 10th gap; the 11th would start at 1400.
    expect(rows.map((r) => r.length)).toEqual([10, 2]);
    expect(rows[0]![1]!).toMatchObject({ x: 140, width: 90 });
    expect(rows[1]![0]!).toMatchObject({ x: 0, y: 158 });
  });
  it('the Panel Layout view: enabled panels only, bleed outlines around each, the description override over the number', () => {
    const panel = (id: number, data: Record<string, unknown>) => ({ id, orgId: 1798, productOrderId: 1, type: 'calicoMuralPanel' as const, data: { size: { width: 24, height: 100 }, bleedLeft: 0.5, bleedRight: 0.5, bleedTop: 1, bleedBottom: 1, ...data } });
    const scene = panelLayoutScene('Panel Layout', [panel(1, { panelNumber: 1 }), panel(2, { panelNumber: 2, isDisabled: true }), panel(3, { panelNumber: 3, panelDescriptionOverride: 'Corner' })], { units: 'in', precision: 1 });
    const rects = scene.shapes.filter((s) => s.kind === 'rect');
    // Two enabled panels, each a panel rect (at least 90 wide) and a bleed outline 0.5 / 1 beyond it.
    expect(rects.filter((r) => r.id)).toMatchObject([{ id: 'panel-1', x: 0, width: 90 }, { id: 'panel-3', x: 140, width: 90 }]);
    expect(rects.filter((r) => !r.id)).toMatchObject([{ x: -0.5, y: -1, width: 91, height: 102 }, { x: 139.5, y: -1, width: 91, height: 102 }]);
    const texts = scene.shapes.filter((s) => s.kind === 'text').map((t) => t.text);
    expect(texts).toEqual(['Panel 1', '24"', 'Corner', '24"']);
  });
});

describe('seams and dimensions', () => {
  it('seam colours by thickness: 1 red, 2 yellow, then blue, purple, green, orange', () => {
    expect([1, 2, 3, 4, 5, 6, 9].map(seamColor)).toEqual(['#e53935', '#fdd835', '#1e88e5', '#8e24aa', '#43a047', '#fb8c00', '#fb8c00']);
  });
  it('inches to the nearest sixteenth; millimetres as they are', () => {
    expect(formatDimension(3.25, 'in')).toBe('3 1/4"');
    expect(formatDimension(0.0625, 'in')).toBe('1/16"');
    expect(formatDimension(96, 'in')).toBe('96"');
    expect(formatDimension(82, 'mm')).toBe('82 mm');
  });
  it('precision starts at 1, halves or doubles, and stays within 0.5..16 for a millimetre organisation', () => {
    const b = { min: 0.5, max: 16 };
    expect(stepPrecision(1, 'finer', b)).toBe(0.5);
    expect(stepPrecision(0.5, 'finer', b)).toBe(0.5);
    expect(stepPrecision(8, 'coarser', b)).toBe(16);
    expect(stepPrecision(16, 'coarser', b)).toBe(16);
    fc.assert(
      fc.property(fc.array(fc.constantFrom('finer' as const, 'coarser' as const), { maxLength: 40 }), (presses) => {
        let p = 1;
        for (const d of presses) p = stepPrecision(p, d, b);
        expect(p).toBeGreaterThanOrEqual(0.5);
        expect(p).toBeLessThanOrEqual(16);
      }),
    );
  });
});

describe('wall grips', () => {
  const walls = [
    { id: 1, from: { x: 0, z: 0 }, to: { x: 100, z: 0 } },
    { id: 2, from: { x: 100, z: 0 }, to: { x: 100, z: 80 } },
    { id: 3, from: { x: 0, z: 200 }, to: { x: 50, z: 200 } },
  ];
  it('moving a corner moves both walls joined there, and no other', () => {
    expect(moveWallEnd(walls, 1, 'to', { x: 120, z: 10 })).toEqual([
      { id: 1, from: { x: 0, z: 0 }, to: { x: 120, z: 10 } },
      { id: 2, from: { x: 120, z: 10 }, to: { x: 100, z: 80 } },
    ]);
    expect(moveWallEnd(walls, 3, 'from', { x: 5, z: 5 })).toEqual([{ id: 3, from: { x: 5, z: 5 }, to: { x: 50, z: 200 } }]);
  });
  it('a grip cannot shrink a wall to no length', () => {
    expect(moveWallEnd(walls, 2, 'to', { x: 100, z: 0 })).toEqual([]);
  });
});
