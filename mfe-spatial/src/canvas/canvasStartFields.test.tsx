// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { DrawTools } from './DrawTools.tsx';
import { Properties } from './Properties.tsx';
import type { TentativeKind } from './tentative.ts';

afterEach(cleanup);

describe('units on the property fields', () => {
  const wall = { id: 1, height: 96, thickness: 4, viewDepth: 50 };
  it('a wall’s Height and Thickness show inches after the field and say them in its name', () => {
    render(<Properties selection={{ key: 'archWalls', id: 1 }} row={wall} error={null} onError={vi.fn()} onSave={vi.fn()} units="in" />);
    const height = screen.getByRole('textbox', { name: 'Height in inches' });
    expect(height).toHaveProperty('value', '96');
    expect(screen.getByRole('textbox', { name: 'Thickness in inches' })).toHaveProperty('value', '4');
    expect(height.closest('label')?.textContent).toBe('Heightin');
  });
  it('an elevation’s View depth, in millimetres for a millimetre organisation', () => {
    render(<Properties selection={{ key: 'archElevations', id: 1 }} row={wall} error={null} onError={vi.fn()} onSave={vi.fn()} units="mm" />);
    expect(screen.getByRole('textbox', { name: 'View depth in millimetres' }).closest('label')?.textContent).toBe('View depthmm');
    expect(screen.queryByRole('textbox', { name: /inches/ })).toBeNull();
  });
  it('a panel’s size and bleeds carry the unit; its number does not', () => {
    const panel = { id: 3, type: 'calicoMuralPanel', data: { size: { width: 40, height: 108 }, panelNumber: 2, bleedLeft: 0.5 } };
    render(<Properties selection={{ key: 'entities', id: 3 }} row={panel} error={null} onError={vi.fn()} onSave={vi.fn()} units="in" />);
    for (const name of ['Width', 'Height', 'Bleed left', 'Bleed right', 'Bleed top', 'Bleed bottom']) expect(screen.getByRole('textbox', { name: `${name} in inches` })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Panel number' }).closest('label')?.textContent).toBe('Panel number');
  });
  it('a seam’s thickness has the unit; a line’s stroke width is in screen pixels', () => {
    const seam = { id: 4, type: 'calicoMuralSeam', data: { thickness: 1 } };
    render(<Properties selection={{ key: 'entities', id: 4 }} row={seam} error={null} onError={vi.fn()} onSave={vi.fn()} units="mm" />);
    expect(screen.getByRole('textbox', { name: 'Thickness in millimetres' })).toBeTruthy();
    cleanup();
    render(<Properties selection={{ key: 'productCanvasLines', id: 5 }} row={{ id: 5, strokeWidth: 1 }} error={null} onError={vi.fn()} onSave={vi.fn()} units="mm" />);
    expect(screen.getByRole('textbox', { name: 'Stroke width in screen pixels' })).toBeTruthy();
  });
  it('with the unit shown, a number still saves and words are refused with a message', () => {
    const onSave = vi.fn();
    const onError = vi.fn();
    render(<Properties selection={{ key: 'archWalls', id: 1 }} row={wall} error={null} onError={onError} onSave={onSave} units="in" />);
    const height = screen.getByRole('textbox', { name: 'Height in inches' });
    fireEvent.change(height, { target: { value: 'tall' } });
    fireEvent.blur(height);
    expect(onSave).not.toHaveBeenCalled();
    expect(onError).toHaveBeenLastCalledWith(expect.stringMatching(/^Height: /));
    fireEvent.change(height, { target: { value: '108' } });
    fireEvent.blur(height);
    expect(onSave).toHaveBeenCalledWith({ height: 108 });
  });
});

describe('the active drawing tool', () => {
  const renderTools = (drawing: TentativeKind | null, kind: 'plan' | 'customView') => {
    const pen = { drawing: (k: TentativeKind) => k === drawing, start: vi.fn() };
    render(<DrawTools kind={kind} viewId={kind === 'plan' ? null : 7} murals walls={[]} unplaced={[]} pen={pen} onAddText={vi.fn()} onAddEntity={vi.fn()} onPlaceItem={vi.fn()} />);
    return pen;
  };
  it('Add wall is pressed while a wall is drawn, and only then', () => {
    renderTools('wall', 'plan');
    expect(screen.getByRole('button', { name: 'Add wall', pressed: true })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add elevation', pressed: false })).toBeTruthy();
    cleanup();
    const pen = renderTools(null, 'plan');
    fireEvent.click(screen.getByRole('button', { name: 'Add wall', pressed: false }));
    expect(pen.start).toHaveBeenCalledWith('wall');
  });
  it('in a viewport the two-click tools toggle (Seam pressed while drawn); one-click adds are plain buttons', () => {
    renderTools('seam', 'customView');
    expect(screen.getByRole('button', { name: 'Seam', pressed: true })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add line', pressed: false })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mural area' }).hasAttribute('aria-pressed')).toBe(false);
  });
});
