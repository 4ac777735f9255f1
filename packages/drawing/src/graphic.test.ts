import { GRAPHIC_NODE_TYPES, type ProductGraphicNode } from '@cpq/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { evaluateProp, formulaScope } from './formula.ts';
import { pathPoints, renderNodes, type GraphicContext } from './graphic.ts';
import { drawInstance, toSvgString } from './index.ts';
import { catalogue, keypadInput, LAYOUT, PLATE } from './fixtures.test-utils.ts';
import type { DrawInstance, SvgNode } from './types.ts';

const instance: DrawInstance = { id: 9, productId: 98, quantity: 3, properties: { '8': { optionId: PLATE.g2 }, '12': { optionId: 217 }, '141': { value: '750' } } };

const ctx = (warnings: string[] = []): GraphicContext => ({
  instance,
  scope: formulaScope(instance, catalogue),
  warnings,
  idPrefix: 'd9-',
  dimensions: { units: 'mm', pxPerUnit: 2 },
});
const node = (type: ProductGraphicNode['type'], props: Record<string, unknown>, extra: Partial<ProductGraphicNode> = {}): ProductGraphicNode => ({ id: type, type, props, ...extra });
const find = (n: SvgNode | string, tag: string): SvgNode[] =>
  typeof n === 'string' ? [] : [...(n.tag === tag ? [n] : []), ...(n.children ?? []).flatMap((c) => find(c, tag))];

afterEach(() => vi.restoreAllMocks());

describe('graphic conditions', () => {
  it('keeps a node only while its property has its option selected', () => {
    const nodes = [
      node('rect', { width: 1, height: 1 }, { id: 'brass', condition: { productPropertyId: 12, productOptionId: 217 } }),
      node('rect', { width: 2, height: 2 }, { id: 'black', condition: { productPropertyId: 12, productOptionId: 219 } }),
      node('group', {}, { id: 'g', condition: { productPropertyId: 8, productOptionId: PLATE.g1 }, children: [node('circle', { r: 1 })] }),
    ];
    const out = renderNodes(nodes, ctx());
    expect(out).toHaveLength(1);
    expect(out[0]!.attrs.width).toBe(1);
  });
});

describe('graphic formulas', () => {
  it('reads option data by property (p8.width), typed values (v141) and the quantity', () => {
    const [r] = renderNodes([node('rect', { x: '=p8.width / 2', y: '=v141 - 700', width: '=quantity * 10', height: '=p8.gang + p8.height', fill: '=p12.fill' })], ctx());
    // 2 Gang plate: 144 × 82, gang 2; 750 typed for 141; quantity 3; brass fill.
    expect(r!.attrs).toMatchObject({ x: 72, y: 50, width: 30, height: 84, fill: '#d4b26a' });
  });

  it('counts a failed formula as 0, lists it in the warnings and logs it once', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const warnings: string[] = [];
    const nodes = [node('rect', { x: '=p99.width + 1', y: '=(1 +', width: '=p8.nope * 2', height: 5 })];
    const [r] = renderNodes(nodes, ctx(warnings));
    expect(r!.attrs).toMatchObject({ x: 0, y: 0, width: 0, height: 5 });
    expect(warnings).toHaveLength(3);
    expect(warnings[0]).toContain('=p99.width + 1');
    const logged = warn.mock.calls.length;
    expect(logged).toBe(3);
    renderNodes(nodes, ctx([]));
    expect(warn.mock.calls.length).toBe(logged);
  });

  it('gives 0 itself for a failed formula (not NaN), and passes plain values through', () => {
    const warnings: string[] = [];
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(evaluateProp('=1/0', {}, warnings, 'number')).toBe(0);
    expect(evaluateProp('=nothing + 1', {}, warnings, 'number')).toBe(0);
    expect(evaluateProp('="a"', {}, warnings, 'number')).toBe(0);
    expect(evaluateProp('="#fff"', {}, warnings, 'any')).toBe('#fff');
    expect(evaluateProp(12, {}, warnings, 'number')).toBe(12);
    expect(evaluateProp('plain', {}, warnings, 'any')).toBe('plain');
    expect(warnings).toHaveLength(3);
  });

  it('cannot reach outside its variables (no constructor, no functions defined)', () => {
    const warnings: string[] = [];
    const [r] = renderNodes([node('rect', { x: '=p8.constructor', y: '=f(x) = 1', width: 1, height: 1 })], ctx(warnings));
    expect(r!.attrs).toMatchObject({ x: 0, y: 0 });
    expect(warnings).toHaveLength(2);
  });
});

