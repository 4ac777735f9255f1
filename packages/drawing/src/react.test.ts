// @vitest-environment jsdom
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { drawInstance } from './draw.ts';
import { ProductDrawing } from './react.tsx';
import { keypadInput, LAYOUT, PLATE } from './fixtures.test-utils.ts';

describe('ProductDrawing', () => {
  it('is an svg image named by its title, with the drawing viewBox and the same elements as the SVG string', () => {
    const d = drawInstance(keypadInput({ '8': { optionId: PLATE.g1 }, '11': { optionId: LAYOUT.b2stacked }, '27': { engravings: { '0': { above: { text: 'Hall' } } } } }), { units: 'mm', showDimensions: true });
    const html = renderToStaticMarkup(createElement(ProductDrawing, { drawing: d, title: 'Living room keypad', className: 'x', maxHeightPx: 200 }));
    const host = document.createElement('div');
    host.innerHTML = html;
    const svg = host.querySelector('svg')!;
    expect(svg.getAttribute('role')).toBe('img');
    expect(svg.getAttribute('aria-label')).toBe('Living room keypad');
    expect(svg.getAttribute('viewBox')).toBe(`0 0 ${d.width} ${d.height}`);
    expect(svg.getAttribute('class')).toBe('x');
    expect(svg.querySelectorAll('.mechanism')).toHaveLength(2);
    expect(svg.querySelector('.engraving')?.getAttribute('font-size')).toBe('4');
    expect(svg.querySelector('.engraving')?.textContent).toBe('Hall');
    expect(svg.querySelector('.dimension line')?.getAttribute('stroke-width')).not.toBeNull();
  });

  it('drops event-handler attributes', () => {
    const d = { width: 10, height: 10, pxPerUnit: 1, warnings: [], root: { tag: 'g', attrs: { onclick: 'alert(1)', fill: 'red' } } };
    const html = renderToStaticMarkup(createElement(ProductDrawing, { drawing: d, title: 't' }));
    expect(html).not.toContain('alert');
    expect(html).toContain('fill="red"');
  });
});
