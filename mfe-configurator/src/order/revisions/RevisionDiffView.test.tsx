// @vitest-environment jsdom
// What changed between two revisions, as the order page draws it (worked examples written from the rule).
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { revisionDiff, sideWithoutPrices, type RevisionItem } from '@cpq/domain';
import { RevisionDiffView } from './RevisionDiffView.tsx';
import { keypad, side } from './fixtures.test-utils.ts';
import styles from './RevisionDiffView.module.css';

afterEach(cleanup);

const porch: RevisionItem = { id: 2, title: 'Porch light', productId: 2, quantity: 1, options: [], unitPriceInCents: 8000, totalPriceInCents: 8000 };
const hallway: RevisionItem = { id: 3, title: 'Hallway Keypad', productId: 1, quantity: 3, options: [], unitPriceInCents: 15000, totalPriceInCents: 45000 };

/** Revision 1: the kitchen keypad x2 in Satin Brass at $100.00, a porch light at $80.00; $280.00; no PO number. */
const before = side([keypad(), porch], {
  costs: [
    { key: 'subtotal', label: 'Subtotal', text: '$280.00', cents: 28000 },
    { key: 'total', label: 'Total', text: '$280.00', cents: 28000 },
  ],
});
/** Revision 2: the keypad x4 in Aged Bronze at $110.00, three hallway keypads instead of the porch light; $890.00; PO-77. */
const after = side(
  [
    keypad({
      quantity: 4,
      options: [
        { property: 'Finish', value: 'Aged Bronze' },
        { property: 'Plate', value: 'Small' },
      ],
      unitPriceInCents: 11000,
      totalPriceInCents: 44000,
    }),
    hallway,
  ],
  {
    costs: [
      { key: 'subtotal', label: 'Subtotal', text: '$890.00', cents: 89000 },
      { key: 'total', label: 'Total', text: '$890.00', cents: 89000 },
    ],
    details: [
      { key: 'title', label: 'Order name', value: 'Maple Street Renovation' },
      { key: 'purchaseOrderNumber', label: 'PO #', value: 'PO-77' },
    ],
  },
);

const texts = (els: HTMLElement[]) => els.map((e) => e.textContent);

describe('RevisionDiffView', () => {
  it('shows the changed item by its title then its lines, the added and removed items, the price summary, then the details', () => {
    render(<RevisionDiffView diff={revisionDiff(before, after)} />);
    const view = screen.getByTestId('revision-diff');
    const changed = within(view).getAllByTestId('diff-item');
    expect(changed).toHaveLength(1);
    expect(within(changed[0]!).getByTestId('diff-item-title').textContent).toBe('Kitchen keypad');
    // Quantity before the options, then the prices: the order a line of the quote reads in.
    expect(texts(within(changed[0]!).getAllByTestId('diff-line'))).toEqual([
      'Quantity: 2 → 4',
      'Finish: Satin Brass → Aged Bronze',
      'Unit price: $100.00 → $110.00',
      'Line total: $200.00 → $440.00',
    ]);
    expect(within(view).getByTestId('diff-added').textContent).toBe('Added: Hallway Keypad (x3, $450.00)');
    expect(within(view).getByTestId('diff-removed').textContent).toBe('Removed: Porch light (x1, $80.00)');
    expect(texts(within(within(view).getByRole('list', { name: 'Price summary' })).getAllByTestId('diff-line'))).toEqual(['Subtotal: $280.00 → $890.00', 'Total: $280.00 → $890.00']);
    expect(texts(within(within(view).getByRole('list', { name: 'Details' })).getAllByTestId('diff-line'))).toEqual(['PO #: none → PO-77']);
    // In the page's reading order: items, then the summary, then the details.
    expect(view.textContent!.indexOf('Removed: Porch light')).toBeLessThan(view.textContent!.indexOf('Subtotal'));
    expect(view.textContent!.indexOf('Total: $280.00')).toBeLessThan(view.textContent!.indexOf('PO #'));
  });

  it('keeps each line one sentence while setting the before apart from the after', () => {
    render(<RevisionDiffView diff={revisionDiff(before, after)} />);
    const finish = screen.getAllByTestId('diff-line').find((l) => l.textContent!.startsWith('Finish'))!;
    const was = within(finish).getByText('Satin Brass');
    const now = within(finish).getByText('Aged Bronze');
    // Two elements of their own, neither hidden from a screen reader, inside one list item.
    expect(was).not.toBe(now);
    expect(was.className).toBe(styles.before);
    expect(now.className).toBe(styles.after);
    expect(finish.querySelector('[aria-hidden="true"]')).toBeNull();
    expect(finish.textContent).toBe('Finish: Satin Brass → Aged Bronze');
    // "none" is no value that was taken away: not struck through.
    const po = screen.getAllByTestId('diff-line').find((l) => l.textContent!.startsWith('PO #'))!;
    expect(within(po).getByText('none').className).toBe(styles.empty);
    expect(within(po).getByText('PO-77').className).toBe(styles.after);
  });

  it('shows no amount to a reader who sees no prices', () => {
    render(<RevisionDiffView diff={revisionDiff(sideWithoutPrices(before), sideWithoutPrices(after))} />);
    expect(texts(screen.getAllByTestId('diff-line'))).toEqual(['Quantity: 2 → 4', 'Finish: Satin Brass → Aged Bronze', 'PO #: none → PO-77']);
    expect(screen.getByTestId('diff-added').textContent).toBe('Added: Hallway Keypad (x3)');
    expect(screen.queryByRole('list', { name: 'Price summary' })).toBeNull();
  });

  it('says "No changes." when nothing changed', () => {
    render(<RevisionDiffView diff={revisionDiff(before, before)} />);
    expect(screen.getByTestId('revision-diff').textContent).toBe('No changes.');
    expect(screen.queryAllByTestId('diff-line')).toHaveLength(0);
  });
});
