import { describe, expect, it } from 'vitest';
import type { RevisionItem, RevisionSide } from '../schemas/revisions.ts';
import { revisionDiff, revisionDiffLines, sameQuote, sideWithoutPrices } from './diff.ts';

// Worked examples written from the rule ("Finish: Satin Brass → Aged Bronze", quantity, price per line
// and in total, details), not from the code.
const keypad: RevisionItem = {
  id: 11,
  title: 'Kitchen keypad',
  productId: 3,
  quantity: 2,
  options: [
    { property: 'Finish', value: 'Satin Brass' },
    { property: 'Buttons', value: '6' },
  ],
  unitPriceInCents: 12500,
  totalPriceInCents: 25000,
};
const outlet: RevisionItem = { id: 12, title: 'Hall outlet', productId: 5, quantity: 1, options: [{ property: 'Color', value: 'White' }], unitPriceInCents: 4000, totalPriceInCents: 4000 };
const details = (company: string, po = '') => [
  { key: 'title', label: 'Order name', value: 'Smith residence' },
  { key: 'firmName', label: 'Company', value: company },
  { key: 'purchaseOrderNumber', label: 'PO #', value: po },
];
const costs = (subtotal: string, subCents: number, total: string, totalCents: number, shipping = 'TBD') => [
  { key: 'subtotal', label: 'Subtotal', text: subtotal, cents: subCents },
  { key: 'shipping', label: 'Shipping', text: shipping, cents: 0 },
  { key: 'total', label: 'Total', text: total, cents: totalCents },
];
const rev1: RevisionSide = { items: [keypad, outlet], costs: costs('$290.00', 29000, '$290.00', 29000), details: details('Acme Interiors') };

