import { describe, expect, it } from 'vitest';
import { autogeneratePanels, panelWidths } from './panels.ts';
import { verticalCrossings } from './seams.ts';

/** Panels break at seams and mismatch lines (docs/decisions/0100-mural-areas-textures-panels.md); numbers worked by hand. */
describe('panels broken at seams and mismatch lines', () => {
  const area = { position: { x: 0, y: 0 }, size: { width: 240, height: 108 } };
  const spans = (panels: ReturnType<typeof autogeneratePanels>) => panels.map((p) => [p.position.x, p.position.x + p.size.width]);

  it('area 0..240, panels 54 wide, a seam at 100: 0–54, 54–100, 100–154, 154–208, 208–240, numbered 1..5', () => {
    const panels = autogeneratePanels(area, { panelWidth: 54, breaks: [100] });
    expect(spans(panels)).toEqual([[0, 54], [54, 100], [100, 154], [154, 208], [208, 240]]);
    expect(panels.map((p) => p.panelNumber)).toEqual([1, 2, 3, 4, 5]);
  });
  it('a seam at 100 and a mismatch line at 200 (given out of order): widths 54, 46, 54, 46, 40', () => {
    expect(panelWidths(0, 240, 54, [200, 100])).toEqual([54, 46, 54, 46, 40]);
  });
  it('a break on an edge, outside the area or given twice changes nothing; none gives equal widths from the left', () => {
    expect(panelWidths(0, 240, 54, [0, 240, -5, 300])).toEqual([54, 54, 54, 54, 24]);
    expect(panelWidths(0, 240, 54, [100, 100])).toEqual([54, 46, 54, 54, 32]);
  });
  it('an area 10..250 (not at 0) with a seam at 64.5: 10–64, 64–64.5, then 54 wide from the seam', () => {
    const panels = autogeneratePanels({ position: { x: 10, y: 0 }, size: { width: 240, height: 108 } }, { panelWidth: 54, breaks: [64.5] });
    expect(spans(panels)).toEqual([[10, 64], [64, 64.5], [64.5, 118.5], [118.5, 172.5], [172.5, 226.5], [226.5, 250]]);
  });
  it('a remainder under 1/64 joins the panel before it, also at a break', () => {
    // 0..108.01: 54, then 54.01 (the 0.01 left joins it).
    expect(panelWidths(0, 108.01, 54).map((w) => Number(w.toFixed(6)))).toEqual([54, 54.01]);
    // A seam at 54.01: the piece 0..54.01 is 54 plus 0.01, which joins the first panel; the next starts on the seam.
    expect(panelWidths(0, 120, 54, [54.01]).map((w) => Number(w.toFixed(6)))).toEqual([54.01, 54, 11.99]);
  });
  it('no panel is wider than the panel width (but for a merged remainder under 1/64)', () => {
    for (const w of panelWidths(0, 1000, 37, [13, 250, 251, 600.5])) expect(w).toBeLessThanOrEqual(37 + 1 / 64);
  });
});

describe('lines crossing a mural area', () => {
  const area = { position: { x: 0, y: 0 }, size: { width: 240, height: 108 } };
  it('vertical seams and mismatch lines inside the area give their x; sloping, outside or above it give nothing', () => {
    const lines = [
      { from: { x: 100, y: 0 }, to: { x: 100, y: 108 } },
      { from: { x: 300, y: 0 }, to: { x: 300, y: 108 } },
      { from: { x: 50, y: 0 }, to: { x: 60, y: 108 } },
      { from: { x: 120, y: -50 }, to: { x: 120, y: -10 } },
      { from: { x: 80, y: 90 }, to: { x: 80.01, y: 150 } },
      { from: { x: 0, y: 0 }, to: { x: 0, y: 108 } },
      {},
    ];
    expect(verticalCrossings(area, lines)).toEqual([100, 80.005]);
  });
});
