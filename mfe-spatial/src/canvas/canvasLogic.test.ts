import { describe, expect, it } from 'vitest';
import type { ArchCustomViewJson } from '@cpq/domain';
import { readyToSave, tentativeReducer, type Tentative } from './tentative.ts';
import { parseNumberField, parseRank, stepView, viewLabel, viewList } from './views.ts';

const view = (id: number, rank: number, title: string): ArchCustomViewJson => ({ id, orgId: 1798, productOrderId: 1, rank, title });

describe('views', () => {
  const views = [view(7, 2, 'East Wall'), view(5, 1, 'North Wall')];
  it('the plan first (where the organisation draws one), then the viewports by rank', () => {
    expect(viewList(true, views)).toEqual([{ kind: 'plan' }, { kind: 'customView', id: 5 }, { kind: 'customView', id: 7 }]);
    expect(viewList(false, views)).toEqual([{ kind: 'customView', id: 5 }, { kind: 'customView', id: 7 }]);
  });
  it('the Panel Layout comes last where murals are planned, and is labelled as such', () => {
    const list = viewList(true, views, true);
    expect(list.at(-1)).toEqual({ kind: 'panelLayout' });
    expect(viewLabel(list, { kind: 'panelLayout' }, views)).toBe('4 / 4 · Panel Layout');
    expect(stepView(list, { kind: 'customView', id: 7 }, 1)).toEqual({ kind: 'panelLayout' });
  });
  it('Prev / Next show the view number and title, and stop at the ends', () => {
    const list = viewList(true, views);
    expect(viewLabel(list, { kind: 'customView', id: 7 }, views)).toBe('3 / 3 · East Wall');
    expect(viewLabel(list, { kind: 'plan' }, views)).toBe('1 / 3 · Plan');
    expect(stepView(list, { kind: 'plan' }, 1)).toEqual({ kind: 'customView', id: 5 });
    expect(stepView(list, { kind: 'plan' }, -1)).toBeNull();
    expect(stepView(list, { kind: 'customView', id: 7 }, 1)).toBeNull();
  });
  it('a typed rank is clamped to 1..count; anything not a number is ignored', () => {
    expect(parseRank('0', 3)).toBe(1);
    expect(parseRank('9', 3)).toBe(3);
    expect(parseRank('2', 3)).toBe(2);
    expect(parseRank('two', 3)).toBeNull();
  });
  it('numbers in editors are parsed as floats; text or zero sizes are refused with a message', () => {
    expect(parseNumberField('12.5in')).toEqual({ ok: true, value: 12.5 });
    expect(parseNumberField('abc')).toEqual({ ok: false, message: 'Enter a number.' });
    expect(parseNumberField('0', { positive: true })).toEqual({ ok: false, message: 'Enter a number above 0.' });
  });
});

describe('drawing a wall', () => {
  const at = (x: number, y: number) => ({ x, y });
  const click = (s: Tentative, x: number, y: number, candidates = [] as { x: number; y: number }[], shift = false) => tentativeReducer(s, { type: 'click', at: at(x, y), shift, candidates, scale: 1 });
  it('add mode, first point, second click sets the end; Escape cancels', () => {
    let s = tentativeReducer({ mode: 'idle' }, { type: 'start', kind: 'wall', chainFrom: null });
    expect(s).toEqual({ mode: 'adding', kind: 'wall' });
    s = click(s, 10, 10);
    expect(s).toMatchObject({ mode: 'placed', from: at(10, 10) });
    expect(readyToSave(s)).toBe(false);
    s = click(s, 110, 10);
    expect(readyToSave(s)).toBe(true);
    expect(tentativeReducer(s, { type: 'cancel' })).toEqual({ mode: 'idle' });
  });
  it('a seam is drawn the same way, onto a panel edge within 5 px, and never chained', () => {
    let s = tentativeReducer({ mode: 'idle' }, { type: 'start', kind: 'seam', chainFrom: at(5, 5) });
    expect(s).toEqual({ mode: 'adding', kind: 'seam' });
    s = click(s, 46, 21, [at(44, 20), at(44, 128)]);
    s = click(s, 45, 126, [at(44, 20), at(44, 128)]);
    expect(s).toEqual({ mode: 'placed', kind: 'seam', from: at(44, 20), to: at(44, 128) });
  });
  it('a continued wall starts at the previous end', () => {
    expect(tentativeReducer({ mode: 'idle' }, { type: 'start', kind: 'wall', chainFrom: at(240, 0) })).toEqual({ mode: 'placed', kind: 'wall', from: at(240, 0), to: at(240, 0) });
  });
  it('the end lands on another wall end within 5 px, squares a near right angle, and Shift keeps it on an axis', () => {
    const placed: Tentative = { mode: 'placed', kind: 'wall', from: at(0, 100), to: at(0, 100) };
    expect(click(placed, 3, 2, [at(0, 0)])).toMatchObject({ to: at(0, 0) });
    expect(click(placed, 200, 103)).toMatchObject({ to: { y: 100 } });
    expect(click(placed, 200, 160, [], true)).toMatchObject({ to: at(200, 100) });
    expect(click(placed, 200, 160)).toMatchObject({ to: at(200, 160) });
  });
});
