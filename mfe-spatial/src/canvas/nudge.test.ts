import { describe, expect, it } from 'vitest';
import { nudgeProps, nudgeStep } from './nudge.ts';

describe('moving the selection with the arrow keys', () => {
  it('1 unit per press, 10 with Shift; other keys do nothing', () => {
    expect(nudgeStep('ArrowRight', false)).toEqual({ dx: 1, dy: 0 });
    expect(nudgeStep('ArrowUp', true)).toEqual({ dx: 0, dy: -10 });
    expect(nudgeStep('a', false)).toBeNull();
  });
  it('moves what each row has: both plan ends of a wall, a box position, both ends of a seam, a label in its view', () => {
    expect(nudgeProps('archWalls', { from: { x: 0, z: 0 }, to: { x: 96, z: 0 } }, 0, 10)).toEqual({ from: { x: 0, z: 10 }, to: { x: 96, z: 10 } });
    expect(nudgeProps('entities', { type: 'calicoMuralPanel', data: { position: { x: 20, y: 20 }, size: { width: 24, height: 108 } } }, -1, 0)).toEqual({ data: { position: { x: 19, y: 20 } } });
    expect(nudgeProps('entities', { type: 'calicoMuralSeam', data: { from: { x: 44, y: 20 }, to: { x: 44, y: 128 } } }, 1, 0)).toEqual({ data: { from: { x: 45, y: 20 }, to: { x: 45, y: 128 } } });
    expect(nudgeProps('entities', { type: 'calicoWallLabel', data: { customViewPosition: { x: 20, y: 20 }, position: { x: 0, y: 0 } } }, 0, 1)).toEqual({ data: { customViewPosition: { x: 20, y: 21 } } });
    expect(nudgeProps('productCanvasTexts', { position: { x: 40, y: 40 } }, 10, 10)).toEqual({ position: { x: 50, y: 50 } });
    expect(nudgeProps('productCanvasLines', { from: { x: 0, y: 0 }, to: { x: 50, y: 50 } }, 1, 1)).toEqual({ from: { x: 1, y: 1 }, to: { x: 51, y: 51 } });
    // Kept to 1/64 like every drawn position.
    expect(nudgeProps('productCanvasTexts', { position: { x: 0.1, y: 0 } }, 1, 0)).toEqual({ position: { x: 1.09375, y: 0 } });
    expect(nudgeProps('entities', { type: 'calicoMuralArea', data: {} }, 1, 0)).toBeNull();
  });
});
