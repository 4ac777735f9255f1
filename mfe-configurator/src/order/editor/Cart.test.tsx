// @vitest-environment jsdom
// A long order's cart draws the rows whose views are in (the first rows with the page's first frame,
// the rest once useItemViews has them), always a run from the top in rank order.
import { afterEach, describe, expect, it } from 'vitest';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { Cart } from './Cart.tsx';
import { FIRST_ROWS } from './useItemViews.ts';
import { engine, item } from './fixtures.test-utils.ts';
import { itemView } from './itemViews.ts';
import { order } from './fixtures.test-utils.ts';

let root: Root | null = null;
afterEach(() => {
  root?.unmount();
  root = null;
  document.body.innerHTML = '';
});

function drawCart(count: number, withViews = count) {
  const e = engine();
  const items = Array.from({ length: count }, (_, n) => item({ id: n + 1, rank: n + 1, title: `Keypad ${n + 1}` }));
  const views = new Map(items.slice(0, withViews).map((i) => [i.id, itemView(i, e, order())]));
  const host = document.body.appendChild(document.createElement('div'));
  root = createRoot(host);
  const r = root;
  // The first frame as the browser gets it: rendered at once, before effects and transitions run.
  flushSync(() =>
    r.render(
      <Cart items={items} views={views} activeId={1} pricingHidden={false} employee readOnly={false} wordingOrder="quote" onSelect={() => undefined} onQuantity={() => undefined} onDelete={() => undefined} explain={() => null} />,
    ),
  );
  return () => [...host.querySelectorAll('[data-testid^="item-row-"]')].map((row) => row.getAttribute('data-testid'));
}

describe('the cart of a long order', () => {
  it('draws the rows whose views are in, from the top in rank order', () => {
    const rows = drawCart(FIRST_ROWS + 20, FIRST_ROWS);
    expect(rows()).toEqual(Array.from({ length: FIRST_ROWS }, (_, n) => `item-row-${n + 1}`));
  });

  it('draws every row once every view is in', () => {
    const rows = drawCart(FIRST_ROWS + 20);
    expect(rows()).toEqual(Array.from({ length: FIRST_ROWS + 20 }, (_, n) => `item-row-${n + 1}`));
  });

  it('draws a short order whole in the first frame', () => {
    const rows = drawCart(FIRST_ROWS);
    expect(rows()).toHaveLength(FIRST_ROWS);
  });
});
