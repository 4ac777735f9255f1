// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { EntityJson } from '@cpq/domain';
import { DEFAULT_RULES } from '@cpq/plugin-sdk';
import { spatialPages } from './spatialPages.ts';

const base = { orgId: 1798, productOrderId: 1 };
const views = [
  { ...base, id: 2, title: 'East Wall', rank: 2, drawingNotesData: { general: 'Check outlets', calicoMuralSeam: 'Seams 2 red' } },
  { ...base, id: 1, title: 'North Wall', rank: 1 },
];
const entity = (id: number, type: string, viewId: number, data: object = {}): EntityJson => ({ ...base, id, type, data: { archCustomViewId: viewId, position: { x: 0, y: 0 }, size: { width: 54, height: 108 }, ...data } });
const data = {
  archCustomViews: views,
  entities: [entity(1, 'calicoMuralArea', 2), entity(2, 'calicoMuralPanel', 2, { panelNumber: 1 }), entity(3, 'calicoMuralPanel', 2, { panelNumber: 2, isDisabled: true })],
  productInstances: [],
};
const murals = { ...DEFAULT_RULES.spatial, murals: true };

describe('pages of a spatial order', () => {
  it('without murals: one page per viewport, by rank', () => {
    expect(spatialPages(data, DEFAULT_RULES.spatial).map((p) => [p.type, p.title])).toEqual([
      ['spatialCustomView', 'North Wall'],
      ['spatialCustomView', 'East Wall'],
    ]);
  });
  it('with murals: the four mural page types for a viewport holding mural entities; a viewport without stays one page', () => {
    expect(spatialPages(data, murals).map((p) => p.title)).toEqual(['North Wall', 'Elevation Layout · East Wall', 'Mural Rendering · East Wall', 'Print Panel Layout · East Wall', 'Installer Layout · East Wall']);
  });
  it('each page carries its own notes: the general ones and those of its type', () => {
    const installer = spatialPages(data, murals).find((p) => p.type === 'muralSeam')!;
    expect(installer.notes).toEqual([{ key: 'general', text: 'Check outlets' }, { key: 'calicoMuralSeam', text: 'Seams 2 red' }]);
    expect(spatialPages(data, murals).find((p) => p.type === 'muralArea')!.notes).toEqual([{ key: 'general', text: 'Check outlets' }]);
  });
  it('the print panel layout leaves disabled panels out and draws each at least 90 wide', () => {
    const svg = new DOMParser().parseFromString(spatialPages(data, murals).find((p) => p.type === 'muralPanel')!.svg, 'image/svg+xml');
    const panels = [...svg.querySelectorAll('[data-id^="panel-"]')];
    expect(panels.map((p) => p.getAttribute('data-id'))).toEqual(['panel-2']);
    expect(panels[0]!.getAttribute('width')).toBe('90');
  });
});