describe('revisionDiff: what a person reads', () => {
  it('nothing changed: an empty diff', () => {
    const d = revisionDiff(rev1, structuredClone(rev1));
    expect(d).toEqual({ items: [], costs: [], details: [], isEmpty: true });
    expect(sameQuote(rev1, structuredClone(rev1))).toBe(true);
  });

  it('a changed finish and its price, per line and in total', () => {
    const rev2: RevisionSide = {
      items: [{ ...keypad, options: [{ property: 'Finish', value: 'Aged Bronze' }, { property: 'Buttons', value: '6' }], unitPriceInCents: 14000, totalPriceInCents: 28000 }, outlet],
      costs: costs('$320.00', 32000, '$320.00', 32000),
      details: details('Acme Interiors'),
    };
    expect(revisionDiffLines(revisionDiff(rev1, rev2))).toEqual([
      'Kitchen keypad: Finish: Satin Brass → Aged Bronze',
      'Kitchen keypad: Unit price: $125.00 → $140.00',
      'Kitchen keypad: Line total: $250.00 → $280.00',
      'Subtotal: $290.00 → $320.00',
      'Total: $290.00 → $320.00',
    ]);
    const d = revisionDiff(rev1, rev2);
    expect(d.items).toEqual([
      {
        kind: 'changed',
        title: 'Kitchen keypad',
        text: 'Kitchen keypad',
        lines: [
          { kind: 'option', label: 'Finish', before: 'Satin Brass', after: 'Aged Bronze', text: 'Finish: Satin Brass → Aged Bronze' },
          { kind: 'unitPrice', label: 'Unit price', before: '$125.00', after: '$140.00', text: 'Unit price: $125.00 → $140.00' },
          { kind: 'lineTotal', label: 'Line total', before: '$250.00', after: '$280.00', text: 'Line total: $250.00 → $280.00' },
        ],
      },
    ]);
    expect(sameQuote(rev1, rev2)).toBe(false);
  });

  it('items added and removed, a quantity, an option chosen and one cleared, a renamed item', () => {
    const lamp: RevisionItem = { id: 20, title: 'Desk lamp', productId: 9, quantity: 3, options: [], unitPriceInCents: 15000, totalPriceInCents: 45000 };
    const rev2: RevisionSide = {
      items: [{ ...keypad, title: 'Kitchen keypad (island)', quantity: 4, options: [{ property: 'Finish', value: 'Satin Brass' }, { property: 'Engraving', value: 'LIGHTS' }], totalPriceInCents: 50000 }, lamp],
      costs: costs('$950.00', 95000, '$1,070.00', 107000, '$120.00'),
      details: details('Acme Interiors Ltd', 'PO-77'),
    };
    expect(revisionDiffLines(revisionDiff(rev1, rev2))).toEqual([
      'Kitchen keypad (island): Name: Kitchen keypad → Kitchen keypad (island)',
      'Kitchen keypad (island): Quantity: 2 → 4',
      'Kitchen keypad (island): Engraving: not chosen → LIGHTS',
      'Kitchen keypad (island): Buttons: 6 → not chosen',
      'Kitchen keypad (island): Line total: $250.00 → $500.00',
      'Added: Desk lamp (x3, $450.00)',
      'Removed: Hall outlet (x1, $40.00)',
      'Subtotal: $290.00 → $950.00',
      'Shipping: TBD → $120.00',
      'Total: $290.00 → $1,070.00',
      'Company: Acme Interiors → Acme Interiors Ltd',
      'PO #: none → PO-77',
    ]);
  });

  it('a discount line that appears and one that goes', () => {
    const withDiscount = { ...rev1, costs: [...costs('$290.00', 29000, '$261.00', 26100).slice(0, 1), { key: 'discount', label: 'Discount', text: '-$29.00', cents: -2900 }, ...costs('$290.00', 29000, '$261.00', 26100).slice(1)] };
    expect(revisionDiffLines(revisionDiff(rev1, withDiscount))).toEqual(['Discount: none → -$29.00', 'Total: $290.00 → $261.00']);
    expect(revisionDiffLines(revisionDiff(withDiscount, rev1))).toEqual(['Total: $261.00 → $290.00', 'Discount: -$29.00 → none']);
  });

  it('an item written again with a new id (restored) is the same item when product and title match', () => {
    const rev2: RevisionSide = { ...rev1, items: [{ ...keypad, id: 31 }, { ...outlet, id: 32, quantity: 2, totalPriceInCents: 8000 }] };
    expect(revisionDiffLines(revisionDiff(rev1, rev2))).toEqual(['Hall outlet: Quantity: 1 → 2', 'Hall outlet: Line total: $40.00 → $80.00']);
    // The same item twice: paired in order, one left over is added.
    const rev3: RevisionSide = { ...rev1, items: [{ ...keypad, id: 41 }, { ...keypad, id: 42 }, outlet] };
    expect(revisionDiffLines(revisionDiff(rev1, rev3))).toEqual(['Added: Kitchen keypad (x2, $250.00)']);
  });

  it('a reader who sees no prices gets the same changes without any amount', () => {
    const rev2: RevisionSide = {
      items: [{ ...keypad, options: [{ property: 'Finish', value: 'Aged Bronze' }, { property: 'Buttons', value: '6' }], unitPriceInCents: 14000, totalPriceInCents: 28000 }],
      costs: costs('$280.00', 28000, '$280.00', 28000),
      details: details('Acme Interiors'),
    };
    const d = revisionDiff(sideWithoutPrices(rev1), sideWithoutPrices(rev2));
    expect(revisionDiffLines(d)).toEqual(['Kitchen keypad: Finish: Satin Brass → Aged Bronze', 'Removed: Hall outlet (x1)']);
    expect(JSON.stringify(d)).not.toMatch(/\$/);
  });

  it('options listed twice for one property are compared as one value', () => {
    const multi = (values: string[]): RevisionSide => ({ items: [{ ...keypad, options: values.map((value) => ({ property: 'Add-ons', value })) }], details: [] });
    expect(revisionDiffLines(revisionDiff(multi(['USB', 'Night light']), multi(['USB'])))).toEqual(['Kitchen keypad: Add-ons: USB, Night light → USB']);
  });
});
