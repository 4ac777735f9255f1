import { useId, useMemo, useState } from 'react';
import { api } from '@cpq/client';
import { formatCents, type PricingRuleVersion, type PricingVersionImpact, type ProductPricingRule } from '@cpq/domain';
import { Button, ErrorPanel, LoadingScreen } from '@cpq/ui';
import { errorText, useLoad } from '../common/index.ts';
import { loadBenchOrder } from './benchData.ts';
import { ImpactDetails, ordersText, signed } from './ImpactFigures.tsx';
import { pricingRules } from './pricingApi.ts';
import type { PricingRuleRow } from './rules.ts';
import { benchPrices } from './testBench.ts';
import styles from './pricing.module.css';

export { signed };

/** How many recent orders the bench offers. */
const RECENT_ORDERS = 25;

/**
 * Tries a draft version before it is saved or published: on one existing order, every item priced
 * today and with the draft, in the browser, differences highlighted; and on every order it would
 * price, by the server (how many, the total change, the biggest changes). `draft` is null while the
 * text is not a valid pricing version.
 */
export function TestBench({ rule, versionKey, draft, isDraft = false }: { rule: PricingRuleRow; versionKey: string; draft: PricingRuleVersion | null; isDraft?: boolean }) {
  const selectId = useId();
  const recent = useLoad(() => api.ordersData({ orgId: rule.orgId, resultConstraints: { from: 0, to: RECENT_ORDERS } }), [rule.orgId]);
  const [chosen, setChosen] = useState<number | null>(null);

  if (recent.status === 'loading') return <LoadingScreen />;
  if (recent.status === 'error') return <ErrorPanel heading="The recent orders could not be loaded" detail={recent.error} onRetry={recent.reload} />;
  const orders = recent.data.productOrders;
  if (!orders.length) return <p className={styles.muted}>This organisation has no orders to try the draft on yet.</p>;

  return (
    <div className={styles.bench} data-testid="test-bench">
      <BenchImpact rule={rule} versionKey={versionKey} draft={draft} isDraft={isDraft} />
      <label className={styles.field} htmlFor={selectId}>
        <span>Order</span>
        <select id={selectId} value={chosen ?? ''} onChange={(e) => setChosen(e.target.value ? Number(e.target.value) : null)}>
          <option value="">Choose a recent order…</option>
          {orders.map((o) => (
            <option key={o.id} value={o.orgSpecificId}>
              #{o.orgSpecificId} {o.title}
            </option>
          ))}
        </select>
      </label>
      {chosen !== null ? <BenchOrder key={chosen} orgSpecificId={chosen} rule={rule} versionKey={versionKey} draft={draft} /> : null}
    </div>
  );
}

