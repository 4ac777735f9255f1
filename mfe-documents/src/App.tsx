import { useEffect, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { activeOrgAtom, activeRulesAtom, ApiRequestError, loadOrderWithCatalogue, missingOrderPathAtom, sessionAtom, usePageTitle } from '@cpq/client';
import { ErrorPanel, Link, useLocationKey } from '@cpq/ui';
import { DocumentsScreen } from './DocumentsScreen.tsx';
import { loadRevision, type RevisionLoad } from './revisionLoad.ts';
import { currentUrl, parseDocumentsRoute } from './route.ts';
import styles from './Documents.module.css';

export const MISSING_ORDER_TEXT = "You might need to ask for an invite, or the order you're looking for might have been deleted.";

type Load =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'error'; message: string }
  /** The address names a revision the order does not have: the server's sentence. */
  | { status: 'revisionMissing'; message: string }
  | ({ status: 'ready' } & RevisionLoad);

function errorMessage(err: unknown): string {
  if (err instanceof ApiRequestError && err.message) return err.message;
  if (err instanceof TypeError) return 'The server could not be reached. Check your connection and try again.';
  return err instanceof Error && err.message ? err.message : 'Something went wrong. Please try again.';
}

const isMissing = (err: unknown) => err instanceof ApiRequestError && (err.status === 404 || err.status === 403);

/**
 * Root of mfe-documents: loads the order and the catalogue (and, when the address names one, the quote
 * revision printed in their place), then the documents screen (or the missing / error states).
 */
export function App() {
  const org = useAtomValue(activeOrgAtom);
  const rules = useAtomValue(activeRulesAtom);
  const userId = useAtomValue(sessionAtom)?.user.id ?? null;
  const key = useLocationKey();
  const q = key.indexOf('?');
  const route = parseDocumentsRoute(q < 0 ? key : key.slice(0, q), q < 0 ? '' : key.slice(q));
  const setMissingOrderPath = useSetAtom(missingOrderPathAtom);
  const orgId = org?.id ?? null;
  const orderNo = route?.orgSpecificId ?? null;
  const shareToken = route?.shareToken;
  const shareableOrderId = route?.shareableOrderId;
  const revision = route?.revision ?? null;
  // The notice above a revision is on screen only: the PDF's page does not ask for what it needs.
  const onScreen = route ? !route.print : false;
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // Named like its tab (DOCUMENTS), whichever document is open, from the moment the address names the
  // order (the title must not stay the previous page's while it loads): "Documents · Quote #12 · Lumen & Brass".
  // Without an order number, or for an order that is not there: "Documents · Lumen & Brass".
  const orderWord = rules?.wording.order ?? null;
  usePageTitle(['Documents', ...(orderWord && orderNo !== null && load.status !== 'missing' ? [`${orderWord.charAt(0).toUpperCase()}${orderWord.slice(1)} #${orderNo}`] : [])]);

  // The header shows no order tabs for an order that is not there.
  const missing = load.status === 'missing';
  useEffect(() => {
    if (!missing || orderNo === null) return;
    setMissingOrderPath(`/orders/${orderNo}`);
    return () => setMissingOrderPath(null);
  }, [missing, orderNo, setMissingOrderPath]);

  useEffect(() => {
    if (orgId === null) return;
    if (orderNo === null) return setLoad({ status: 'missing' });
    let live = true;
    setLoad({ status: 'loading' });
    loadOrderWithCatalogue({ orgId, productOrderOrgSpecificId: orderNo, ...(shareToken ? { shareToken } : {}), ...(shareableOrderId ? { shareableOrderId } : {}) }).then(
      (loaded) => {
        if (!live) return;
        if (!loaded) return setLoad({ status: 'missing' });
        // The order is there: a 404 now is the revision's, and says so.
        loadRevision(loaded, revision, onScreen).then(
          (ready) => {
            if (live) setLoad({ status: 'ready', ...ready });
          },
          (err: unknown) => {
            if (!live) return;
            setLoad(revision !== null && err instanceof ApiRequestError && err.status === 404 ? { status: 'revisionMissing', message: errorMessage(err) } : { status: 'error', message: errorMessage(err) });
          },
        );
      },
      (err: unknown) => {
        if (live) setLoad(isMissing(err) ? { status: 'missing' } : { status: 'error', message: errorMessage(err) });
      },
    );
    return () => {
      live = false;
    };
  }, [orgId, orderNo, shareToken, shareableOrderId, revision, onScreen, attempt]);

  if (load.status === 'loading' || !org || !rules || !route) {
    return (
      <p className={styles.loading} role="status" data-testid="documents-loading">
        Loading documents…
      </p>
    );
  }
  if (load.status === 'missing') {
    return (
      <div className={styles.missing} data-testid="order-missing">
        <p>{MISSING_ORDER_TEXT}</p>
        <Link href="/orders">Go to orders</Link>
      </div>
    );
  }
  if (load.status === 'revisionMissing') {
    return (
      <div className={styles.missing}>
        <ErrorPanel heading={load.message} testId="revision-missing">
          <p>
            <Link href={currentUrl(window.location.href)}>See the current quote</Link>
          </p>
        </ErrorPanel>
      </div>
    );
  }
  if (load.status === 'error') {
    return (
      <div className={styles.missing}>
        <ErrorPanel heading="The documents could not be loaded." detail={load.message} onRetry={() => setAttempt((n) => n + 1)} testId="documents-error" />
      </div>
    );
  }
  return (
    <DocumentsScreen
      key={`${load.order.id}:${load.revisions.shown?.number ?? 'now'}:${attempt}`}
      org={org}
      rules={rules}
      userId={userId}
      route={route}
      order={load.order}
      data={load.data}
      catalogue={load.catalogue}
      revisions={load.revisions}
    />
  );
}
