import { describe, expect, it } from 'vitest';
import { DEFAULT_RULES, resolveRules } from '@cpq/plugin-sdk';
import org1053 from '../../../org-plugins/org-1053/src/index.ts';
import org1798 from '../../../org-plugins/org-1798/src/index.ts';
import { canvasGrid, emptyViewMessage, gridLegend } from './canvasStart.ts';
import { tentativeHint, tentativeReducer, type Tentative } from './tentative.ts';

const nothing = { walls: 0, viewportRows: 0, panels: 0 };

describe('an empty view says what to do next', () => {
  it('the plan: draw the room with Add wall; read-only users are told what will appear', () => {
    expect(emptyViewMessage({ kind: 'plan', canEdit: true, murals: true, contents: nothing })).toBe('Start by drawing the room: choose Add wall, then click where the wall starts and where it ends.');
    expect(emptyViewMessage({ kind: 'plan', canEdit: false, murals: true, contents: nothing })).toBe('Nothing is drawn on the plan yet. The room’s walls appear here once they are drawn.');
  });
  it('a mural viewport: add a mural area, then its size and panels; a viewport without murals: text and lines', () => {
    expect(emptyViewMessage({ kind: 'customView', canEdit: true, murals: true, contents: nothing })).toBe(
      'This viewport is empty. Choose Mural area to add the wall’s mural; select the area to set its size, then choose Autogenerate panels.',
    );
    expect(emptyViewMessage({ kind: 'customView', canEdit: true, murals: false, contents: nothing })).toBe('This viewport is empty. Choose Add text or Add line to draw here; items placed in this view appear here too.');
    expect(emptyViewMessage({ kind: 'customView', canEdit: false, murals: true, contents: nothing })).toBe('Nothing is drawn in this viewport yet.');
  });
  it('the Panel Layout: panels appear once a mural area’s panels are generated', () => {
    expect(emptyViewMessage({ kind: 'panelLayout', canEdit: true, murals: true, contents: nothing })).toBe(
      'No print panels yet. They appear here once a mural area’s panels are generated: select a mural area in a viewport and choose Autogenerate panels.',
    );
    expect(emptyViewMessage({ kind: 'panelLayout', canEdit: false, murals: true, contents: nothing })).toBe('No print panels yet. They appear here once a mural area’s panels are generated.');
  });
  it('goes away once anything is drawn in the view on screen (and only that view counts)', () => {
    expect(emptyViewMessage({ kind: 'plan', canEdit: true, murals: true, contents: { ...nothing, walls: 1 } })).toBeNull();
    // Something in a viewport does not fill the plan.
    expect(emptyViewMessage({ kind: 'plan', canEdit: true, murals: true, contents: { ...nothing, viewportRows: 3, panels: 2 } })).not.toBeNull();
    expect(emptyViewMessage({ kind: 'customView', canEdit: true, murals: true, contents: { ...nothing, viewportRows: 1 } })).toBeNull();
    expect(emptyViewMessage({ kind: 'customView', canEdit: true, murals: true, contents: { ...nothing, walls: 4 } })).not.toBeNull();
    expect(emptyViewMessage({ kind: 'panelLayout', canEdit: true, murals: true, contents: { ...nothing, panels: 1 } })).toBeNull();
    expect(emptyViewMessage({ kind: undefined, canEdit: true, murals: true, contents: nothing })).toBeNull();
  });
});

describe('the status line says what the next click does', () => {
  const adding: Tentative = tentativeReducer({ mode: 'idle' }, { type: 'start', kind: 'wall', chainFrom: null });
  const placed = tentativeReducer(adding, { type: 'click', at: { x: 10, y: 10 }, shift: false, candidates: [], scale: 1 });
  it('wall: where it starts, then where it ends, with Shift and Esc where there is a keyboard', () => {
    expect(tentativeHint(adding, true)).toBe('Click where the wall starts. Esc cancels.');
    expect(tentativeHint(placed, true)).toBe('Click where the wall ends. Shift keeps it straight; Esc cancels.');
  });
  it('names what is drawn, and leaves the keys out on a touch screen', () => {
    const seam = tentativeReducer({ mode: 'idle' }, { type: 'start', kind: 'mismatch', chainFrom: null });
    expect(tentativeHint(seam, true)).toBe('Click where the mismatch line starts. Esc cancels.');
    expect(tentativeHint(placed, false)).toBe('Click where the wall ends.');
    expect(tentativeHint(adding, false)).toBe('Click where the wall starts.');
  });
  it('Continue wall starts at the previous end: the first click already ends the wall', () => {
    const chained = tentativeReducer({ mode: 'idle' }, { type: 'start', kind: 'wall', chainFrom: { x: 5, y: 5 } });
    expect(tentativeHint(chained, true)).toBe('Click where the wall ends. Shift keeps it straight; Esc cancels.');
  });
  it('says nothing when no tool is drawing', () => {
    expect(tentativeHint({ mode: 'idle' }, true)).toBe('');
  });
});

describe('the grid beside the canvas, per organisation', () => {
  it('1053 keeps the spec’s grid exactly (50-unit squares, stroke 0.25, opacity 0.2) in millimetres', () => {
    const rules = resolveRules(org1053).spatial;
    expect(canvasGrid(rules)).toEqual({ size: 50, strokeWidth: 0.25, opacity: 0.2 });
    expect(gridLegend(canvasGrid(rules), rules.units)).toBe('Grid 50 mm · snaps to 1/64 mm');
  });
  it('1798 (no grid of its own) gets the light screen grid of one foot, in inches, not exported', () => {
    const rules = resolveRules(org1798).spatial;
    expect(rules.grid).toBeNull();
    expect(canvasGrid(rules)?.size).toBe(12);
    expect(gridLegend(canvasGrid(rules), rules.units)).toBe('Grid 12 in · snaps to 1/64 in');
  });
  it('an organisation that turns the screen grid off is still told what positions snap to', () => {
    const rules = { ...DEFAULT_RULES.spatial, screenGrid: null };
    expect(canvasGrid(rules)).toBeNull();
    expect(gridLegend(canvasGrid(rules), 'in')).toBe('Positions snap to 1/64 in');
  });
});
