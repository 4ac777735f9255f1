import { memo, useState } from 'react';
import { completenessText, formatCents, isCustomProduct, salesExplanation, type PriceExplanation } from '@cpq/domain';
import { EMPTY_CART_TEXT } from './logic.ts';
import { explanationView, mismatchMessage, PRICE_RULE_FAILED_TEXT } from '../pricing.ts';
import type { ItemView } from './itemViews.ts';
import type { Instance } from './writes.ts';
import { Thumbnail } from '@cpq/ui';
import styles from './Editor.module.css';
import pictures from './Pictures.module.css';

export interface CartProps {
  items: readonly Instance[];
  views: ReadonlyMap<number, ItemView>;
  activeId: number | null;
  pricingHidden: boolean;
  employee: boolean;
  readOnly: boolean;
  wordingOrder: string;
  onSelect(id: number): void;
  onQuantity(id: number, quantity: number): void;
  onDelete(id: number): void;
  explain(id: number): PriceExplanation | null;
}

/**
 * How many rows to draw: the rows, in cart order, whose views are in. A long order's first frame has
 * the first rows' views only (useItemViews); the others come in a transition, drawn as React can
 * interrupt it, below the fold, so nothing on screen moves.
 */
function rowsWithViews(items: readonly Instance[], views: ReadonlyMap<number, ItemView>): number {
  let n = 0;
  while (n < items.length && views.has(items[n]!.id)) n++;
  return n;
}

/** The cart side panel: one light row per item (the explanation is built and drawn only when opened). */
export function Cart(p: CartProps) {
  const shown = rowsWithViews(p.items, p.views);
  return (
    <section className={styles.cart} aria-labelledby="cfg-cart-heading" data-testid="cart" data-tour="cart">
      <h2 id="cfg-cart-heading" className={styles.panelTitle}>
        Cart
      </h2>
      {p.items.length === 0 ? (
        <p className={styles.muted} data-testid="cart-empty">
          {EMPTY_CART_TEXT}
        </p>
      ) : (
        <ol className={styles.cartList} data-testid="item-list">
          {(shown < p.items.length ? p.items.slice(0, shown) : p.items).map((item) => (
            // Only the row's own values: a row whose item, view and active state are unchanged is not drawn again.
            <CartRow
              key={item.id}
              item={item}
              view={p.views.get(item.id)!}
              active={item.id === p.activeId}
              pricingHidden={p.pricingHidden}
              employee={p.employee}
              readOnly={p.readOnly}
              wordingOrder={p.wordingOrder}
              onSelect={p.onSelect}
              onQuantity={p.onQuantity}
              onDelete={p.onDelete}
              explain={p.explain}
            />
          ))}
        </ol>
      )}
    </section>
  );
}

const CartRow = memo(function CartRow({ item, view, active, pricingHidden, employee, readOnly, wordingOrder, onSelect, onQuantity, onDelete, explain }: Omit<CartProps, 'items' | 'views' | 'activeId'> & { item: Instance; view: ItemView; active: boolean }) {
  return (
    <li
      className={`${styles.cartRow} ${active ? styles.cartRowActive : ''}`}
      data-testid={`item-row-${item.id}`}
      data-valid={view.valid ? '1' : '0'}
      {...(view.serverValid !== null ? { 'data-server-valid': view.serverValid ? '1' : '0' } : {})}
    >
      <div className={styles.cartHead}>
        <span className={styles.rank} data-testid="item-rank">
          {item.rank}
        </span>
        <Thumbnail src={view.thumbnailUrl} size="md" className={pictures.cartThumb} />
        <button type="button" className={`${styles.cartTitle} ${view.valid ? '' : styles.invalid}`} onClick={() => onSelect(item.id)} aria-current={active ? 'true' : undefined} data-testid="item-title">
          {view.title}
          {!view.valid && <span className={styles.srOnly}> (invalid configuration)</span>}
        </button>
        {!readOnly && (
          <button type="button" className={styles.iconButton} onClick={() => onDelete(item.id)} aria-label={`Delete ${view.title}`} data-testid="cart-delete">
            ×
          </button>
        )}
      </div>
      {isCustomProduct(item.productId) && view.productTitle && (
        <p className={styles.cartSummary} data-testid="item-custom">
          {view.productTitle}
        </p>
      )}
      {view.summary.length > 0 && (
        <p className={styles.cartSummary} data-testid="item-summary">
          {view.summary.map((s, i) => (
            <span key={s.propertyId}>
              {i > 0 && ', '}
              {s.property}: <span className={s.isError ? styles.invalid : undefined}>{s.value}</span>
            </span>
          ))}
        </p>
      )}
      {!readOnly && (
        <p className={view.completeness.complete ? styles.cartComplete : styles.cartIncomplete} data-testid="item-completeness" data-complete={view.completeness.complete ? '1' : '0'}>
          {completenessText(view.completeness)}
        </p>
      )}
      <div className={styles.cartFoot}>
        <span className={styles.stepper}>
          {!readOnly && item.quantity > 1 && (
            <button type="button" className={styles.stepButton} onClick={() => onQuantity(item.id, item.quantity - 1)} aria-label={`One fewer ${view.title}`} data-testid="qty-decrement">
              −
            </button>
          )}
          <span className={styles.qty} data-testid="item-quantity" aria-label={`Quantity ${item.quantity}`}>
            {item.quantity}
          </span>
          {!readOnly && (
            <button type="button" className={styles.stepButton} onClick={() => onQuantity(item.id, item.quantity + 1)} aria-label={`One more ${view.title}`} data-testid="qty-increment">
              +
            </button>
          )}
        </span>
        {!pricingHidden && (
          <span className={styles.prices}>
            <span className={styles.unitPrice}>
              <span data-testid="item-unit-price" data-cents={view.unitPriceInCents} {...(view.serverUnitPriceInCents !== null ? { 'data-server-cents': view.serverUnitPriceInCents } : {})}>
                {formatCents(view.unitPriceInCents)}
              </span>{' '}
              each
            </span>
            <span className={styles.lineTotal} data-testid="item-total-price" data-cents={view.totalPriceInCents}>
              {formatCents(view.totalPriceInCents)}
            </span>
          </span>
        )}
      </div>
      {!pricingHidden && employee && view.priceRuleFailures.length > 0 && (
        <div className={styles.ruleFailed} role="note" data-testid="price-rule-failed">
          <p>
            {PRICE_RULE_FAILED_TEXT}: check this price before the {wordingOrder} goes out.
          </p>
          <ul>
            {view.priceRuleFailures.map((t, n) => (
              <li key={n}>{t}</li>
            ))}
          </ul>
        </div>
      )}
      {!pricingHidden && view.priceMismatch && (
        <p className={styles.mismatch} role="status" data-testid="price-mismatch">
          {mismatchMessage(view.serverUnitPriceInCents ?? 0)}
        </p>
      )}
      {!pricingHidden && <WhyThisPrice build={() => explain(item.id)} employee={employee} shown={{ unitPriceInCents: view.unitPriceInCents, totalPriceInCents: view.totalPriceInCents }} />}
    </li>
  );
});

