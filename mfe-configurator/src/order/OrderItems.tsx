import { useMemo } from 'react';
import { formatCents, type EngineHooks, type OrderPricingFields, type OrgDesignEngineSettings, type PriceExplanation } from '@cpq/domain';
import { measureTextBrowser } from '../shared/measureText.ts';
import styles from './OrderItems.module.css';
import {
  buildOrderView,
  costLines,
  explanationView,
  mismatchMessage,
  PRICE_RULE_FAILED_TEXT,
  type BuildOrderViewInput,
  type ItemView,
  type OrderDataLike,
  type OrderView,
} from './pricing.ts';

export const EMPTY_CART_TEXT = 'There are no items in the cart';

export interface OrderItemsProps {
  data: OrderDataLike;
  order: OrderPricingFields & BuildOrderViewInput['order'];
  hooks: EngineHooks;
  orgSettings: OrgDesignEngineSettings | null;
  pricingHidden: boolean;
  /** Employees see which pricing steps failed (rule, version, step); no one else does. */
  showRuleFailures: boolean;
  /** The organisation's word for an order ("quote", "project", "order"). */
  wordingOrder: string;
}

/** The order's items (cart rows) and price summary, priced and validated in the browser. Read-only. */
export function OrderItems({ data, order, hooks, orgSettings, pricingHidden, showRuleFailures, wordingOrder }: OrderItemsProps) {
  const view = useMemo<OrderView>(
    () => buildOrderView({ data, order, hooks, orgSettings, now: new Date(), measureText: measureTextBrowser, explain: !pricingHidden }),
    [data, order, hooks, orgSettings, pricingHidden],
  );

  return (
    <>
      <section className={styles.section} aria-labelledby="cfg-items-heading" data-testid="order-items">
        <h2 id="cfg-items-heading" className={styles.heading}>
          Items in this {wordingOrder}
        </h2>
        {view.items.length === 0 ? (
          <p className={styles.empty} data-testid="cart-empty">
            {EMPTY_CART_TEXT}
          </p>
        ) : (
          <>
            <div className={`${styles.row} ${styles.columns} ${pricingHidden ? styles.noPrices : ''}`} aria-hidden="true">
              <span className={styles.rank}>#</span>
              <span>Item</span>
              <span className={styles.num}>Qty</span>
              {!pricingHidden && <span className={styles.num}>Unit price</span>}
              {!pricingHidden && <span className={styles.num}>Total</span>}
            </div>
            <ol className={styles.list} data-testid="item-list">
              {view.items.map((item) => (
                <ItemRow key={item.id} item={item} pricingHidden={pricingHidden} showRuleFailures={showRuleFailures} wordingOrder={wordingOrder} />
              ))}
            </ol>
          </>
        )}
      </section>
      {!pricingHidden && <PriceSummary view={view} wordingOrder={wordingOrder} />}
    </>
  );
}

function ItemRow({ item, pricingHidden, showRuleFailures, wordingOrder }: { item: ItemView; pricingHidden: boolean; showRuleFailures: boolean; wordingOrder: string }) {
  const errors = item.issues.filter((i) => i.severity === 'error');
  const warnings = item.issues.filter((i) => i.severity !== 'error');
  return (
    <li
      className={`${styles.item} ${pricingHidden ? styles.noPrices : ''}`}
      data-testid={`item-row-${item.id}`}
      data-valid={item.valid ? '1' : '0'}
      {...(item.serverValid !== null ? { 'data-server-valid': item.serverValid ? '1' : '0' } : {})}
    >
      <div className={styles.row}>
        <span className={styles.rank} data-testid="item-rank">
          {item.rank}
        </span>
        <div className={styles.main}>
          <p className={`${styles.itemTitle} ${item.valid ? '' : styles.invalid}`} data-testid="item-title">
            {item.title}
            {!item.valid && <span className={styles.srOnly}> (invalid configuration)</span>}
          </p>
          {item.productTitle && <p className={styles.product}>{item.productTitle}</p>}
          {item.summary.length > 0 && (
            <p className={styles.summary} data-testid="item-summary">
              {item.summary.map((p, i) => (
                <span key={p.propertyId}>
                  {i > 0 && ', '}
                  {p.property}: <span className={p.isError ? styles.optionError : undefined}>{p.value}</span>
                </span>
              ))}
            </p>
          )}
          {(errors.length > 0 || warnings.length > 0) && (
            <ul className={styles.issues} data-testid="item-issues">
              {errors.map((i, n) => (
                <li key={`e${n}`} className={styles.issueError}>
                  {i.message}
                </li>
              ))}
              {warnings.map((i, n) => (
                <li key={`w${n}`} className={styles.issueWarning}>
                  {i.message}
                </li>
              ))}
            </ul>
          )}
        </div>
        <span className={styles.num} data-testid="item-quantity">
          {item.quantity}
        </span>
        {!pricingHidden && (
          <>
            <span
              className={styles.num}
              data-testid="item-unit-price"
              data-cents={item.unitPriceInCents}
              {...(item.serverUnitPriceInCents !== null ? { 'data-server-cents': item.serverUnitPriceInCents } : {})}
            >
              {formatCents(item.unitPriceInCents)}
            </span>
            <span className={`${styles.num} ${styles.lineTotal}`} data-testid="item-total-price" data-cents={item.totalPriceInCents}>
              {formatCents(item.totalPriceInCents)}
            </span>
          </>
        )}
      </div>
      {!pricingHidden && showRuleFailures && item.priceRuleFailures.length > 0 && (
        <div className={styles.ruleFailed} role="note" data-testid="price-rule-failed">
          <p className={styles.ruleFailedHeading}>
            {PRICE_RULE_FAILED_TEXT}: check this price before the {wordingOrder} goes out.
          </p>
          <ul>
            {item.priceRuleFailures.map((text, n) => (
              <li key={n}>{text}</li>
            ))}
          </ul>
        </div>
      )}
      {!pricingHidden && item.priceMismatch && (
        <p className={styles.mismatch} role="status" data-testid="price-mismatch">
          {mismatchMessage(item.serverUnitPriceInCents ?? 0)}
        </p>
      )}
      {!pricingHidden && item.explanation && <WhyThisPrice explanation={item.explanation} />}
    </li>
  );
}