function BenchOrder({ orgSpecificId, rule, versionKey, draft }: { orgSpecificId: number; rule: PricingRuleRow; versionKey: string; draft: PricingRuleVersion | null }) {
  const load = useLoad(() => loadBenchOrder(rule.orgId, orgSpecificId), [rule.orgId, orgSpecificId]);
  const now = useMemo(() => new Date(), []);
  const result = useMemo(() => {
    if (load.status !== 'ready' || !draft) return null;
    try {
      return { ok: true as const, value: benchPrices({ ...load.data, rule: rule as ProductPricingRule, versionKey, draft, mode: 'force', now }) };
    } catch (e) {
      return { ok: false as const, error: errorText(e) };
    }
  }, [load, rule, versionKey, draft, now]);

  if (load.status === 'loading') return <LoadingScreen />;
  if (load.status === 'error') return <ErrorPanel heading="The order could not be loaded" detail={load.error} onRetry={load.reload} />;
  if (!draft) return <p className={styles.muted}>Fix the errors marked in the editor to try this draft.</p>;
  if (!result) return null;
  if (!result.ok) return <ErrorPanel heading="The draft could not be priced" detail={result.error} />;
  const r = result.value;
  if (!r.items.length) return <p className={styles.muted}>This order has no items.</p>;
  const ruled = new Set(load.data.rows.products.filter((p) => p.productPricingRuleId === rule.id).map((p) => p.id));
  const usesRule = r.items.some((i) => ruled.has(i.productId));
  return (
    <div>
      <p className={styles.muted}>
        Items of this rule are priced with the draft whatever the order's effective pricing date. Today's price uses the version the order's date selects.
        {usesRule ? '' : ' No item of this order uses this rule.'}
      </p>
      <table className={styles.benchTable} aria-label="Prices today and with the draft">
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col">Qty</th>
            <th scope="col">Today</th>
            <th scope="col">With draft</th>
            <th scope="col">Difference</th>
          </tr>
        </thead>
        <tbody>
          {r.items.map((i, n) => (
            <tr key={i.id ?? n} className={i.changed ? styles.changed : undefined} data-changed={i.changed || undefined}>
              <td>{i.title || `Item ${n + 1}`}</td>
              <td>{i.quantity}</td>
              <td>
                {formatCents(i.todayTotal)}
                <span className={styles.unit}> ({formatCents(i.todayUnit)} each)</span>
              </td>
              <td>
                {formatCents(i.draftTotal)}
                <span className={styles.unit}> ({formatCents(i.draftUnit)} each)</span>
              </td>
              <td>{i.changed ? signed(i.draftTotal - i.todayTotal) : '—'}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className={r.difference !== 0 ? styles.changed : undefined}>
            <th scope="row" colSpan={2}>
              Items total
            </th>
            <td data-testid="bench-total-today">{formatCents(r.totalToday)}</td>
            <td data-testid="bench-total-draft">{formatCents(r.totalDraft)}</td>
            <td>{r.difference !== 0 ? signed(r.difference) : '—'}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

type Priced = { status: 'idle' } | { status: 'loading' } | { status: 'error'; error: string } | { status: 'ready'; impact: PricingVersionImpact; draft: PricingRuleVersion };

/**
 * The draft on every existing order it would price, asked of the server on request (it prices all of
 * them): as if it were the published version under this key, at its date.
 */
function BenchImpact({ rule, versionKey, draft, isDraft }: { rule: PricingRuleRow; versionKey: string; draft: PricingRuleVersion | null; isDraft: boolean }) {
  const [priced, setPriced] = useState<Priced>({ status: 'idle' });
  const headingId = useId();
  const run = async () => {
    if (!draft) return;
    setPriced({ status: 'loading' });
    try {
      setPriced({ status: 'ready', impact: await pricingRules.impact(rule, versionKey, draft), draft });
    } catch (e) {
      setPriced({ status: 'error', error: errorText(e) });
    }
  };
  const stale = priced.status === 'ready' && priced.draft !== draft;
  return (
    <section className={styles.benchImpact} aria-labelledby={headingId} data-testid="bench-impact">
      <h3 id={headingId} className={styles.benchHeading}>
        Existing orders
      </h3>
      <p className={styles.muted}>
        {isDraft ? 'What publishing this draft would do' : 'What saving this text would do'} to every order it would price (their effective pricing dates choose the
        version, as they will), by item totals before discount, shipping and taxes.
      </p>
      {priced.status === 'loading' ? (
        <p role="status" className={styles.muted}>
          Pricing existing orders…
        </p>
      ) : priced.status === 'error' ? (
        <p role="alert" className={styles.saveError}>
          The existing orders could not be priced: {priced.error}
        </p>
      ) : priced.status === 'ready' ? (
        <div data-testid="bench-impact-figures">
          {priced.impact.orders === 0 ? (
            <p>No existing order would be priced by this version now.</p>
          ) : (
            <>
              <p>
                It would price {ordersText(priced.impact.orders)}: their items' total changes by <strong>{signed(priced.impact.totalChangeInCents)}</strong>;{' '}
                {priced.impact.changedOrders} of them change.
              </p>
              <ImpactDetails impact={priced.impact} />
            </>
          )}
          {stale ? <p className={styles.muted}>The draft has changed since: price the orders again to see its effect.</p> : null}
        </div>
      ) : null}
      {!draft ? <p className={styles.muted}>Fix the errors marked in the editor to try this draft.</p> : null}
      <Button variant="secondary" onClick={() => void run()} disabled={!draft || priced.status === 'loading'}>
        {priced.status === 'idle' ? 'Price existing orders' : 'Price existing orders again'}
      </Button>
    </section>
  );
}
