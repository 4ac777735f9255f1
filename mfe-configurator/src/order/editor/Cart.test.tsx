// @vitest-environment jsdom
// A long order's cart draws its first rows with the page's first frame and the rest right after, in a
// transition: every row ends up in the list, in rank order.
import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { Cart, FIRST_ROWS } from './Cart.tsx';
import { engine, item } from './fixtures.test-utils.ts';
import { itemView } from './itemViews.ts';
import { order } from './fixtures.test-utils.ts';

let root: Root | null = null;
afterEach(() => {
  root?.unmount();
  root = null;
  document.body.innerHTML = '';
});

function drawCart(count: number) {
  const e = engine();
  const items = Array.from({ length: count }, (_, n) => item({ id: n + 1, rank: n + 1, title: `Keypad ${n + 1}` }));
  const views = new Map(items.map((i) => [i.id, itemView(i, e, order())]));
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
  it(`draws ${FIRST_ROWS} rows first, then every row in rank order`, async () => {
    const rows = drawCart(FIRST_ROWS + 20);
    expect(rows()).toHaveLength(FIRST_ROWS);
    await waitFor(() => expect(rows()).toHaveLength(FIRST_ROWS + 20));
    expect(rows()).toEqual(Array.from({ length: FIRST_ROWS + 20 }, (_, n) => `item-row-${n + 1}`));
  });

  it('draws a short order whole in the first frame', () => {
    const rows = drawCart(FIRST_ROWS);
    expect(rows()).toHaveLength(FIRST_ROWS);
  });
});
