import { describe, expect, it } from 'vitest';
import { canvasLabel, keyCommand } from './keys.ts';
import type { Selection } from './types.ts';

const press = (key: string, mods: { shift?: boolean; ctrl?: boolean; meta?: boolean } = {}) => ({ key, shiftKey: !!mods.shift, ctrlKey: !!mods.ctrl, metaKey: !!mods.meta });
const wall: Selection = { key: 'archWalls', id: 1 };
const item: Selection = { key: 'productInstances', id: 2 };
const editing = { selection: wall, canEdit: true, drawing: false };

describe('keys on the canvas', () => {
  it('space pans and Escape cancels, whatever is selected', () => {
    expect(keyCommand(press(' '), { selection: null, canEdit: false, drawing: true })).toEqual({ kind: 'pan' });
    expect(keyCommand(press('Escape'), { selection: null, canEdit: false, drawing: true })).toEqual({ kind: 'cancel' });
  });
  it('Backspace and Delete delete the selection where the person may edit; an item is not deleted from the order', () => {
    expect(keyCommand(press('Backspace'), editing)).toEqual({ kind: 'delete', selection: wall });
    expect(keyCommand(press('Delete'), editing)).toEqual({ kind: 'delete', selection: wall });
    expect(keyCommand(press('Delete'), { ...editing, canEdit: false })).toBeNull();
    expect(keyCommand(press('Delete'), { ...editing, selection: item })).toBeNull();
    expect(keyCommand(press('Delete'), { ...editing, selection: null })).toBeNull();
  });
  it('the arrow keys move the selection (an item too) by 1, by 10 with Shift, but not while drawing', () => {
    expect(keyCommand(press('ArrowLeft'), { ...editing, selection: item })).toEqual({ kind: 'nudge', selection: item, step: { dx: -1, dy: 0 } });
    expect(keyCommand(press('ArrowDown', { shift: true }), editing)).toEqual({ kind: 'nudge', selection: wall, step: { dx: 0, dy: 10 } });
    expect(keyCommand(press('ArrowDown'), { ...editing, drawing: true })).toBeNull();
    expect(keyCommand(press('ArrowDown'), { ...editing, canEdit: false })).toBeNull();
  });
  it('Ctrl or Cmd with C and V copy and paste; the letters alone do nothing', () => {
    expect(keyCommand(press('c', { ctrl: true }), editing)).toEqual({ kind: 'copy' });
    expect(keyCommand(press('v', { meta: true }), { selection: null, canEdit: false, drawing: true })).toEqual({ kind: 'paste' });
    expect(keyCommand(press('c'), editing)).toBeNull();
    expect(keyCommand(press('x', { ctrl: true }), editing)).toBeNull();
  });
});

describe("the canvas's name", () => {
  it('lists the keys only where there is a keyboard: no Ctrl+C on a touch screen', () => {
    expect(canvasLabel(true)).toContain('Ctrl+C and Ctrl+V copy and paste');
    expect(canvasLabel(false)).toBe('Drawing canvas');
  });
});
