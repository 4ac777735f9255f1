/**
 * The readable diff between two quote revisions (decision 0122): revisionDiff on a 200-item order
 * (12 options each, a price summary of 6 lines and 8 details) against a revision where 40 items
 * changed an option, 20 a quantity and their prices, 10 were removed and 10 added, a cost line and a
 * detail changed. Baseline, same run: JSON.stringify of both sides (what merely reading them costs).
 */
import { revisionDiff, revisionDiffLines, type RevisionItem, type RevisionSide } from '@cpq/domain';
import { type Benchmark, measure } from './lib.ts';

const ITEMS = 200;
const PROPERTIES = ['Plate Size', 'Collection', 'Plate Finish', 'Mechanism Finish', 'Mechanism Layout', 'Back Box', 'Engraving Type', 'Screws', 'Lens', 'Bracket', 'Label', 'Packaging'];

function item(i: number): RevisionItem {
  return {
    id: i + 1,
    title: `Room ${i + 1}`,
    productId: 90 + (i % 9),
    quantity: 1 + (i % 4),
    options: PROPERTIES.map((property, p) => ({ property, value: `Option ${(i + p) % 7}` })),
    unitPriceInCents: 10_000 + i * 37,
    totalPriceInCents: (10_000 + i * 37) * (1 + (i % 4)),
  };
}

const costs = (total: number) => [
  { key: 'subtotal', label: 'Subtotal', text: `$${total / 100}`, cents: total },
  { key: 'shipping', label: 'Shipping', text: 'TBD', cents: 0 },
  { key: 'tax', label: 'Tax', text: '$0.00', cents: 0 },
  { key: 'total', label: 'Total', text: `$${total / 100}`, cents: total },
  { key: 'deposit', label: 'Deposit (50%)', text: `$${total / 200}`, cents: total / 2 },
];
const details = (company: string) => ['title', 'firmName', 'contactName', 'phone', 'clientEmails', 'deliveryAddress', 'purchaseOrderNumber', 'estimateNumber'].map((key) => ({ key, label: key, value: key === 'firmName' ? company : `${key} value` }));

const before: RevisionSide = { items: Array.from({ length: ITEMS }, (_, i) => item(i)), costs: costs(4_000_000), details: details('Acme') };
const nowItems = before.items
  .filter((_, i) => i % 20 !== 7) // 10 removed
  .map((it, i) => {
    if (i % 5 === 0) return { ...it, options: it.options.map((o, p) => (p === 2 ? { ...o, value: 'Aged Bronze' } : o)), unitPriceInCents: it.unitPriceInCents! + 500, totalPriceInCents: (it.unitPriceInCents! + 500) * it.quantity };
    if (i % 9 === 0) return { ...it, quantity: it.quantity + 1, totalPriceInCents: it.unitPriceInCents! * (it.quantity + 1) };
    return it;
  });
for (let k = 0; k < 10; k++) nowItems.push({ ...item(ITEMS + k), id: 1000 + k });
const now: RevisionSide = { items: nowItems, costs: costs(4_100_000), details: details('Acme Ltd') };

export const benchmarks: Benchmark[] = [
  {
    name: 'revisions: diff of a 200-item quote',
    targets: [{ figure: 'diffMedianMs', op: '<=', value: 10, label: '200-item diff under 10 ms' }],
    async run() {
      const d = revisionDiff(before, now);
      const added = d.items.filter((i) => i.kind === 'added').length;
      const removed = d.items.filter((i) => i.kind === 'removed').length;
      const changed = d.items.filter((i) => i.kind === 'changed').length;
      if (added !== 10 || removed !== 10 || changed < 50) throw new Error(`expected 10 added, 10 removed and over 50 changed items, found ${added}, ${removed}, ${changed}`);
      if (!revisionDiffLines(d).includes('Room 1: Plate Finish: Option 2 → Aged Bronze')) throw new Error('the changed finish of item 1 is not in the diff');
      const diff = measure(() => revisionDiff(before, now), { warmup: 50, runs: 200 });
      const withLines = measure(() => revisionDiffLines(revisionDiff(before, now)), { warmup: 50, runs: 200 });
      const baseline = measure(() => JSON.stringify(before).length + JSON.stringify(now).length, { warmup: 50, runs: 200 });
      return { diffMedianMs: diff.medianMs, diffP95Ms: diff.p95Ms, diffAndLinesMedianMs: withLines.medianMs, stringifyBothMedianMs: baseline.medianMs, vsStringify: diff.medianMs / baseline.medianMs, lines: revisionDiffLines(d).length };
    },
  },
];