/** "Why this price": the explanation is built when opened; employees can also open the technical detail. */
export function WhyThisPrice({ build, employee, shown }: { build: () => PriceExplanation | null; employee: boolean; /** The price the page shows (a locked order's kept price). */ shown?: Shown }) {
  const [open, setOpen] = useState(false);
  return (
    <details className={styles.why} data-testid="why-this-price" onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}>
      <summary>Why this price</summary>
      {open && <Explanation explanation={build()} employee={employee} shown={shown} />}
    </details>
  );
}

type Shown = { unitPriceInCents: number; totalPriceInCents: number };

/** A locked order shows the price it was submitted with; the engine explains today's price. Said when they differ. */
function KeptPriceNote({ explanation, shown }: { explanation: PriceExplanation; shown?: Shown }) {
  if (!shown || (shown.unitPriceInCents === explanation.unitPriceInCents && shown.totalPriceInCents === explanation.totalPriceInCents)) return null;
  return (
    <p className={styles.whyKept} data-testid="why-kept-price">
      This item keeps the price it had when the order was submitted: {formatCents(shown.unitPriceInCents)} each, {formatCents(shown.totalPriceInCents)} in all. Below is how
      today&apos;s prices would make it {formatCents(explanation.totalPriceInCents)}.
    </p>
  );
}

/**
 * The explanation in sales language for everyone (base price, options, discounts, rounding, unit price ×
 * quantity); employees also get the engine's trace (rule, version, every step and running total)
 * behind "Show technical detail" (decision 0088).
 */
function Explanation({ explanation, employee, shown }: { explanation: PriceExplanation | null; employee: boolean; shown?: Shown }) {
  if (!explanation) return <p className={styles.muted}>No explanation is available for this item.</p>;
  const sales = salesExplanation(explanation, employee ? 'employee' : 'customer');
  return (
    <div className={styles.whyBody}>
      <KeptPriceNote explanation={explanation} shown={shown} />
      {sales.steps.length > 0 && (
        <ul className={styles.whyLines} data-testid="why-steps">
          {sales.steps.map((s, i) => (
            <li key={i} data-kind={s.kind} className={s.kind === 'notPriced' ? styles.whyNotPriced : undefined}>
              <span>{s.label}</span>
              <span className={styles.whyAmount}>{s.amount}</span>
            </li>
          ))}
        </ul>
      )}
      <p className={styles.whyResult} data-testid="why-result">
        {sales.result}
      </p>
      {employee && <TechnicalDetail explanation={explanation} />}
    </div>
  );
}

/** The engine's own account of the price: for employees checking or fixing a pricing rule. */
function TechnicalDetail({ explanation }: { explanation: PriceExplanation }) {
  const x = explanationView(explanation);
  return (
    <details className={styles.whyTechnical} data-testid="why-technical">
      <summary>Show technical detail</summary>
      {x.intro.map((line, i) => (
        <p key={`i${i}`}>{line}</p>
      ))}
      {x.rows.length > 0 && (
        <table className={styles.steps}>
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">Step</th>
              <th scope="col">Effect</th>
              <th scope="col">Total</th>
            </tr>
          </thead>
          <tbody>
            {x.rows.map((r) => (
              <tr key={r.path} className={r.status === 'applied' ? undefined : styles.skipped}>
                <td>{r.path}</td>
                <td style={r.depth ? { paddingLeft: `${r.depth * 12 + 4}px` } : undefined}>
                  {r.label}
                  <span className={styles.stepDetail}>{r.detail}</span>
                </td>
                <td>{r.contribution || '—'}</td>
                <td>{r.runningTotal}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {x.outro.map((line, i) => (
        <p key={`o${i}`}>{line}</p>
      ))}
    </details>
  );
}
