import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { ApiRequestError, activeOrgAtom, activeRulesAtom, api, sessionAtom } from '@cpq/client';
import {
  ORDERS_PAGE_SIZES,
  ORDERS_SEARCH_MAX_LENGTH,
  isEmployee,
  isGuest,
  isGuestMode,
  type OrdersCountResponse,
  type OrdersDataBody,
  type OrdersDataResponse,
  type OrdersFilters,
  type OrdersListRow,
} from '@cpq/domain';
import { Button, ErrorPanel, LoadingScreen } from '@cpq/ui';
import { visibleColumns } from './columns.ts';
import { downloadCsv } from './csvDownload.ts';
import { errorMessage, isAbort } from './errors.ts';
import { capitalize } from './format.ts';
import { OrdersTable } from './OrdersTable.tsx';
import { canGoNext, canGoPrevious, pageConstraints } from './paging.ts';
import { DEFAULT_LIST_VIEW, settingsChanged, withFilters, withShortcut, type OrdersListView } from './query.ts';
import { visibleStatuses } from './status.ts';
import { useListView, useSettingsSaver } from './useListView.ts';
import styles from './OrdersPage.module.css';

/** The search waits for the user to stop typing for this long. */
export const SEARCH_DEBOUNCE_MS = 400;
export const CSV_EXPORT_FAILED = 'Something went wrong while exporting the list to csv.';

type ListLoad = { data: OrdersDataResponse | null; loading: boolean; error: { message: string; refused: boolean } | null };

/** The list's filters as the API takes them. */
function apiFilters(v: OrdersListView): OrdersFilters {
  return {
    orderOwner: v.owner,
    archived: v.type,
    productCategoryId: v.category,
    statusKey: v.status,
    ...(v.pp ? { isProcessingPayment: true } : {}),
  };
}

/** The orders list (/orders): filters, search and page in the URL; rows from the server, newest first. */
export function OrdersPage() {
  const org = useAtomValue(activeOrgAtom);
  const rules = useAtomValue(activeRulesAtom);
  const session = useAtomValue(sessionAtom);
  if (!org || !rules || !session) return <LoadingScreen />;
  return <OrdersList key={`${org.id}:${org.role}`} />;
}

