import { lazy, Suspense, useEffect, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { triggerAppChange } from 'single-spa';
import { activeOrgAtom, activeRulesAtom, missingOrderPathAtom, sessionAtom, toggleGuestModeAtom } from '@cpq/client';
import { isEmployee, isGuestMode } from '@cpq/domain/basics';
import { Link } from '@cpq/ui';
import { navigateToUrl } from 'single-spa';
import { signOut, switchOrganisation } from '../boot.ts';
import { backHref, orderNumberOf, orderTabHref, type OrderTab, type Route } from '../routes.ts';
import styles from './Header.module.css';

// The share popup, with the sharing rules it needs from @cpq/domain, loads when an order page shows
// (the Share button's page), not with the portal's start-up (decision 0113).
const loadShareDialog = () => import('./share/ShareDialog.tsx');
const ShareDialog = lazy(() => loadShareDialog().then((m) => ({ default: m.ShareDialog })));

const TABS: { tab: OrderTab; label: string }[] = [
  { tab: 'edit', label: 'EDIT' },
  { tab: 'documents', label: 'DOCUMENTS' },
  { tab: 'drawings', label: 'DRAWINGS' },
];

/** The header bar; on an order (every tab), SHARE opens the order-sharing popup. */
export function Header({ route, pathname }: { route: Route; pathname: string }) {
  const session = useAtomValue(sessionAtom);
  const org = useAtomValue(activeOrgAtom);
  const rules = useAtomValue(activeRulesAtom);
  const toggleGuestMode = useSetAtom(toggleGuestModeAtom);
  const missingOrderPath = useAtomValue(missingOrderPathAtom);
  const settings = org?.appData.designEngine;
  const organisations = session?.organisations ?? [];

  const back = backHref(route);
  const showAdmin = org?.role === 'owner' && !settings?.isArchitectural && !pathname.startsWith('/admin');
  const guestMode = org ? isGuestMode(org) : false;
  // Guest mode can always be left (even if the organisation became employee-only meanwhile).
  const showGuestToggle = !!org && (guestMode || (isEmployee(org) && !settings?.isEmployeeOnly));
  const [switching, setSwitching] = useState(false);
  const [toggleError, setToggleError] = useState<string | null>(null);

  // SHARE on every tab of an order the page found, for everyone who reaches it.
  const onOrder = route.kind === 'order' && missingOrderPath !== `/orders/${route.orderId}`;
  const orderNo = onOrder ? orderNumberOf(route) : null;
  const [shareOpen, setShareOpen] = useState(false);
  useEffect(() => setShareOpen(false), [orderNo, org?.id]);
  // On an order page the Share button's popup is fetched ahead, so it opens at once when pressed.
  useEffect(() => {
    if (orderNo !== null) void loadShareDialog().catch(() => undefined);
  }, [orderNo]);

  // The server holds guest mode: the session it answers carries the role in force.
  const onToggle = async () => {
    if (switching) return;
    setSwitching(true);
    setToggleError(null);
    try {
      await toggleGuestMode();
      triggerAppChange(); // the role in force decides which applications may be mounted (admin)
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      setToggleError(`Could not switch to ${guestMode ? 'employee' : 'guest'} mode: ${reason}`);
    } finally {
      setSwitching(false);
    }
  };

  const onSwitch = (value: string) => {
    const id = Number(value);
    if (!Number.isFinite(id) || id === org?.id) return;
    void switchOrganisation(id).then(() => navigateToUrl('/'));
  };

  return (
    <header className={styles.header} data-testid="app-header">
      <div className={styles.bar}>
        <nav className={styles.left} aria-label="Main">
          {back ? (
            <Link href={back} className={styles.navLink}>
              <span aria-hidden="true">←&nbsp;</span>Back
            </Link>
          ) : null}
          <Link href="/" className={styles.navLink}>
            Home
          </Link>
          {showAdmin ? (
            <Link href="/admin/products" className={styles.navLink}>
              ADMIN
            </Link>
          ) : null}
        </nav>

        <div className={styles.center}>
          <Link href="/" className={styles.logo} aria-label={`${org?.title ?? 'Configurator'} home`}>
            {settings?.logoUrl ? (
              <img src={settings.logoUrl} alt={org?.title ?? ''} className={styles.logoImage} />
            ) : (
              <span className={styles.logoText}>{org?.title ?? 'Configurator'}</span>
            )}
          </Link>
        </div>

        <div className={styles.right}>
          {orderNo !== null && org ? (
            <button
              type="button"
              className={`${styles.toggle} ${styles.share}`}
              data-testid="share-button"
              data-tour="share"
              aria-haspopup="dialog"
              onClick={() => setShareOpen(true)}
            >
              SHARE
            </button>
          ) : null}
          {showGuestToggle ? (
            <button
              type="button"
              className={guestMode ? `${styles.toggle} ${styles.toggleOn}` : styles.toggle}
              data-testid="guest-mode-toggle"
              aria-pressed={guestMode}
              aria-busy={switching}
              disabled={switching}
              onClick={() => void onToggle()}
            >
              {guestMode ? 'EMPLOYEE MODE' : 'GUEST MODE'}
            </button>
          ) : null}
          {organisations.length > 1 ? (
            <label className={styles.switcher}>
              <span className={styles.switcherLabel}>Organisation</span>
              <select
                data-testid="org-switcher"
                value={org?.id ?? ''}
                onChange={(e) => onSwitch(e.target.value)}
              >
                {organisations.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.title}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          <button type="button" className={styles.signOut} onClick={() => void signOut()}>
            Sign out
          </button>
        </div>
      </div>

      {toggleError ? (
        <p className={styles.notice} role="alert" data-testid="guest-mode-error">
          <span>{toggleError}</span>
          <button type="button" className={styles.noticeClose} onClick={() => setToggleError(null)} aria-label="Dismiss">
            ×
          </button>
        </p>
      ) : null}

      {route.kind === 'order' && onOrder ? (
        <nav className={styles.tabs} aria-label="Order views">
          {TABS.map(({ tab, label }) => (
            <Link
              key={tab}
              href={orderTabHref(route.orderId, tab)}
              className={styles.tab}
              aria-current={route.tab === tab ? 'page' : undefined}
            >
              {label}
            </Link>
          ))}
        </nav>
      ) : null}
      {shareOpen && orderNo !== null && org ? (
        <Suspense fallback={null}>
        <ShareDialog
          orgId={org.id}
          orgTitle={org.title}
          orderNo={orderNo}
          wordingOrder={rules?.wording.order ?? 'order'}
          currentUserId={session?.user.id ?? null}
          employee={isEmployee(org)}
          onClose={() => setShareOpen(false)}
        />
        </Suspense>
      ) : null}
    </header>
  );
}
