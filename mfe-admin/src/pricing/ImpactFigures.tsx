import { formatCents, type PricingVersionImpact } from '@cpq/domain';
import styles from './pricing.module.css';

/** Money with its sign: +$1.00, −$1.00, $0.00. */
export function signed(cents: number): string {
  return cents > 0 ? `+${formatCents(cents)}` : cents < 0 ? `−${formatCents(-cents)}` : formatCents(0);
}

/** "1 existing order", "3 existing orders". */
export const ordersText = (n: number) => `${n} existing ${n === 1 ? 'order' : 'orders'}`;

/**
 * Below the sentence that sums up what a version would do to existing orders (as the server priced
 * them: item totals, before discount, shipping and taxes): items whose pricing fails with it, and
 * the biggest changes, largest first.
 */
export function ImpactDetails({ impact }: { impact: PricingVersionImpact }) {
  const { biggestChanges, failedItems } = impact;
  return (
    <>
      {failedItems > 0 ? (
        <p className={styles.impactWarning}>
          {failedItems} {failedItems === 1 ? 'item has' : 'items have'} an expression that fails with this version (it counts as 0): check it with the test bench.
        </p>
      ) : null}
      {biggestChanges.length ? <BiggestChanges impact={impact} /> : null}
    </>
  );
}

function BiggestChanges({ impact }: { impact: PricingVersionImpact }) {
  const { biggestChanges, changedOrders } = impact;
  return (
    <table className={styles.benchTable} data-testid="impact-changes">
      <caption className={styles.impactCaption}>{changedOrders > biggestChanges.length ? `The ${biggestChanges.length} biggest changes` : 'Changes by order'}</caption>
      <thead>
        <tr>
          <th scope="col">Order</th>
          <th scope="col">Items today</th>
          <th scope="col">With this version</th>
          <th scope="col">Change</th>
        </tr>
      </thead>
      <tbody>
        {biggestChanges.map((c) => (
          <tr key={c.orderId}>
            <th scope="row">
              #{c.orgSpecificId} {c.title}
            </th>
            <td>{formatCents(c.beforeInCents)}</td>
            <td>{formatCents(c.afterInCents)}</td>
            <td>{signed(c.changeInCents)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
