import type { MouseEvent } from 'react';
import { navigateToUrl } from 'single-spa';
import type { OrdersListRow } from '@cpq/domain';
import type { OrdersColumnKey, OrdersListRules, Wording } from '@cpq/plugin-sdk';
import { Link } from '@cpq/ui';
import { AcceptedBadge } from './AcceptedBadge.tsx';
import { badgeColumn, cellText, columnTitle, NUMERIC_COLUMNS, type CellContext } from './columns.ts';
import { capitalize } from './format.ts';
import { RowMenu } from './RowMenu.tsx';
import { statusCell } from './status.ts';
import styles from './OrdersPage.module.css';

export interface OrdersTableProps {
  rows: readonly OrdersListRow[];
  columns: readonly OrdersColumnKey[];
  rules: OrdersListRules;
  wording: Wording;
  ctx: CellContext;
  caption: string;
  /** A refetch is running: the rows stay, dimmed. */
  stale: boolean;
  /** Ids of orders whose archive change is running. */
  busyIds: ReadonlySet<number>;
  onToggleArchived: (row: OrdersListRow) => void;
}

export function orderHref(row: Pick<OrdersListRow, 'orgSpecificId'>): string {
  return `/orders/${row.orgSpecificId}`;
}

/** Only web addresses become links: the field is free text typed by users. */
function safeWebUrl(text: string): string | null {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The list's rows as a table: each row opens its order; the first cell's link is the keyboard target. */
export function OrdersTable({ rows, columns, rules, wording, ctx, caption, stale, busyIds, onToggleArchived }: OrdersTableProps) {
  const onRowClick = (e: MouseEvent<HTMLTableRowElement>, href: string) => {
    const target = e.target as Element;
    // Controls in the row do their own thing; selecting text is not a click on the row.
    if (target.closest('a, button, input, select, [role="menu"]')) return;
    if (window.getSelection()?.toString()) return;
    if (e.metaKey || e.ctrlKey || e.button === 1) window.open(href, '_blank', 'noopener');
    else navigateToUrl(href);
  };
  const badgeAt = badgeColumn(columns);

  return (
    <table className={`${styles.table} ${stale ? styles.stale : ''}`} aria-busy={stale || undefined} data-testid="orders-table">
      <caption className={styles.visuallyHidden}>{caption}</caption>
      <thead>
        <tr>
          {columns.map((key) => (
            <th key={key} scope="col" className={NUMERIC_COLUMNS.includes(key) ? styles.numeric : undefined} data-column={key}>
              {columnTitle(key, rules, wording)}
            </th>
          ))}
          <th scope="col" className={styles.actionsCell}>
            <span className={styles.visuallyHidden}>Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const href = orderHref(row);
          return (
            <tr key={row.id} className={styles.row} data-testid="order-row" data-order={row.orgSpecificId} onClick={(e) => onRowClick(e, href)}>
              {columns.map((key, i) => (
                <td key={key} className={NUMERIC_COLUMNS.includes(key) ? styles.numeric : undefined} data-column={key}>
                  {i === 0 ? (
                    <Link href={href} className={styles.rowLink}>
                      {cellText(key, row, ctx) || `${capitalize(wording.order)} #${row.orgSpecificId}`}
                    </Link>
                  ) : (
                    <Cell column={key} row={row} ctx={ctx} />
                  )}
                  {key === 'title' && row.pricingFailed && <PriceRuleFailed />}
                  {key === badgeAt && <AcceptedBadge row={row} className={styles.cellBadge} />}
                </td>
              ))}
              <td className={styles.actionsCell}>
                <RowMenu
                  label={`More options for ${wording.order} #${row.orgSpecificId}`}
                  testId="row-menu"
                  items={[
                    {
                      label: row.archived ? 'Unarchive Order' : 'Archive Order',
                      disabled: busyIds.has(row.id),
                      onSelect: () => onToggleArchived(row),
                    },
                  ]}
                />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** The order page's wording for an item whose price rule failed (employees only get the flag). */
export const PRICE_RULE_FAILED_TEXT = 'Price rule failed';

export function PriceRuleFailed() {
  return (
    <span className={styles.priceRuleFailed} role="img" aria-label={PRICE_RULE_FAILED_TEXT} title={PRICE_RULE_FAILED_TEXT} data-testid="price-rule-failed">
      ⚠
    </span>
  );
}

/** One column's value as the list shows it (status with its mismatch hint, links, a dash when empty). */
export function Cell({ column, row, ctx }: { column: OrdersColumnKey; row: OrdersListRow; ctx: CellContext }) {
  if (column === 'status') {
    const s = statusCell(row, ctx.statuses, ctx.guest);
    if (!s.mismatch) return s.title ? <>{s.title}</> : <Empty />;
    const hint = `Differs from the recorded status${s.storedTitle ? ` (${s.storedTitle})` : ''}`;
    return (
      <span className={styles.statusMismatch} title={hint} data-testid="status-mismatch">
        <span aria-hidden="true">⚠ </span>
        {s.title || 'Unknown'}
        <span className={styles.visuallyHidden}> — {hint}</span>
      </span>
    );
  }
  const text = cellText(column, row, ctx);
  if (!text) return <Empty />;
  if (column === 'salesforceLink') {
    const url = safeWebUrl(text);
    if (!url) return <>{text}</>;
    return (
      <a href={url} target="_blank" rel="noopener noreferrer" className={styles.externalLink}>
        Open<span className={styles.visuallyHidden}> the Salesforce record of #{row.orgSpecificId} (opens in a new tab)</span>
        <span aria-hidden="true"> ↗</span>
      </a>
    );
  }
  return <>{text}</>;
}

function Empty() {
  return (
    <span className={styles.empty} aria-hidden="true">
      —
    </span>
  );
}