function WhyThisPrice({ explanation }: { explanation: PriceExplanation }) {
  const x = explanationView(explanation);
  return (
    <details className={styles.why} data-testid="why-this-price">
      <summary>Why this price</summary>
      <div className={styles.whyBody}>
        {x.intro.map((line, i) => (
          <p key={`i${i}`}>{line}</p>
        ))}
        {x.rows.length > 0 && (
          <table className={styles.steps}>
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">Expression</th>
                <th scope="col" className={styles.num}>
                  Value
                </th>
                <th scope="col" className={styles.num}>
                  Effect
                </th>
                <th scope="col" className={styles.num}>
                  Running total
                </th>
              </tr>
            </thead>
            <tbody>
              {x.rows.map((r) => (
                <tr key={r.path} className={r.status === 'applied' ? undefined : r.status === 'skipped' ? styles.skipped : styles.failed}>
                  <td className={styles.path}>{r.path}</td>
                  <td style={r.depth ? { paddingLeft: `${r.depth * 16 + 6}px` } : undefined}>
                    <span className={styles.stepLabel}>{r.label}</span>
                    <span className={styles.stepDetail}>{r.detail}</span>
                  </td>
                  <td className={styles.num}>{r.value ? `${r.operator} ${r.value}` : ''}</td>
                  <td className={styles.num}>{r.contribution || '—'}</td>
                  <td className={styles.num}>{r.runningTotal}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {x.outro.map((line, i) => (
          <p key={`o${i}`} className={i === x.outro.length - 1 ? styles.result : undefined}>
            {line}
          </p>
        ))}
      </div>
    </details>
  );
}

function PriceSummary({ view, wordingOrder }: { view: OrderView; wordingOrder: string }) {
  const lines = costLines(view.costs);
  return (
    <section className={styles.section} aria-labelledby="cfg-summary-heading" data-testid="price-summary">
      <h2 id="cfg-summary-heading" className={styles.heading}>
        Price summary
      </h2>
      <dl className={styles.costs}>
        {lines.map((l) => (
          <div key={l.key} className={l.emphasis ? styles.totalLine : undefined} data-testid={`cost-${l.key}`}>
            <dt>{l.label}</dt>
            {l.key === 'total' ? (
              <dd
                data-testid="order-total"
                data-cents={view.costs.orderTotal}
                {...(view.serverTotalInCents !== null ? { 'data-server-cents': view.serverTotalInCents } : {})}
              >
                {l.text}
              </dd>
            ) : (
              <dd>{l.text}</dd>
            )}
          </div>
        ))}
      </dl>
      {view.totalMismatch && view.serverTotalInCents !== null && (
        <p className={styles.mismatch} role="status" data-testid="total-mismatch">
          The {wordingOrder} total differs from the saved total ({formatCents(view.serverTotalInCents)}); reload to refresh.
        </p>
      )}
    </section>
  );
}
