import { useEffect, useMemo, useState } from 'react';
import { useAtomValue } from 'jotai';
import { activeOrgAtom, activeRulesAtom, api, sessionAtom, type Catalogue, type OrderData } from '@cpq/client';
import { isEmployee, orderCatalogueRows, type OrderDataProductOrder } from '@cpq/domain';
import { engineHooks } from '@cpq/plugin-sdk';
import { ErrorPanel, Link, useLocationKey } from '@cpq/ui';
import { errorMessage, isMissing } from '../shared/errors.ts';
import styles from './OrderPage.module.css';
import { capitalise, formatDate, orderHeading, orderTypeLabel, parseOrderRoute, titleById } from './logic.ts';
import { OrderItems } from './OrderItems.tsx';
import { isPricingHidden, type OrderDataLike } from './pricing.ts';

export const MISSING_ORDER_TEXT =
  "You might need to ask for an invite, or the order you're looking for might have been deleted.";

type Load =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'error'; message: string }
  | { status: 'ready'; order: OrderDataProductOrder; data: OrderData; catalogue: Catalogue };

/** The order page: which order this is, its items and prices (read-only for now). Editing and status come later. */
export function OrderPage() {
  const org = useAtomValue(activeOrgAtom);
  const rules = useAtomValue(activeRulesAtom);
  const userId = useAtomValue(sessionAtom)?.user.id ?? null;
  const hooks = useMemo(() => (rules ? engineHooks(rules) : null), [rules]);
  const locationKey = useLocationKey();
  const [pathname = '', search = ''] = splitLocation(locationKey);
  const route = parseOrderRoute(pathname, search);
  const orgId = org?.id ?? null;
  const orderNo = route?.orgSpecificId ?? null;
  const shareToken = route?.shareToken;
  const shareableOrderId = route?.shareableOrderId;

  const [load, setLoad] = useState<Load>({ status: 'loading' });
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
    Promise.all([
      api.orderData({
        orgId,
        productOrderOrgSpecificId: orderNo,
        ...(shareToken ? { shareToken } : {}),
        ...(shareableOrderId ? { shareableOrderId } : {}),
      }),
      api.catalogue(orgId, orderNo),
    ]).then(
      async ([data, catalogue]) => {
        if (!live) return;
        const order = data.productOrders.find((o) => o.orgSpecificId === orderNo) ?? data.productOrders[0];
        if (!order) return setLoad({ status: 'missing' });
        // The catalogue changed between the two answers: ask again for the one the order was read with (or newer).
        if (catalogue.version < data.catalogueVersion) catalogue = await api.catalogue(orgId, orderNo);
        if (live) setLoad({ status: 'ready', order, data, catalogue });
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
  useEffect(() => {
    if (heading) document.title = heading;
  }, [heading]);

  let body;
  if (load.status === 'loading' || !org || !hooks) {
    body = (
      <p className={styles.loading} role="status" data-testid="order-loading">
        Loading {wordingOrder}…
      </p>
    );
  } else if (load.status === 'missing') {
    body = (
      <div className={styles.missing} data-testid="order-missing">
        <p>{MISSING_ORDER_TEXT}</p>
        <Link href="/orders" className={styles.link}>
          Go to orders
        </Link>
      </div>
    );
  } else if (load.status === 'error') {
    body = (
      <ErrorPanel
        heading={`The ${wordingOrder} could not be loaded.`}
        detail={load.message}
        onRetry={() => setAttempt((n) => n + 1)}
        testId="order-error"
      />
    );
  } else {
    const { order, data, catalogue } = load;
    const categoryTitle = order.productCategoryId !== null && order.productCategoryId > 0 ? titleById(catalogue.productCategories, order.productCategoryId) : null;
    const productTitle = titleById(catalogue.products, order.productId);
    body = (
      <>
        <article className={styles.card} aria-labelledby="cfg-order-heading">
          <header className={styles.cardHeader}>
            <h1 id="cfg-order-heading" className={styles.number}>
              {capitalise(wordingOrder)} <span data-testid="order-number">#{order.orgSpecificId}</span>
            </h1>
            <p className={styles.title} data-testid="order-title">
              {order.title}
            </p>
          </header>
          <dl className={styles.facts}>
            <dt>Type</dt>
            <dd data-testid="order-type">{orderTypeLabel(order.type, order.isStocked)}</dd>
            <dt>Created</dt>
            <dd data-testid="order-created">{formatDate(order.created)}</dd>
            {categoryTitle && (
              <>
                <dt>Product category</dt>
                <dd data-testid="order-category">{categoryTitle}</dd>
              </>
            )}
            {productTitle && (
              <>
                <dt>Product</dt>
                <dd data-testid="order-product">{productTitle}</dd>
              </>
            )}
          </dl>
          <p className={styles.note}>Editing items and the order status will come in a later release.</p>
          <Link href="/orders" className={styles.link}>
            Back to my {rules?.wording.orders ?? 'orders'}
          </Link>
        </article>
        <OrderItems
          data={orderRows(data, catalogue)}
          order={order}
          hooks={hooks}
          orgSettings={org.appData.designEngine ?? null}
          pricingHidden={data.pricingIsHidden === true || isPricingHidden(org, order, userId)}
          showRuleFailures={isEmployee(org)}
          wordingOrder={wordingOrder}
        />
      </>
    );
  }

  return (
    <main className={styles.page} data-testid="order-page">
      {body}
    </main>
  );
}

const rowsByLoad = new WeakMap<OrderData, { catalogue: Catalogue; rows: OrderDataLike }>();

/** The rows the order's items are priced and shown with: the catalogue, the order's additions, its items (one object per answer). */
function orderRows(data: OrderData, catalogue: Catalogue): OrderDataLike {
  const kept = rowsByLoad.get(data);
  if (kept && kept.catalogue === catalogue) return kept.rows;
  const rows: OrderDataLike = { ...orderCatalogueRows(catalogue, data.catalogueAdditions), productInstances: data.productInstances, guests: data.guests };
  rowsByLoad.set(data, { catalogue, rows });
  return rows;
}

function splitLocation(key: string): [string, string] {
  const i = key.indexOf('?');
  return i < 0 ? [key, ''] : [key.slice(0, i), key.slice(i)];
}