function OrdersList() {
  const org = useAtomValue(activeOrgAtom)!;
  const rules = useAtomValue(activeRulesAtom)!;
  const session = useAtomValue(sessionAtom)!;

  const wording = rules.wording;
  const listRules = rules.ordersList;
  const tools = listRules.employeeTools;
  const guest = isGuest(org);
  const guestMode = isGuestMode(org);
  const employee = isEmployee(org);
  const isPlatformAdmin = session.user.isPlatformAdmin === true;
  const allStatuses = useMemo(() => org.appData.designEngine.productOrderStatuses ?? [], [org]);
  const statusOptions = useMemo(() => visibleStatuses(allStatuses, guest), [allStatuses, guest]);
  const limits = useMemo(
    () => ({ statusKeys: statusOptions.map((s) => s.key), advancedAllowed: employee && tools.advancedView }),
    [statusOptions, employee, tools.advancedView],
  );
  const shortcuts = employee ? tools.shortcuts.filter((s) => s.processingPayment || allStatuses.some((st) => st.key === s.statusKey)) : [];

  const { view, go } = useListView(session.user.preferences?.ordersPageSettings, limits);
  const saveSettings = useSettingsSaver();
  const titleText = `My ${capitalize(wording.orders)}`;

  useEffect(() => {
    document.title = titleText;
  }, [titleText]);

  /** Every change of what is listed: a history entry, page 1, and the settings saved when they changed. */
  const change = (next: OrdersListView, how: { replace?: boolean } = {}) => {
    if (settingsChanged(view, next)) saveSettings(next);
    go(next, how);
  };

  // ------------------------------------------------------------------ search (debounced, in the URL)
  const [searchText, setSearchText] = useState(view.q);
  const searchTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const viewRef = useRef(view);
  viewRef.current = view;
  useEffect(() => {
    // Back/forward or a shortcut changed the search: the box follows (unless the user is typing).
    if (!searchTimer.current) setSearchText(view.q);
  }, [view.q]);
  useEffect(() => () => void (searchTimer.current && clearTimeout(searchTimer.current)), []);
  const onSearch = (text: string) => {
    setSearchText(text);
    if (searchTimer.current) clearTimeout(searchTimer.current);
    searchTimer.current = setTimeout(() => {
      searchTimer.current = null;
      // Typing is not navigation: the current history entry is replaced.
      go(withFilters(viewRef.current, { q: text }), { replace: true });
    }, SEARCH_DEBOUNCE_MS);
  };

  // ------------------------------------------------------------------ the page of rows
  const body: Omit<OrdersDataBody, 'formatForCsvExport'> = {
    orgId: org.id,
    userId: session.user.id,
    includeAdvancedOrderData: view.view === 'advanced',
    isGuestMode: guestMode,
    resultConstraints: pageConstraints(view.page, view.size),
    ...(view.q.trim() ? { searchTerm: view.q.trim() } : {}),
    filters: apiFilters(view),
  };
  const bodyKey = JSON.stringify(body);
  const [load, setLoad] = useState<ListLoad>({ data: null, loading: true, error: null });
  const [attempt, setAttempt] = useState(0);
  const refresh = useCallback(() => setAttempt((n) => n + 1), []);
  const [categories, setCategories] = useState<ReadonlyArray<{ id: number; title: string }>>([]);

  useEffect(() => {
    // A newer request replaces an older one: the older one is cancelled, never shown late.
    const controller = new AbortController();
    setLoad((l) => ({ ...l, loading: true, error: null }));
    api.ordersData(JSON.parse(bodyKey) as typeof body, controller.signal).then(
      (data) => {
        if (controller.signal.aborted) return;
        setLoad({ data, loading: false, error: null });
        setCategories(data.productCategories);
      },
      (err: unknown) => {
        if (controller.signal.aborted || isAbort(err)) return;
        console.error(`The ${wording.orders} could not be loaded.`, err);
        setLoad({ data: null, loading: false, error: { message: errorMessage(err), refused: err instanceof ApiRequestError && err.status === 400 } });
      },
    );
    return () => controller.abort();
  }, [bodyKey, attempt, wording.orders]);

  // ------------------------------------------------------------------ status counts (employees)
  const showCounts = employee && tools.statusCounts && allStatuses.length > 0;
  const [counts, setCounts] = useState<OrdersCountResponse | null>(null);
  const [countsFailed, setCountsFailed] = useState(false);
  const [countsAttempt, setCountsAttempt] = useState(0);
  useEffect(() => {
    if (!showCounts) return;
    let live = true;
    api.ordersCount({ orgId: org.id, userId: session.user.id, statusKeys: allStatuses.map((s) => s.key) }).then(
      (c) => {
        if (!live) return;
        setCounts(c);
        setCountsFailed(false);
      },
      (err: unknown) => {
        if (!live) return;
        console.error('The status counts could not be loaded.', err);
        setCountsFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [showCounts, org.id, session.user.id, allStatuses, countsAttempt]);

  // ------------------------------------------------------------------ actions
  const [notice, setNotice] = useState<{ kind: 'info' | 'error'; text: string } | null>(null);
  const [busyIds, setBusyIds] = useState<ReadonlySet<number>>(new Set());
  const toggleArchived = (row: OrdersListRow) => {
    const archived = row.archived ? 0 : 1;
    setBusyIds((s) => new Set(s).add(row.id));
    setNotice(null);
    api.updateOrder({ where: { id: row.id }, props: { archived } }).then(
      () => {
        setNotice({ kind: 'info', text: `${capitalize(wording.order)} #${row.orgSpecificId} ${archived ? 'archived' : 'unarchived'}.` });
        refresh();
        setCountsAttempt((n) => n + 1);
      },
      (err: unknown) =>
        setNotice({ kind: 'error', text: `${capitalize(wording.order)} #${row.orgSpecificId} could not be ${archived ? 'archived' : 'unarchived'}: ${errorMessage(err)}` }),
    ).finally(() =>
      setBusyIds((s) => {
        const next = new Set(s);
        next.delete(row.id);
        return next;
      }),
    );
  };

  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    setNotice(null);
    try {
      const { resultConstraints: _page, ...filters } = body;
      const csv = await api.ordersCsv(filters);
      downloadCsv(csv.productOrdersCsvData);
      setNotice({
        kind: 'info',
        text: csv.truncated
          ? `Exported the newest ${csv.rowCount.toLocaleString('en-US')} ${wording.orders}; the list holds more.`
          : `Exported ${csv.rowCount.toLocaleString('en-US')} ${csv.rowCount === 1 ? wording.order : wording.orders}.`,
      });
    } catch (err) {
      console.error(CSV_EXPORT_FAILED, err);
      window.alert(CSV_EXPORT_FAILED);
    } finally {
      setExporting(false);
    }
  };

  const [recalculating, setRecalculating] = useState(false);
  const recalculateCosts = async () => {
    if (!window.confirm(`Recalculate the costs of every ${wording.order} of ${org.title}? Prices are computed again from the current pricing rules.`)) return;
    setRecalculating(true);
    setNotice(null);
    try {
      const { updatedCount } = await api.updateOrderCosts(org.id);
      setNotice({ kind: 'info', text: `Costs recalculated for ${updatedCount.toLocaleString('en-US')} ${updatedCount === 1 ? wording.order : wording.orders}.` });
      refresh();
    } catch (err) {
      setNotice({ kind: 'error', text: `The costs could not be recalculated: ${errorMessage(err)}` });
    } finally {
      setRecalculating(false);
    }
  };

  const turnPage = (page: number) => {
    go({ ...view, page });
    window.scrollTo({ top: 0 });
  };

  // ------------------------------------------------------------------ render
  const data = load.data;
  const rows = data?.productOrders ?? [];
  const columns = visibleColumns({ rules: listRules, view: view.view, guest, pricingIsHidden: data?.pricingIsHidden ?? false });
  const ctx = { statuses: allStatuses, guest };
  const categoryOptions = categories.some((c) => c.id === view.category) || view.category === 'all'
    ? categories
    : [...categories, { id: view.category, title: `Category ${view.category}` }];
  const nextEnabled = !!data && !load.loading && canGoNext(rows.length, view.size);

  return (
    <main className={styles.page} data-testid="orders-page">
      <header className={styles.head}>
        <h1 className={styles.title}>{titleText}</h1>
        {(tools.csvExport && employee) || isPlatformAdmin ? (
          <div className={styles.headActions}>
            {isPlatformAdmin ? (
              <Button variant="secondary" onClick={() => void recalculateCosts()} disabled={recalculating} aria-busy={recalculating || undefined} data-testid="recalculate-costs">
                {recalculating ? 'Recalculating…' : 'Recalculate Costs'}
              </Button>
            ) : null}
            {tools.csvExport && employee ? (
              <Button onClick={() => void exportCsv()} disabled={exporting} aria-busy={exporting || undefined} data-testid="csv-export">
                {exporting ? 'Exporting…' : 'Export CSV'}
              </Button>
            ) : null}
          </div>
        ) : null}
      </header>

      <div className={styles.toolbar} role="group" aria-label={`Filter ${wording.orders}`}>
        {guestMode ? null : (
          <Select label="Owner" value={view.owner} onChange={(owner) => change(withFilters(view, { owner: owner as OrdersListView['owner'] }))} testId="filter-owner">
            <option value="all">Anyone</option>
            <option value="mine">My {capitalize(wording.orders)}</option>
          </Select>
        )}
        <Select label="Type" value={view.type} onChange={(type) => change(withFilters(view, { type: type as OrdersListView['type'] }))} testId="filter-type">
          <option value="active">Active</option>
          <option value="archived">Archived</option>
          <option value="all">All</option>
        </Select>
        <Select label="Status" value={view.status} onChange={(status) => change(withFilters(view, { status, pp: false }))} testId="filter-status">
          <option value="all">All</option>
          {statusOptions.map((s) => (
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
          {categoryOptions.map((c) => (
            <option key={c.id} value={c.id}>
              {c.title}
            </option>
          ))}
        </Select>
        {limits.advancedAllowed ? (
          <Select label="View" value={view.view} onChange={(v) => change(withFilters(view, { view: v as OrdersListView['view'] }))} testId="filter-view">
            <option value="basic">Basic</option>
            <option value="advanced">Advanced</option>
          </Select>
        ) : null}
        <label className={`${styles.field} ${styles.searchField}`}>
          <span className={styles.visuallyHidden}>Search {wording.orders}</span>
          <input
            type="search"
            className={styles.search}
            placeholder="SEARCH..."
            value={searchText}
            maxLength={ORDERS_SEARCH_MAX_LENGTH}
            onChange={(e) => onSearch(e.target.value)}
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
            <button type="button" className={styles.pageButton} aria-label="Previous page" disabled={!canGoPrevious(view.page)} onClick={() => turnPage(view.page - 1)} data-testid="page-previous">
              <span aria-hidden="true">‹</span>
            </button>
            <span className={styles.pageNumber} data-testid="page-number">
              Page {view.page}
            </span>
            <button type="button" className={styles.pageButton} aria-label="Next page" disabled={!nextEnabled} onClick={() => turnPage(view.page + 1)} data-testid="page-next">
              <span aria-hidden="true">›</span>
            </button>
          </nav>
        </div>
      </div>

      {showCounts || shortcuts.length > 0 ? (
        <div className={styles.tools}>
          {showCounts ? (
            <div className={styles.chips} role="group" aria-label={`${capitalize(wording.orders)} by status`} data-testid="status-counts">
              {allStatuses.map((s) => {
                const n = counts?.productOrderCountsByStatusKey[s.key];
                return (
                  <button
                    key={s.key}
                    type="button"
                    className={styles.chip}
                    aria-pressed={view.status === s.key && !view.pp}
                    onClick={() => change(withShortcut(view, { statusKey: s.key }))}
                    data-testid={`status-count-${s.key}`}
                  >
                    {s.title}
                    <span className={styles.visuallyHidden}>: </span>
                    <span className={styles.count}>{n === undefined ? (countsFailed ? '?' : '…') : n}</span>
                  </button>
                );
              })}
              {countsFailed ? (
                <button type="button" className={styles.linkButton} onClick={() => setCountsAttempt((n) => n + 1)}>
                  Counts unavailable — retry
                </button>
              ) : null}
            </div>
          ) : null}
          {shortcuts.length > 0 ? (
            <div className={styles.chips} role="group" aria-label="Shortcuts">
              {shortcuts.map((s) => {
                const status = allStatuses.find((st) => st.key === s.statusKey);
                const meaning = s.processingPayment ? 'Payment processing' : (status?.title ?? '');
                const pressed = s.processingPayment ? view.pp : view.status === s.statusKey && !view.pp;
                return (
                  <button
                    key={s.label}
                    type="button"
                    className={`${styles.chip} ${styles.shortcut}`}
                    aria-pressed={pressed}
                    title={meaning}
                    onClick={() => change(withShortcut(view, s))}
                    data-testid={`shortcut-${s.label}`}
                  >
                    {s.label}
                    <span className={styles.visuallyHidden}>: {meaning}</span>
                    {s.processingPayment && counts ? (
                      <>
                        <span className={styles.visuallyHidden}>, </span>
                        <span className={styles.count}>{counts.processingPaymentCount}</span>
                      </>
                    ) : null}
                  </button>
                );
              })}
            </div>
          ) : null}
        </div>
      ) : null}

      {view.pp ? (
        <p className={styles.activeFilter}>
          Only {wording.orders} whose payment is processing.{' '}
          <button type="button" className={styles.linkButton} onClick={() => change(withFilters(view, { pp: false }))}>
            Show all statuses
          </button>
        </p>
      ) : null}

      <div className={styles.notices} aria-live="polite">
        {notice ? (
          <p className={notice.kind === 'error' ? styles.noticeError : styles.notice} role={notice.kind === 'error' ? 'alert' : 'status'} data-testid="orders-notice">
            {notice.text}
            <button type="button" className={styles.linkButton} onClick={() => setNotice(null)}>
              Dismiss
            </button>
          </p>
        ) : null}
      </div>

      {load.error ? (
        <ErrorPanel heading={`The ${wording.orders} could not be loaded.`} detail={load.error.message} onRetry={refresh} testId="orders-error">
          {load.error.refused ? (
            // The server refused these filters (e.g. a category from an old link): offer the plain list.
            <p>
              <button type="button" className={styles.linkButton} onClick={() => change({ ...DEFAULT_LIST_VIEW, size: view.size, view: view.view })}>
                Show all active {wording.orders}
              </button>
            </p>
          ) : null}
        </ErrorPanel>
      ) : !data ? (
        <div className={styles.loading} role="status" data-testid="orders-loading">
          <span className={styles.spinner} aria-hidden="true" />
          Loading {wording.orders}…
        </div>
      ) : rows.length === 0 ? (
        <p className={styles.emptyList} role="status" data-testid="orders-empty">
          {load.loading ? `Loading ${wording.orders}…` : `No ${wording.orders} found`}
        </p>
      ) : (
        <>
          {load.loading ? (
            <p className={styles.refreshing} role="status">
              <span className={styles.spinner} aria-hidden="true" />
              Loading {wording.orders}…
            </p>
          ) : null}
          <div className={styles.tableWrap} role="region" aria-label={titleText} tabIndex={0}>
            <OrdersTable
              rows={rows}
              columns={columns}
              rules={listRules}
              wording={wording}
              ctx={ctx}
              caption={`${titleText}, page ${view.page}`}
              stale={load.loading}
              busyIds={busyIds}
              onToggleArchived={toggleArchived}
            />
          </div>
        </>
      )}
    </main>
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