describe('graphic node types', () => {
  const all: ProductGraphicNode[] = [
    node('gradients', { id: 'metal', kind: 'linear', stops: [{ offset: 0, color: '#fff' }, { offset: 1, color: '#888' }] }),
    node('gradients', { id: 'glow', kind: 'radial', stops: [{ offset: 0, color: '#ff0' }] }),
    node('mask', { id: 'hole' }, { children: [node('rect', { width: 10, height: 10, fill: '#fff' })] }),
    node('dropShadow', { id: 'shadow', dx: 1, dy: 2, blur: 1.5 }, { children: [node('rect', { width: 5, height: 5, fill: 'url(#metal)', mask: 'hole' })] }),
    node('group', { x: 5, y: 6 }, { children: [node('circle', { cx: 1, cy: 1, r: 2 }), node('ellipse', { cx: 1, cy: 1, rx: 2, ry: 1 })] }),
    node('text', { x: 1, y: 2, text: 'Hello', fontSize: 3 }),
    node('image', { x: 0, y: 0, width: 4, height: 4, href: '/api/media/1/file' }),
    node('path', { d: 'M0 0L5 5' }),
    node('dimension', { x1: 0, y1: 10, x2: 82, y2: 10 }),
    node('shortDimension', { x: 5, y: 5, value: 67 }),
    node('cube', { x: 1, y: 1, z: 0, width: 8, height: 9, depth: 6, fill: '#abc' }),
    node('rect', { width: 3, height: 3 }),
  ];

  it('renders every node type', () => {
    const types = (ns: readonly ProductGraphicNode[]): string[] => ns.flatMap((n) => [n.type, ...types(n.children ?? [])]);
    expect(new Set(types(all))).toEqual(new Set(GRAPHIC_NODE_TYPES));
    const root: SvgNode = { tag: 'g', attrs: {}, children: renderNodes(all, ctx()) };
    for (const tag of ['linearGradient', 'radialGradient', 'mask', 'filter', 'feDropShadow', 'g', 'circle', 'ellipse', 'text', 'image', 'path', 'line', 'rect']) {
      expect(find(root, tag).length, tag).toBeGreaterThan(0);
    }
    expect(find(root, 'g').some((g) => g.attrs.transform === 'translate(5 6)')).toBe(true);
    const texts = find(root, 'text').map((t) => t.children?.join(''));
    expect(texts).toEqual(expect.arrayContaining(['Hello', '82 mm', '67 mm']));
    expect(find(root, 'rect').find((r) => r.attrs.class === 'cube')?.attrs).toMatchObject({ x: 1, y: 1, width: 8, height: 9, fill: '#abc' });
  });

  it('prefixes the ids it defines and the references to them', () => {
    const root: SvgNode = { tag: 'g', attrs: {}, children: renderNodes(all, ctx()) };
    expect(find(root, 'linearGradient')[0]!.attrs.id).toBe('d9-metal');
    const shadowed = find(root, 'rect').find((r) => r.attrs.fill === 'url(#d9-metal)');
    expect(shadowed?.attrs.mask).toBe('url(#d9-hole)');
  });

  it('draws no image from another site', () => {
    expect(renderNodes([node('image', { width: 1, height: 1, href: 'https://example.com/x.png' })], ctx())).toEqual([]);
  });

  it('leaves dimension nodes out when dimensions are hidden', () => {
    expect(renderNodes([node('dimension', { x1: 0, y1: 0, x2: 5, y2: 0 }), node('shortDimension', { value: 5 })], { ...ctx(), dimensions: null })).toEqual([]);
  });

  it('is drawn under the product by drawInstance, and the result is valid SVG', () => {
    const input = keypadInput({ '8': { optionId: PLATE.g1 }, '11': { optionId: LAYOUT.b2stacked } });
    const d = drawInstance({ ...input, graphic: { id: 1, title: 'Bevel', archived: 0, nodes: [node('rect', { x: -2, y: -2, width: '=p8.width + 4', height: '=p8.height + 4', fill: '#777' }, { id: 'bevel' })] } }, { units: 'mm', showDimensions: false });
    const groups = d.root.children as SvgNode[];
    expect(groups.map((g) => g.attrs.class)).toEqual(['product-graphic', 'product']);
    expect(find(groups[0]!, 'rect')[0]!.attrs).toMatchObject({ width: 86, height: 86 });
    expect(toSvgString(d)).toContain('<rect x="-2" y="-2" width="86" height="86" fill="#777"/>');
  });

  it('gives formulas the size the product is drawn at (width, height), also before a size is chosen', () => {
    const bevel = { id: 3, title: 'Bevel', archived: 0 as const, nodes: [node('rect', { x: -1.5, y: -1.5, width: '=width + 3', height: '=height + 3' }, { id: 'bevel' })] };
    // A 2-gang plate is 144 × 82 mm; with no plate chosen the keypad is drawn at its default 82 × 82.
    const chosen = drawInstance({ ...keypadInput({ '8': { optionId: PLATE.g2 } }), graphic: bevel }, { units: 'mm', showDimensions: false });
    expect(find((chosen.root.children as SvgNode[])[0]!, 'rect')[0]!.attrs).toMatchObject({ width: 147, height: 85 });
    const none = drawInstance({ ...keypadInput({}), graphic: bevel }, { units: 'mm', showDimensions: false });
    expect(find((none.root.children as SvgNode[])[0]!, 'rect')[0]!.attrs).toMatchObject({ width: 85, height: 85 });
    expect(none.warnings.filter((w) => w.startsWith('Graphic formula'))).toEqual([]);
  });
});

