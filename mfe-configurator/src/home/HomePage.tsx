import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import { navigateToUrl } from 'single-spa';
import { activeOrgAtom, activeRulesAtom, api, sessionAtom, usePageTitle, type HomepageData } from '@cpq/client';
import { Button, ErrorPanel, Link, LoadingScreen, announcePageShown } from '@cpq/ui';
import { errorMessage } from '../shared/errors.ts';
import styles from './HomePage.module.css';
import { CategoryTile } from './CategoryTile.tsx';
import { ProductDropdown } from './ProductDropdown.tsx';
import {
  buildProductOrderProps,
  homeReducer,
  initialHomeState,
  productsForCategory,
  resolveSections,
  type NewOrderRequest,
  type ResolvedTile,
} from './logic.ts';

const PAGE_TITLE = 'Configuration System';

type Load = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; data: HomepageData };

/** The configurator home page: greeting, category tiles or "New Project", product dropdowns, "My Orders". */
export function HomePage() {
  const org = useAtomValue(activeOrgAtom);
  const rules = useAtomValue(activeRulesAtom);
  const session = useAtomValue(sessionAtom);
  const isArchitectural = !!org?.appData.designEngine.isArchitectural;
  const orgId = org?.id ?? null;

  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [state, dispatch] = useReducer(homeReducer, initialHomeState);
  const creatingRef = useRef(false);

  usePageTitle(PAGE_TITLE);

  // Drawn (the page, or why it could not be): the shell may take its first view of `/` away.
  const drawn = !!org && !!rules && !!session && (isArchitectural || load.status !== 'loading');
  useEffect(() => {
    if (drawn) announcePageShown();
  }, [drawn]);

  useEffect(() => {
    // An architectural organisation shows only "New Project": it needs no catalogue.
    if (orgId === null || isArchitectural) return;
    let live = true;
    setLoad({ status: 'loading' });
    api.homepageData({ orgId }).then(
      (data) => live && setLoad({ status: 'ready', data }),
      (err: unknown) => live && setLoad({ status: 'error', message: errorMessage(err) }),
    );
    return () => {
      live = false;
    };
  }, [orgId, isArchitectural, attempt]);

  const createOrder = useCallback(
    async (req: NewOrderRequest) => {
      if (creatingRef.current || !org || !session) return;
      creatingRef.current = true;
      dispatch({ type: 'createStarted' });
      try {
        const order = await api.createProductOrder({
          productOrderProps: buildProductOrderProps(org.id, session.user.id, req),
        });
        // Stay "creating" until the route changes and this page unmounts.
        navigateToUrl(`/orders/${order.orgSpecificId}`);
      } catch (err) {
        creatingRef.current = false;
        dispatch({ type: 'createFailed', message: errorMessage(err, 'The order could not be created.') });
      }
    },
    [org, session],
  );

  const sections = useMemo(
    () =>
      load.status === 'ready' && rules
        ? resolveSections(rules.home.sections, load.data.productCategories, rules.home.tilesPerRow)
        : [],
    [load, rules],
  );

  if (!org || !rules || !session) return <LoadingScreen />;

  const wording = rules.wording;
  const header = (
    <header className={styles.header}>
      <h1 className={styles.title}>{PAGE_TITLE}</h1>
      <p className={styles.greeting}>{rules.home.greeting(org.title)}</p>
    </header>
  );
  const myOrders = (
    <Link href="/orders" className={styles.myOrders} data-testid="my-orders-link">
      My Orders
    </Link>
  );
  const feedback = (
    <>
      {state.creating && (
        <p className={styles.status} role="status">
          Creating your {wording.order}…
        </p>
      )}
      {state.error && (
        <div className={styles.createError} role="alert" data-testid="create-error">
          <span>
            The {wording.order} could not be created: {state.error}
          </span>
          <button type="button" className={styles.linkButton} onClick={() => dispatch({ type: 'dismissError' })}>
            Dismiss
          </button>
        </div>
      )}
    </>
  );

  if (isArchitectural) {
    return (
      <div className={styles.page} data-testid="home-page">
        {header}
        <div className={styles.archActions}>
          <Button
            className={styles.newProject}
            data-testid="new-project"
            disabled={state.creating}
            onClick={() => void createOrder({ kind: 'arch' })}
          >
            New Project
          </Button>
        </div>
        {feedback}
        {myOrders}
      </div>
    );
  }

  if (load.status === 'loading') return <LoadingScreen />;
  if (load.status === 'error') {
    return (
      <div className={styles.page} data-testid="home-page">
        {header}
        <ErrorPanel
          heading="The catalogue could not be loaded."
          detail={load.message}
          onRetry={() => setAttempt((n) => n + 1)}
          testId="home-error"
        />
        {myOrders}
      </div>
    );
  }

  const { products } = load.data;
  const onTile = (tile: ResolvedTile) => {
    if (tile.action === 'createOrder') {
      dispatch({ type: 'close' });
      void createOrder({ kind: 'category', categoryId: tile.category.id, isStocked: tile.isStocked });
    } else {
      dispatch({ type: 'toggle', tileKey: tile.key });
    }
  };

  return (
    <div className={styles.page} data-testid="home-page" aria-busy={state.creating || undefined}>
      {header}
      {feedback}
      {sections.map((section) => {
        const headingId = `cfg-home-${section.key}`;
        const isEmpty = section.rows.length === 0 && section.links.length === 0;
        return (
          <section key={section.key} className={styles.section} aria-labelledby={headingId}>
            <h2 id={headingId} className={styles.sectionTitle}>
              {section.title}
            </h2>
            {isEmpty && <p className={styles.muted}>Nothing is available here yet.</p>}
            {section.rows.map((row, rowIndex) => {
              const openTile = row.find((t) => t.key === state.openTileKey);
              return (
                <div key={rowIndex} className={styles.rowBlock}>
                  <div className={styles.row}>
                    {row.map((tile) => (
                      <CategoryTile
                        key={tile.key}
                        tile={tile}
                        expanded={tile.key === state.openTileKey}
                        dropdownId={dropdownId(tile)}
                        disabled={state.creating}
                        onActivate={() => onTile(tile)}
                      />
                    ))}
                  </div>
                  {openTile && (
                    <ProductDropdown
                      id={dropdownId(openTile)}
                      category={openTile.category}
                      products={productsForCategory(products, openTile.category.id, org.role)}
                      disabled={state.creating}
                      onChoose={(product) =>
                        void createOrder({
                          kind: 'category',
                          categoryId: openTile.category.id,
                          productId: product.id,
                          isStocked: openTile.isStocked,
                        })
                      }
                      onClose={() => dispatch({ type: 'close' })}
                    />
                  )}
                </div>
              );
            })}
            {section.links.length > 0 && (
              <ul className={styles.links}>
                {section.links.map((link) => (
                  <li key={link.href + link.label}>
                    <a href={link.href} target="_blank" rel="noopener noreferrer" className={styles.link}>
                      {link.label}
                      <span className={styles.visuallyHidden}> (opens in a new tab)</span>
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </section>
        );
      })}
      {myOrders}
    </div>
  );
}

function dropdownId(tile: ResolvedTile): string {
  return `cfg-products-${tile.key}`;
}
