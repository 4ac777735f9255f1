// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { el, toSvgString } from './svg.ts';
import type { Drawing } from './types.ts';

const parse = (xml: string) => new DOMParser().parseFromString(xml, 'image/svg+xml');

const drawing = (root = el('g', {}, [el('text', { x: 1, y: 2 }, ['Tom & Jerry <"quoted"> \'s'])])): Drawing => ({ width: 100, height: 50, root, warnings: [], pxPerUnit: 2 });

describe('toSvgString', () => {
  it('is well-formed XML with text escaped, sized at pxPerUnit by default', () => {
    const doc = parse(toSvgString(drawing()));
    expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
    const svg = doc.documentElement;
    expect(svg.getAttribute('viewBox')).toBe('0 0 100 50');
    expect(svg.getAttribute('width')).toBe('200');
    expect(svg.getAttribute('height')).toBe('100');
    expect(svg.getElementsByTagName('text')[0]!.textContent).toBe('Tom & Jerry <"quoted"> \'s');
  });

  it('keeps the aspect ratio when one side is given', () => {
    const svg = parse(toSvgString(drawing(), { heightPx: 300 })).documentElement;
    expect(svg.getAttribute('width')).toBe('600');
    expect(svg.getAttribute('height')).toBe('300');
  });

  it('leaves out tags and attributes that are not plain names (no markup injection)', () => {
    const root = el('g', {}, [{ tag: 'script><img', attrs: {} }, { tag: 'rect', attrs: { 'x="1" onload': 'alert(1)', width: 2 } }]);
    const xml = toSvgString(drawing(root));
    expect(parse(xml).getElementsByTagName('parsererror')).toHaveLength(0);
    expect(xml).not.toContain('script');
    expect(xml).not.toContain('onload');
    expect(xml).toContain('<rect width="2"/>');
  });
});
