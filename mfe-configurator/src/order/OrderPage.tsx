import { useEffect, useMemo, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { activeOrgAtom, activeRulesAtom, loadOrderWithCatalogue, sessionAtom, usePageTitle, type Catalogue, type OrderData, missingOrderPathAtom } from '@cpq/client';
import { CatalogueIndex, catalogueSnapshotFromRows, isEmployee, orderCatalogueRows, type EngineHooks, type OrderDataProductOrder } from '@cpq/domain';
import { engineHooks } from '@cpq/plugin-sdk';
import { ErrorPanel, Link, useLocationKey } from '@cpq/ui';
import { errorMessage, isMissing } from '../shared/errors.ts';
import styles from './OrderPage.module.css';
import { measureTextBrowser } from '../shared/measureText.ts';
import { OrderEditor } from './editor/OrderEditor.tsx';
import type { EditorEngine } from './editor/itemViews.ts';
import { orderHeading, parseOrderRoute } from './logic.ts';
import { isPricingHidden } from './pricing.ts';

export const MISSING_ORDER_TEXT =
  "You might need to ask for an invite or the order you're looking for might have been deleted";

type Load =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'error'; message: string }
  | { status: 'ready'; order: OrderDataProductOrder; data: OrderData; catalogue: Catalogue };

/** The order page's EDIT tab: loads the order and its catalogue, then the editor (or the missing / error states). */
export function OrderPage() {
  const org = useAtomValue(activeOrgAtom);
  const rules = useAtomValue(activeRulesAtom);
  const userId = useAtomValue(sessionAtom)?.user.id ?? null;
  const hooks = useMemo(() => (rules ? engineHooks(rules) : null), [rules]);
  const locationKey = useLocationKey();
  const [pathname = '', search = ''] = splitLocation(locationKey);
  const route = parseOrderRoute(pathname, search);
  const setMissingOrderPath = useSetAtom(missingOrderPathAtom);
  const orgId = org?.id ?? null;
  const orderNo = route?.orgSpecificId ?? null;
  const shareToken = route?.shareToken;
  const shareableOrderId = route?.shareableOrderId;

  const [load, setLoad] = useState<Load>({ status: 'loading' });
  // The header shows no order tabs for an order that is not there.
  const missing = load.status === 'missing';
  useEffect(() => {
    if (!missing) return;
    const path = pathname.replace(/\/(documents|drawings)$/, '');
    setMissingOrderPath(path);
    return () => setMissingOrderPath(null);
  }, [missing, pathname, setMissingOrderPath]);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (orgId === null) return;
    if (orderNo === null) {
      setLoad({ status: 'missing' });
      return;
    }
    let live = true;
    setLoad({ status: 'loading' });
    // The order and the catalogue travel separately, side by side; the catalogue is revalidated by ETag.
    loadOrderWithCatalogue({
      orgId,
      productOrderOrgSpecificId: orderNo,
      ...(shareToken ? { shareToken } : {}),
      ...(shareableOrderId ? { shareableOrderId } : {}),
    }).then(
      (loaded) => {
        if (live) setLoad(loaded ? { status: 'ready', ...loaded } : { status: 'missing' });
      },
      (err: unknown) => {
        if (!live) return;
        setLoad(isMissing(err) ? { status: 'missing' } : { status: 'error', message: errorMessage(err) });
      },
    );
    return () => {
      live = false;
    };
  }, [orgId, orderNo, shareToken, shareableOrderId, attempt]);

  const wordingOrder = rules?.wording.order ?? 'order';
  const heading = load.status === 'ready' ? orderHeading(wordingOrder, load.order.orgSpecificId) : null;
  usePageTitle(heading ?? (load.status === 'missing' ? 'Page not found' : null));

  let body;
  if (load.status === 'loading' || !org || !hooks || !rules) {
    body = (
      <p className={styles.loading} role="status" data-testid="order-loading">
        Loading {wordingOrder}…
      </p>
    );
  } else if (load.status === 'missing') {
    body = (
      <div className={styles.narrow}>
        <div className={styles.missing} data-testid="order-missing">
          <p>{MISSING_ORDER_TEXT}</p>
          <Link href="/orders" className={styles.link}>
            Go to orders
          </Link>
        </div>
      </div>
    );
  } else if (load.status === 'error') {
    body = (
      <div className={styles.narrow}>
        <ErrorPanel
          heading={`The ${wordingOrder} could not be loaded.`}
          detail={load.message}
          onRetry={() => setAttempt((n) => n + 1)}
          testId="order-error"
        />
      </div>
    );
  } else {
    const { order, data, catalogue } = load;
    body = (
      <OrderEditor
        key={`${order.id}:${attempt}`}
        order={order}
        data={data}
        catalogue={catalogue}
        engine={engineFor(data, catalogue, hooks)}
        org={org}
        rules={rules}
        employee={isEmployee(org)}
        pricingHidden={data.pricingIsHidden === true || isPricingHidden(org, order, userId)}
      />
    );
  }

  // The page is as wide as the editor from its first frame: widening it when the order arrives moved the
  // whole page sideways (a layout shift of 0.135 at 1400 px). The missing and error states keep their narrow column inside it.
  return (
    <div className={styles.page} data-testid="order-page">
      {body}
    </div>
  );
}

const engines = new WeakMap<OrderData, { catalogue: Catalogue; hooks: EngineHooks; engine: EditorEngine }>();

/** The engine inputs of one loaded order: the catalogue with the order's additions, the organisation's hooks. */
function engineFor(data: OrderData, catalogue: Catalogue, hooks: EngineHooks): EditorEngine {
  const kept = engines.get(data);
  if (kept && kept.catalogue === catalogue && kept.hooks === hooks) return kept.engine;
  const rows = orderCatalogueRows(catalogue, data.catalogueAdditions);
  const engine: EditorEngine = { catalogue: new CatalogueIndex(catalogueSnapshotFromRows(rows)), hooks, measureText: measureTextBrowser, now: new Date() };
  engines.set(data, { catalogue, hooks, engine });
  return engine;
}

function splitLocation(key: string): [string, string] {
  const i = key.indexOf('?');
  return i < 0 ? [key, ''] : [key.slice(0, i), key.slice(i)];
}