describe('graphic reach', () => {
  it('measures where drawn nodes go, groups translated, definitions not', () => {
    const bounds = { minX: 0, minY: 0, maxX: 10, maxY: 10 };
    renderNodes(
      [
        node('group', { x: -5, y: 2 }, { children: [node('rect', { x: -3, y: 0, width: 4, height: 20 })] }),
        node('circle', { cx: 30, cy: 5, r: 2 }),
        node('mask', { id: 'm' }, { children: [node('rect', { x: -100, y: -100, width: 1, height: 1 })] }),
        node('path', { d: 'M-150 40H60v5' }),
      ],
      { ...ctx(), bounds },
    );
    // Group at (-5, 2): rect −8..−4 × 2..22; circle 28..32; path −150..60, to y 45; the mask's rect is not drawn.
    expect(bounds).toEqual({ minX: -150, minY: 0, maxX: 60, maxY: 45 });
  });

  it('follows relative and curve commands of a path', () => {
    expect(pathPoints('M10 10l5 0c0 5 5 5 5 0Z')).toEqual([
      { x: 10, y: 10 },
      { x: 15, y: 10 },
      { x: 15, y: 15 },
      { x: 20, y: 15 },
      { x: 20, y: 10 },
    ]);
  });

  it('makes the drawing large enough for a graphic that reaches past the product', () => {
    const input = keypadInput({ '8': { optionId: PLATE.g1 }, '11': { optionId: LAYOUT.b2stacked } });
    const plain = drawInstance(input, { units: 'mm', showDimensions: false, pxPerUnit: 4 });
    const framed = drawInstance({ ...input, graphic: { id: 2, title: 'Frame', archived: 0, nodes: [node('rect', { x: -10, y: -10, width: 102, height: 102 })] } }, { units: 'mm', showDimensions: false, pxPerUnit: 4 });
    // 82 plate + 1 mm pad (4 px) each side; the frame adds 10 mm each side.
    expect([plain.width, framed.width, framed.height]).toEqual([84, 104, 104]);
    expect(framed.root.attrs.transform).toBe('translate(11.000 11.000)');
  });
});
