import type { ReactNode } from 'react';
import { ORDERS_PAGE_SIZES, ORDERS_SEARCH_MAX_LENGTH, type ProductOrderStatus } from '@cpq/domain';
import { categoryOptions } from './filterOptions.ts';
import { capitalize } from './format.ts';
import { withFilters, type OrdersListView } from './query.ts';
import type { Category, GoToView } from './types.ts';
import styles from './OrdersPage.module.css';

export interface OrdersToolbarProps {
  view: OrdersListView;
  change: GoToView;
  /** The organisation's plural word ("quotes"). */
  ordersWord: string;
  /** Guest mode lists the user's own orders only: no Owner filter. */
  showOwner: boolean;
  statusOptions: readonly ProductOrderStatus[];
  categories: readonly Category[];
  advancedAllowed: boolean;
  searchText: string;
  onSearch: (text: string) => void;
  paging: { canGoPrevious: boolean; canGoNext: boolean; turnPage: (page: number) => void };
}

/** The filters, the search box, the page size and the pager above the list. */
export function OrdersToolbar(p: OrdersToolbarProps) {
  const { view, change, ordersWord, paging } = p;
  return (
    <div className={styles.toolbar} role="group" aria-label={`Filter ${ordersWord}`}>
      {p.showOwner ? (
        <Select label="Owner" value={view.owner} onChange={(owner) => change(withFilters(view, { owner: owner as OrdersListView['owner'] }))} testId="filter-owner">
          <option value="all">Anyone</option>
          <option value="mine">My {capitalize(ordersWord)}</option>
        </Select>
      ) : null}
      <Select label="Type" value={view.type} onChange={(type) => change(withFilters(view, { type: type as OrdersListView['type'] }))} testId="filter-type">
        <option value="active">Active</option>
        <option value="archived">Archived</option>
        <option value="all">All</option>
      </Select>
      <Select label="Status" value={view.status} onChange={(status) => change(withFilters(view, { status, pp: false }))} testId="filter-status">
        <option value="all">All</option>
        {p.statusOptions.map((s) => (
          <option key={s.key} value={s.key}>
            {s.title}
          </option>
        ))}
      </Select>
      <Select
        label="Category"
        value={String(view.category)}
        onChange={(c) => change(withFilters(view, { category: c === 'all' ? 'all' : Number(c) }))}
        testId="filter-category"
      >
        <option value="all">All</option>
        {categoryOptions(p.categories, view.category).map((c) => (
          <option key={c.id} value={c.id}>
            {c.title}
          </option>
        ))}
      </Select>
      <Select label="Quote" value={view.quote} onChange={(quote) => change(withFilters(view, { quote: quote as OrdersListView['quote'] }))} testId="filter-quote">
        <option value="all">All</option>
        <option value="accepted">Accepted</option>
        <option value="notAccepted">Not accepted</option>
      </Select>
      {p.advancedAllowed ? (
        <Select label="View" value={view.view} onChange={(v) => change(withFilters(view, { view: v as OrdersListView['view'] }))} testId="filter-view">
          <option value="basic">Basic</option>
          <option value="advanced">Advanced</option>
        </Select>
      ) : null}
      <label className={`${styles.field} ${styles.searchField}`}>
        <span className={styles.visuallyHidden}>Search {ordersWord}</span>
        <input
          type="search"
          className={styles.search}
          placeholder="SEARCH..."
          value={p.searchText}
          maxLength={ORDERS_SEARCH_MAX_LENGTH}
          onChange={(e) => p.onSearch(e.target.value)}
          data-testid="orders-search"
        />
      </label>
      <div className={styles.paging}>
        <Select label="Items/Page" value={String(view.size)} onChange={(s) => change(withFilters(view, { size: Number(s) as OrdersListView['size'] }))} testId="page-size">
          {ORDERS_PAGE_SIZES.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </Select>
        <nav className={styles.pager} aria-label="Pages">
          <button type="button" className={styles.pageButton} aria-label="Previous page" disabled={!paging.canGoPrevious} onClick={() => paging.turnPage(view.page - 1)} data-testid="page-previous">
            <span aria-hidden="true">‹</span>
          </button>
          <span className={styles.pageNumber} data-testid="page-number">
            Page {view.page}
          </span>
          <button type="button" className={styles.pageButton} aria-label="Next page" disabled={!paging.canGoNext} onClick={() => paging.turnPage(view.page + 1)} data-testid="page-next">
            <span aria-hidden="true">›</span>
          </button>
        </nav>
      </div>
    </div>
  );
}

function Select({ label, value, onChange, testId, children }: { label: string; value: string; onChange: (value: string) => void; testId: string; children: ReactNode }) {
  return (
    <label className={styles.field}>
      <span className={styles.fieldLabel}>{label}</span>
      <select className={styles.select} value={value} onChange={(e) => onChange(e.target.value)} data-testid={testId}>
        {children}
      </select>
    </label>
  );
}
