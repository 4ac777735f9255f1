/**
 * Product drawings: drawInstance for a 207 × 144 keypad with 12 mechanisms (3 × 4) and an engraving
 * above and below each (24 texts, fit colours on), and the same serialised with toSvgString.
 * Baseline, same run: JSON.stringify of the item (what merely copying its data costs).
 */
import { drawInstance, toSvgString } from '@cpq/drawing';
import { catalogue, config850 } from '../../packages/drawing/src/fixtures.test-utils.ts';
import { type Benchmark, measure } from './lib.ts';

const engravings = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [String(i), { above: { text: `Scene ${i + 1}` }, below: { text: 'Off' } }]));
const input = {
  product: catalogue.product(98)!,
  instance: { id: 1, productId: 98, quantity: 1, properties: { '8': { optionId: 203 }, '11': { optionId: 222 }, '12': { optionId: 217 }, '7': { optionId: 22 }, '27': { engravings } } },
  catalogue,
  drawingConfig: config850,
};
const options = { units: 'mm' as const, showDimensions: true };

export const benchmarks: Benchmark[] = [
  {
    name: 'drawing: keypad with 12 mechanisms and 24 engravings',
    targets: [
      { figure: 'drawMedianMs', op: '<=', value: 1, label: 'well under 1 ms' },
      { figure: 'drawAndSvgMedianMs', op: '<=', value: 1 },
    ],
    async run() {
      const d = drawInstance(input, options);
      const svg = toSvgString(d);
      const mechanisms = (svg.match(/class="mechanism"/g) ?? []).length;
      const texts = (svg.match(/class="engraving"/g) ?? []).length;
      if (mechanisms !== 12 || texts !== 24) throw new Error(`expected 12 mechanisms and 24 engravings, drew ${mechanisms} and ${texts}`);
      const draw = measure(() => drawInstance(input, options), { warmup: 200, runs: 500 });
      const both = measure(() => toSvgString(drawInstance(input, options)), { warmup: 200, runs: 500 });
      const baseline = measure(() => JSON.stringify(input.instance), { warmup: 200, runs: 500 });
      return { drawMedianMs: draw.medianMs, drawP95Ms: draw.p95Ms, drawAndSvgMedianMs: both.medianMs, baselineMedianMs: baseline.medianMs, svgBytes: svg.length };
    },
  },
];
