import type { OrdersListRow } from '@cpq/domain';
import type { OrdersColumnKey, OrdersListRules, Wording } from '@cpq/plugin-sdk';
import { Link } from '@cpq/ui';
import { AcceptedBadge } from './AcceptedBadge.tsx';
import { cellText, columnTitle, type CellContext } from './columns.ts';
import { capitalize } from './format.ts';
import { RowMenu } from './RowMenu.tsx';
import { Cell, orderHref, PriceRuleFailed } from './OrdersTable.tsx';
import styles from './OrdersCards.module.css';

export interface OrdersCardsProps {
  rows: readonly OrdersListRow[];
  columns: readonly OrdersColumnKey[];
  rules: OrdersListRules;
  wording: Wording;
  ctx: CellContext;
  /** Names the list, as the table's caption does. */
  label: string;
  /** A refetch is running: the cards stay, dimmed. */
  stale: boolean;
  busyIds: ReadonlySet<number>;
  onToggleArchived: (row: OrdersListRow) => void;
}

/** The columns a card draws in its own places; every other visible column goes in its details, so no data is lost. */
const PLACED: readonly OrdersColumnKey[] = ['orderNumber', 'title', 'status', 'accountClient', 'project', 'total'];

/**
 * The list's rows as cards, for a phone: the order's number (its link, stretched over the card), the
 * status as a chip, the title and customer, the total and a date, then the other columns the view shows.
 * The same row menu as the table. Only the columns the table would show are drawn (guests, hidden prices).
 */
export function OrdersCards({ rows, columns, rules, wording, ctx, label, stale, busyIds, onToggleArchived }: OrdersCardsProps) {
  const has = (key: OrdersColumnKey) => columns.includes(key);
  // One date on the card's foot: the last change, else the creation.
  const date: OrdersColumnKey | null = has('lastUpdated') ? 'lastUpdated' : has('created') ? 'created' : null;
  const rest = columns.filter((key) => !PLACED.includes(key) && key !== date);
  return (
    <ul className={`${styles.cards} ${stale ? styles.stale : ''}`} aria-label={label} aria-busy={stale || undefined} data-testid="orders-cards">
      {rows.map((row) => {
        const customer = (['accountClient', 'project'] as const).filter(has).map((key) => cellText(key, row, ctx)).filter(Boolean).join(' · ');
        return (
          <li key={row.id} className={styles.card} data-testid="order-card" data-order={row.orgSpecificId}>
            <div className={styles.top}>
              <Link href={orderHref(row)} className={styles.link}>
                {capitalize(wording.order)} #{row.orgSpecificId}
              </Link>
              {has('status') && (
                <span className={styles.chip} data-testid="card-status">
                  <Cell column="status" row={row} ctx={ctx} />
                </span>
              )}
              <AcceptedBadge row={row} className={styles.accepted} />
              <span className={styles.menu}>
                <RowMenu
                  label={`More options for ${wording.order} #${row.orgSpecificId}`}
                  testId="row-menu"
                  items={[{ label: row.archived ? 'Unarchive Order' : 'Archive Order', disabled: busyIds.has(row.id), onSelect: () => onToggleArchived(row) }]}
                />
              </span>
            </div>
            {has('title') && (row.title || row.pricingFailed) && (
              <p className={styles.title}>
                {row.title}
                {row.pricingFailed && <PriceRuleFailed />}
              </p>
            )}
            {customer && <p className={styles.customer}>{customer}</p>}
            {(date || has('total')) && (
              <p className={styles.foot}>
                {date && (
                  <span>
                    <span className={styles.label}>{columnTitle(date, rules, wording)}</span> <Cell column={date} row={row} ctx={ctx} />
                  </span>
                )}
                {has('total') && (
                  <span className={styles.total}>
                    <span className={styles.label}>{columnTitle('total', rules, wording)}</span> <Cell column="total" row={row} ctx={ctx} />
                  </span>
                )}
              </p>
            )}
            {rest.length > 0 && (
              <dl className={styles.details}>
                {rest.map((key) => (
                  <div key={key} className={styles.detail} data-column={key}>
                    <dt>{columnTitle(key, rules, wording)}</dt>
                    <dd>
                      <Cell column={key} row={row} ctx={ctx} />
                    </dd>
                  </div>
                ))}
              </dl>
            )}
          </li>
        );
      })}
    </ul>
  );
}
