import { useMemo, useState } from 'react';
import { useAtomValue } from 'jotai';
import { activeOrgAtom, activeRulesAtom, sessionAtom, usePageTitle } from '@cpq/client';
import { isEmployee, isGuest, isGuestMode } from '@cpq/domain';
import { LoadingScreen } from '@cpq/ui';
import { offeredShortcuts } from './filterOptions.ts';
import { capitalize } from './format.ts';
import { OrdersHeader } from './OrdersHeader.tsx';
import { OrdersNotice } from './OrdersNotice.tsx';
import { OrdersResults } from './OrdersResults.tsx';
import { OrdersToolbar } from './OrdersToolbar.tsx';
import { settingsChanged, type OrdersListView } from './query.ts';
import { visibleStatuses } from './status.ts';
import { PaymentFilterNote, StatusTools } from './StatusTools.tsx';
import type { Notice } from './types.ts';
import { useArchiveToggle } from './useArchiveToggle.ts';
import { useCsvExport } from './useCsvExport.ts';
import { useListView, useSettingsSaver } from './useListView.ts';
import { useOrdersList } from './useOrdersList.ts';
import { useRecalculateCosts } from './useRecalculateCosts.ts';
import { useSearchBox } from './useSearchBox.ts';
import { useStatusCounts } from './useStatusCounts.ts';
import styles from './OrdersPage.module.css';

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
  const shortcuts = employee ? offeredShortcuts(tools.shortcuts, allStatuses) : [];
  const showCounts = employee && tools.statusCounts && allStatuses.length > 0;

  const { view, go } = useListView(session.user.preferences?.ordersPageSettings, limits);
  const saveSettings = useSettingsSaver();
  const titleText = `My ${capitalize(wording.orders)}`;

  usePageTitle(titleText);

  /** Every change of what is listed: a history entry, page 1, and the settings saved when they changed. */
  const change = (next: OrdersListView, how: { replace?: boolean } = {}) => {
    if (settingsChanged(view, next)) saveSettings(next);
    go(next, how);
  };

  const search = useSearchBox(view, go);
  const list = useOrdersList({ orgId: org.id, userId: session.user.id, guestMode, view, go, ordersWord: wording.orders });
  const counts = useStatusCounts({ show: showCounts, orgId: org.id, userId: session.user.id, statuses: allStatuses });
  const [notice, setNotice] = useState<Notice | null>(null);
  const archive = useArchiveToggle({
    wording,
    setNotice,
    onChanged: () => {
      list.refresh();
      counts.reload();
    },
  });
  const csv = useCsvExport({ body: list.body, wording, setNotice });
  const costs = useRecalculateCosts({ org, wording, setNotice, onDone: list.refresh });

  return (
    <div className={styles.page} data-testid="orders-page">
      <OrdersHeader
        title={titleText}
        recalculate={isPlatformAdmin ? { busy: costs.recalculating, run: () => void costs.recalculateCosts() } : null}
        exportCsv={tools.csvExport && employee ? { busy: csv.exporting, run: () => void csv.exportCsv() } : null}
      />
      <OrdersToolbar
        view={view}
        change={change}
        ordersWord={wording.orders}
        showOwner={!guestMode}
        statusOptions={statusOptions}
        categories={list.categories}
        advancedAllowed={limits.advancedAllowed}
        searchText={search.searchText}
        onSearch={search.onSearch}
        paging={list.paging}
      />
      <StatusTools view={view} change={change} ordersWord={wording.orders} statuses={allStatuses} showCounts={showCounts} statusCounts={counts} shortcuts={shortcuts} />
      <PaymentFilterNote view={view} change={change} ordersWord={wording.orders} />
      <OrdersNotice notice={notice} onDismiss={() => setNotice(null)} />
      <OrdersResults list={list} archive={archive} view={view} change={change} rules={listRules} wording={wording} guest={guest} statuses={allStatuses} title={titleText} />
    </div>
  );
}
