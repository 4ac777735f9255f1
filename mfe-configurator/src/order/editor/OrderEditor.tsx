import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useAtom } from 'jotai';
import { api, sessionAtom, type Catalogue, type OrderData } from '@cpq/client';
import { allowedChanges, changeRefusal, formatCents, isCustomProduct, pricesFollowCatalogue, type Costs, type OrderChange, type OrgMembership, type Product, type StatusData } from '@cpq/domain';
import type { PluginRules } from '@cpq/plugin-sdk';
import { Button, startGuidedTour, useIsPhone, useShowsKeyboardTips } from '@cpq/ui';
import { navigateToUrl } from 'single-spa';
import { costLines, priceDiffers } from '../pricing.ts';
import { MoreActions, PhoneBar } from './PhoneActions.tsx';
import { ORDER_DIALOGS, type OrderDialogs } from '../dialogSlots.ts';
import { PluginSlot } from '../slots/PluginSlot.tsx';
import { SpatialCanvasSection } from '../spatial/SpatialCanvasSection.tsx';
import { orderPageActionsContext } from '../slots/orderPageActions.ts';
import { ReopenDialog, StatusActions } from '../status/StatusActions.tsx';
import { StatusHeader } from '../status/StatusHeader.tsx';
import { StatusHistory } from '../status/StatusHistory.tsx';
import { StatusPanels } from '../status/StatusPanels.tsx';
import { useOrderStatus } from '../status/useOrderStatus.ts';
import { capitalise, documentsHref } from '../logic.ts';
import { DrawingControls } from '../drawing/DrawingControls.tsx';
import { graphicsByProduct } from '@cpq/drawing';
import { ItemDrawing } from '../drawing/ItemDrawing.tsx';
import { EngravingsDialog } from '../engravings/EngravingsDialog.tsx';
import { useDrawingView } from '../drawing/useDrawingView.ts';
import { Cart } from './Cart.tsx';
import { InstanceBar } from './InstanceBar.tsx';
import { AddItemTitle, CustomProductDialog, ProductPicker, ProjectInfo } from './ItemDialogs.tsx';
import { explanationOf, orderCosts, ownerGuest, showsStoredPrices, storedTotal, type EditorEngine } from './itemViews.ts';
import { useItemViews } from './useItemViews.ts';
import { byRank, clipboardShortcut, CONFIRM_DELETE_CART_ITEM, CONFIRM_DELETE_ITEM, neighbour, pickerProducts } from './logic.ts';
import { useConfirm } from './useConfirm.tsx';
import { ReviewSummary } from '../status/ReviewSummary.tsx';
import { RevisionsPanel } from '../revisions/RevisionsPanel.tsx';
import { useOrderReload, type OrderReload } from '../revisions/useOrderReload.ts';
import reviewStyles from '../status/ReviewSummary.module.css';
import { OptionPicker, type PropertyGroupRow } from './OptionPicker.tsx';
import { useOrderEditor, type Notice } from './useOrderEditor.ts';
import { useSubmitGuidance } from './useSubmitGuidance.ts';
import type { Instance, Order } from './writes.ts';
import styles from './Editor.module.css';

export interface OrderEditorProps {
  order: Order;
  data: OrderData;
  catalogue: Catalogue;
  engine: EditorEngine;
  org: OrgMembership;
  rules: PluginRules;
  employee: boolean;
  pricingHidden: boolean;
  dialogs?: OrderDialogs;
  /** Overridable for tests. */
  writes?: Parameters<typeof useOrderEditor>[0]['writes'];
  saveDebounceMs?: number;
}

type Step = { kind: 'none' } | { kind: 'projectInfo' } | { kind: 'pick' } | { kind: 'custom' } | { kind: 'title'; product: Product; initial: string };

/** The EDIT tab of the order page, drawn afresh from the order read again after a quote revision is restored. */
export function OrderEditor(props: OrderEditorProps) {
  const reload = useOrderReload({ order: props.order, data: props.data, catalogue: props.catalogue, engine: props.engine, orgId: props.org.id });
  return <OrderEditorView key={reload.version} {...props} {...(reload.loaded ?? {})} reload={reload} />;
}

/** The EDIT tab of the order page: header, the active item's editor, the cart and the price summary. */
function OrderEditorView(props: OrderEditorProps & { reload: OrderReload }) {
  const { org, rules, engine, employee, pricingHidden } = props;
  const dialogs = props.dialogs ?? ORDER_DIALOGS;
  const settings = org.appData.designEngine ?? {};
  const ed = useOrderEditor({
    order: props.order,
    items: props.data.productInstances,
    orgId: org.id,
    role: org.role,
    employee,
    rules,
    orgSettings: settings,
    engine,
    confirmCosts: !pricingHidden,
    ...(props.writes ? { writes: props.writes } : {}),
    ...(props.saveDebounceMs !== undefined ? { saveDebounceMs: props.saveDebounceMs } : {}),
  });
  const { order, items } = ed;
  // What this person may change at the order's step (the same table the server enforces).
  const lockState = { statusData: (order.statusData ?? {}) as StatusData, isProcessingPayment: order.isProcessingPayment ? (1 as const) : (0 as const) };
  const lockActor = employee ? 'employee' : 'guest';
  const orderStatuses = settings.productOrderStatuses ?? [];
  const changes = new Set<OrderChange>(allowedChanges(orderStatuses, lockState, lockActor));
  const itemsLocked = !changes.has('items');
  const lockReason = itemsLocked ? changeRefusal(orderStatuses, lockState, lockActor, 'items') : null;
  const [confirmNode, ask] = useConfirm();
  const phone = useIsPhone();
  // Shortcut tips only where there is a keyboard to press them on.
  const keyboardTips = useShowsKeyboardTips();
  const [session, setSession] = useAtom(sessionAtom);
  const cartVisible = session?.user.preferences?.cartIsVisible ?? true;
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [notesOpen, setNotesOpen] = useState(false);
  const [engravingsOpen, setEngravingsOpen] = useState(false);
  const drawingView = useDrawingView(rules.drawings, () => ed.notify('error', 'Your dimensions preference could not be saved.'));
  const wordingOrder = rules.wording.order;
  const products = useMemo(() => pickerProducts(props.catalogue.products as Product[], order, items), [props.catalogue.products, order, items]);
  const groups = props.catalogue.productPropertyGroups as PropertyGroupRow[];

  // What the user sees first: project information before the first item, then a new item.
  const needsProjectInfo = !settings.isArchitectural && !order.promptedForProjectInfo && items.length === 0;
  const [step, setStep] = useState<Step>({ kind: 'none' });
  const [reopening, setReopening] = useState(false);
  const startNewItem = useCallback(() => {
    if (itemsLocked) return;
    // A guest goes straight to a new item: the product itself when the category has only one.
    if (!employee && products.length === 1) setStep({ kind: 'title', product: products[0]!, initial: defaultTitle(products[0]!) });
    else setStep({ kind: 'pick' });
  }, [employee, products, itemsLocked]);
  function defaultTitle(product: Product): string {
    const d = rules.items.newItemDefaults({ product: { id: product.id, productCategoryId: product.productCategoryId }, items: items.map((i) => ({ productId: i.productId, title: i.title ?? null, properties: i.properties ?? null })) });
    return d.title ?? '';
  }
  useEffect(() => {
    if (needsProjectInfo) setStep({ kind: 'projectInfo' });
    else if (items.length === 0 && !settings.isArchitectural) startNewItem();
    // Only when the page opens: later, the user decides.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A submitted, approved or paid order shows the prices it was agreed at, as stored: the server keeps them.
  const storedPrices = showsStoredPrices(settings.productOrderStatuses, order);
  const { views, complete: viewsComplete, everyView } = useItemViews({ items, engine, order, storedPrices, activeId: ed.activeId });
  const guide = useSubmitGuidance({ items, views, order, notices: ed.notices, dismiss: ed.dismiss, setActiveId: ed.setActiveId });
  const ownerTerms = useMemo(() => ownerGuest(props.data.guests, order.userId), [props.data.guests, order.userId]);
  const costs = useMemo<Costs>(
    () =>
      // Until every item's view is in, the costs the server stored for the same items (they are the ones it confirms).
      (storedPrices || !viewsComplete) && !ed.costsStale && order.costs
        ? order.costs
        : orderCosts(items.map((i) => views.get(i.id)?.totalPriceInCents ?? storedTotal(i)), order, engine.hooks, settings, ownerTerms),
    [items, views, viewsComplete, order, engine.hooks, settings, ownerTerms, storedPrices, ed.costsStale],
  );
  // Stable across edits (it reads the latest items when called), so unchanged cart rows are not drawn again.
  const latest = useRef({ items, order });
  latest.current = { items, order };
  const explain = useCallback((id: number) => {
    const i = latest.current.items.find((x) => x.id === id);
    return i ? explanationOf(i, engine, latest.current.order) : null;
  }, [engine]);

  const active = ed.activeItem;
  const activeProduct = active ? engine.catalogue.product(active.productId) : undefined;
  const activeView = active ? views.get(active.id) : undefined;
  // Custom products are employees' own: a guest sees them but cannot change them (the server refuses it).
  // A locked order (submitted, approved, paying) is read-only whatever the item.
  const readOnly = (i: Instance | null) => !!i && (itemsLocked || !changes.has('options') || (isCustomProduct(i.productId) ? !employee : !engine.catalogue.product(i.productId)));
  const engravings = drawingView.engravingsOf(activeProduct, engine.catalogue);
  const graphics = useMemo(() => graphicsByProduct(props.catalogue.productGraphics), [props.catalogue.productGraphics]);
  const activeGraphic = (activeProduct && graphics.get(activeProduct.id)) ?? null;

  // Copy and paste of the active item (not while typing in a field, nor when text is selected).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const what = clipboardShortcut(e);
      if (!what || step.kind !== 'none') return;
      if (what === 'copy') {
        if (window.getSelection()?.toString()) return;
        if (ed.copy()) e.preventDefault();
      } else if (ed.hasClipboard() && !itemsLocked) {
        e.preventDefault();
        void ed.paste();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [ed, step.kind, itemsLocked]);

  const toggleCart = () => {
    const next = !cartVisible;
    if (session) setSession({ ...session, user: { ...session.user, preferences: { ...session.user.preferences, cartIsVisible: next } } });
    api.updatePreferences({ cartIsVisible: next }).catch(() => ed.notify('error', 'Your cart preference could not be saved.'));
  };

  const deleteItem = async (id: number, text: string) => {
    if (!(await ask(text, { destructive: true }))) return;
    if ((await ed.deleteItem(id)) && items.length === 1) startNewItem();
  };
  const deleteRef = useRef(deleteItem);
  deleteRef.current = deleteItem;
  const deleteFromCart = useCallback((id: number) => void deleteRef.current(id, CONFIRM_DELETE_CART_ITEM), []);
  const applyToAll = async (propertyId: number, optionId: number) => {
    if (!active) return;
    const plan = ed.applyToAll(active.id, propertyId, optionId);
    if (!plan.confirm) return ed.notify('info', 'No other item in this order can take this option.');
    if (await ask(plan.confirm)) ed.runApplyToAll(plan);
  };

  const statusType = order.lastCompletedStatusKey ? settings.productOrderStatuses?.find((s) => s.key === order.lastCompletedStatusKey)?.type : undefined;
  const atOrderStart = !order.lastCompletedStatusKey || statusType === 'orderStarted' || statusType === undefined;
  const Settings = dialogs.OrderSettingsDialog;
  const Notes = dialogs.ItemNotesDialog;
  // The organisation's own order actions (e.g. 850's back-box quote), drawn in the header.
  const slotContext = useMemo(
    () => orderPageActionsContext({ org, order, items, catalogue: { products: props.catalogue.products, productOptions: props.catalogue.productOptions }, pricingHidden }),
    [org, order, items, props.catalogue, pricingHidden],
  );
  const status = useOrderStatus({
    order,
    org,
    rules,
    employee,
    pricingHidden,
    itemsValid: guide.itemsValid,
    incompleteItems: guide.incompleteItems,
    pointAtItem: guide.pointAtItem,
    notify: ed.notify,
    ask,
    openSettings: (focus) => {
      guide.setSettingsFocus(focus ?? null);
      setSettingsOpen(true);
    },
    applyStatus: ed.applyStatus,
    settle: ed.settle,
  });
  const summary = !pricingHidden && <PriceSummary costs={costs} serverTotal={ed.costsStale ? null : (order.costs?.orderTotal ?? null)} wordingOrder={wordingOrder} amountPaid={order.amountPaidInCents ?? 0} />;
  // An owner or member reviewing a submitted order sees what they approve rather than the editor, which stays one click away (decision 0094).
  const reviewing = employee && status.current?.type === 'submittedForApproval';
  const [fullEditor, setFullEditor] = useState(false);
  const showReview = reviewing && !fullEditor;

  const addItem = !itemsLocked && (
    <Button onClick={startNewItem} data-testid="add-item" data-tour="add-item">
      Add item
    </Button>
  );

  return (
    <div className={styles.editor} data-testid="order-editor" data-tour="order-editor">
      <header className={styles.header}>
        <div className={styles.headingBlock}>
          <h1 id="cfg-order-heading" className={styles.heading}>
            {capitalise(wordingOrder)} <span data-testid="order-number">#{order.orgSpecificId}</span>
          </h1>
          <p className={styles.orderTitle} data-testid="order-title">
            {order.title}
          </p>
        </div>
        {/* The shell's "Skip to order actions" lands here when no primary action is on offer. */}
        <div className={styles.controls} data-order-actions>
          <SaveStatus state={ed.save.state} message={ed.save.message} onRetry={ed.retry} />
          {/* A phone keeps Add item in view and puts the rest behind "More", last in the row; its Submit goes to the bar at the bottom. */}
          {phone && addItem}
          <SecondaryActions phone={phone}>
            <Button variant="secondary" onClick={toggleCart} aria-pressed={cartVisible} data-testid="cart-toggle">
              {cartVisible ? 'Hide Cart' : 'View Cart'}
            </Button>
            {Settings && (employee || changes.has('orderDetails')) && (
              <Button variant="secondary" onClick={() => setSettingsOpen(true)} data-testid="edit-order-details">
                Edit Order Details
              </Button>
            )}
            {rules.documents.orderPageLinks.viewQuote && (
              <Button variant="secondary" onClick={() => navigateToUrl(documentsHref(order.orgSpecificId))} data-testid="view-quote">
                View Quote
              </Button>
            )}
            <DrawingControls showDimensions={drawingView.showDimensions} onToggleDimensions={drawingView.toggleDimensions} {...(drawingView.unitChoice ? { units: drawingView.unitChoice } : {})} />
            {/* For everyone: the shell's tour of this page's controls. */}
            <Button variant="secondary" onClick={startGuidedTour} data-testid="guided-tour">
              Guided Tour
            </Button>
            {rules.documents.orderPageLinks.viewInvoice && !atOrderStart && (
              <Button variant="secondary" onClick={() => navigateToUrl(documentsHref(order.orgSpecificId, 'invoice'))} data-testid="view-invoice">
                View Invoice
              </Button>
            )}
            <PluginSlot name="orderPage.actions" context={slotContext} />
            {phone && <StatusActions status={status} part="secondary" onReopen={() => setReopening(true)} />}
          </SecondaryActions>
          {!phone && addItem}
          {!phone && <StatusActions status={status} onReopen={() => setReopening(true)} />}
        </div>
      </header>
      <StatusHeader status={status} />
      {/* Here, not inside a layout's branch: a switch between phone and desktop layouts keeps it open. */}
      {reopening && <ReopenDialog status={status} onClose={() => setReopening(false)} />}

      {lockReason && (
        <p className={styles.lockNotice} role="note" data-testid="order-locked">
          {lockReason}
        </p>
      )}
      <Notices notices={ed.notices} onDismiss={ed.dismiss} />
      {reviewing &&
        (fullEditor ? (
          <p className={reviewStyles.backLine}>
            <Button variant="secondary" onClick={() => setFullEditor(false)} data-testid="back-to-review">
              Back to the summary
            </Button>
          </p>
        ) : (
          <ReviewSummary
            orderId={order.id}
            items={byRank(items)}
            views={everyView()}
            costs={costs}
            pricingHidden={pricingHidden}
            wordingOrder={wordingOrder}
            quoteRevision={order.quoteRevision ?? 0}
            historyVersion={status.historyVersion}
            onOpenEditor={() => setFullEditor(true)}
          />
        ))}
      <StatusPanels status={status} />
      {props.data.isSpatial && <SpatialCanvasSection order={order} data={props.data} catalogue={props.catalogue} canEdit={!itemsLocked} items={items} onPlaceItem={ed.placeItem} onCopyItem={ed.copyItemTo} />}

      <div className={`${styles.layout} ${cartVisible ? '' : styles.layoutNoCart} ${showReview ? reviewStyles.away : ''}`} hidden={showReview}>
        <section className={styles.panel} aria-label="Item editor" data-tour="item-editor">
          {active && activeView ? (
            <>
              <InstanceBar
                key={active.id}
                item={active}
                product={activeProduct}
                view={activeView}
                count={items.length}
                readOnly={readOnly(active)}
                hasPrevious={neighbour(items, active.id, -1) !== null}
                hasNext={neighbour(items, active.id, 1) !== null}
                onPrevious={() => ed.setActiveId(neighbour(items, active.id, -1))}
                onNext={() => ed.setActiveId(neighbour(items, active.id, 1))}
                onTitle={(t) => ed.setTitle(active.id, t)}
                onQuantity={(q) => ed.setQuantity(active.id, q)}
                onRank={(r) => ed.setRank(active.id, r)}
                {...(employee && isCustomProduct(active.productId) ? { onCustomPrice: (cents: number) => ed.setCustomPrice(active.id, cents) } : {})}
                onDelete={() => void deleteItem(active.id, CONFIRM_DELETE_ITEM)}
                {...(Notes ? { onNotes: () => setNotesOpen(true) } : {})}
              />
              {!activeView.valid && (
                <ul className={styles.itemIssues} data-testid="item-issues">
                  {activeView.issues
                    .filter((i) => i.severity === 'error' && i.propertyId === null)
                    .map((i, n) => (
                      <li key={n}>{i.message}</li>
                    ))}
                  <li>This item has an invalid configuration. Please update the options shown in red.</li>
                </ul>
              )}
              {activeProduct && (
                <ItemDrawing
                  item={active}
                  product={activeProduct}
                  catalogue={engine.catalogue}
                  graphic={activeGraphic}
                  config={rules.drawings}
                  units={drawingView.units}
                  showDimensions={drawingView.showDimensions}
                  measureText={engine.measureText}
                  title={`Drawing of ${active.title || activeProduct.title}`}
                  employee={employee}
                />
              )}
              {activeProduct && engravings && !readOnly(active) && (
                <div className={styles.engravingsLine}>
                  <Button variant="secondary" onClick={() => setEngravingsOpen(true)} data-testid="open-engravings">
                    Engravings
                  </Button>
                </div>
              )}
              {activeProduct ? (
                <OptionPicker
                  key={`picker-${active.id}`}
                  item={active}
                  product={activeProduct}
                  view={activeView}
                  engine={engine}
                  role={org.role}
                  employee={employee}
                  groups={groups}
                  readOnly={readOnly(active)}
                  canApplyToAll={items.length > 1}
                  onChoose={(pid, oid) => ed.chooseOption(active.id, pid, oid)}
                  onValue={(pid, entry) => ed.setValue(active.id, pid, entry)}
                  onApplyToAll={(pid, oid) => void applyToAll(pid, oid)}
                  {...(engravings ? { hiddenPropertyIds: engravings.propertyIds } : {})}
                  pointAt={guide.pointAt?.itemId === active.id ? guide.pointAt : null}
                  onPointed={guide.pointed}
                />
              ) : (
                <p className={styles.muted}>{isCustomProduct(active.productId) ? 'A custom product has no options to choose.' : 'This item uses a product that is not offered to you, so only an employee can change it.'}</p>
              )}
              {!itemsLocked && keyboardTips && <p className={styles.hintLine}>Tip: Ctrl+C / ⌘C copies this item; Ctrl+V / ⌘V pastes a copy after it.</p>}
            </>
          ) : (
            <div className={styles.emptyEditor} data-testid="editor-empty">
              <p>This {wordingOrder} has no items yet.</p>
              {!itemsLocked && <Button onClick={startNewItem}>Add the first item</Button>}
            </div>
          )}
          {!cartVisible && summary}
        </section>
        {cartVisible && (
          <aside className={styles.side} aria-label="Cart and price summary">
            <Cart
              items={byRank(items)}
              views={views}
              activeId={ed.activeId}
              pricingHidden={pricingHidden}
              employee={employee}
              readOnly={itemsLocked || !changes.has('quantities')}
              wordingOrder={wordingOrder}
              onSelect={ed.setActiveId}
              onQuantity={ed.setQuantity}
              onDelete={deleteFromCart}
              explain={explain}
            />
            {summary}
          </aside>
        )}
      </div>

      {/* Known to have revisions, or maybe since a status call here froze the first (its answer does not say). */}
      {((order.quoteRevision ?? 0) > 0 || status.historyVersion > 0) && (
        <RevisionsPanel
          orderId={order.id}
          orgSpecificId={order.orgSpecificId}
          employee={employee}
          wordingOrder={wordingOrder}
          atFirstStep={pricesFollowCatalogue(orderStatuses, lockState.statusData)}
          atReview={status.current?.type === 'submittedForApproval'}
          isSpatial={props.data.isSpatial === true}
          expected={(order.quoteRevision ?? 0) > 0}
          version={`${status.historyVersion}:${order.revision ?? ''}`}
          saveState={ed.save.state}
          settle={ed.settle}
          onRestored={props.reload.afterRestore}
          notice={props.reload.notice}
        />
      )}
      {employee && status.statuses.length > 0 && <StatusHistory status={status} />}
      {phone && <PhoneBar status={status} total={pricingHidden ? null : totalLine(costs)} />}

      {step.kind === 'projectInfo' && (
        <ProjectInfo
          order={order}
          wordingOrder={wordingOrder}
          onSave={async (p) => {
            await ed.updateOrder(p);
            startNewItem();
          }}
          onSkip={async () => {
            await ed.updateOrder({ promptedForProjectInfo: 1 });
            startNewItem();
          }}
        />
      )}
      {step.kind === 'pick' && (
        <ProductPicker
          products={products}
          onClose={() => setStep({ kind: 'none' })}
          onPick={(product) => setStep({ kind: 'title', product, initial: defaultTitle(product) })}
          {...(employee ? { onCustom: () => setStep({ kind: 'custom' }) } : {})}
        />
      )}
      {step.kind === 'custom' && (
        <CustomProductDialog
          onClose={() => setStep({ kind: 'none' })}
          onAdd={async (custom) => {
            if (await ed.createCustomItem(custom)) setStep({ kind: 'none' });
          }}
        />
      )}
      {step.kind === 'title' && (
        <AddItemTitle
          product={step.product}
          initial={step.initial}
          onClose={() => setStep({ kind: 'none' })}
          onAdd={async (title) => {
            if (await ed.createItem(step.product, title)) setStep({ kind: 'none' });
          }}
        />
      )}
      {Settings && settingsOpen && (
        <Settings
          open
          onClose={() => {
            setSettingsOpen(false);
            guide.setSettingsFocus(null);
          }}
          focus={guide.settingsFocus}
          order={order} org={org} rules={rules} pricingHidden={pricingHidden} ownerTerms={ownerTerms} onOrderChanged={ed.setOrder} />
      )}
      {Notes && notesOpen && active && (
        <Notes
          open
          onClose={() => setNotesOpen(false)}
          instance={{ id: active.id, title: active.title ?? null, notes: active.notes ?? null }}
          product={activeProduct ?? null}
          media={props.catalogue.media}
          readOnly={readOnly(active)}
          onSave={(notes) => ed.setNotes(active.id, notes)}
        />
      )}
      {engravingsOpen && active && activeProduct && engravings && (
        <EngravingsDialog
          key={active.id}
          item={active}
          product={activeProduct}
          graphic={activeGraphic}
          engine={engine}
          config={engravings.config}
          role={org.role}
          units={drawingView.units}
          onSave={(changes) => {
            for (const [key, entry] of Object.entries(changes)) ed.setValue(active.id, Number(key), entry);
          }}
          onClose={() => setEngravingsOpen(false)}
        />
      )}
      {confirmNode}
    </div>
  );
}

/** The secondary actions: in the header's row on a wider screen, behind "More" on a phone. */
function SecondaryActions({ phone, children }: { phone: boolean; children: ReactNode }) {
  return phone ? <MoreActions>{children}</MoreActions> : <>{children}</>;
}

/** The total as the price summary words it. */
function totalLine(costs: Costs): { label: string; text: string } | null {
  const line = costLines(costs).find((l) => l.key === 'total');
  return line ? { label: line.label, text: line.text } : null;
}

function SaveStatus({ state, message, onRetry }: { state: string; message: string | null; onRetry: () => void }) {
  return (
    <span className={styles.saveStatus} role="status" aria-live="polite" data-testid="save-status" data-state={state}>
      {state === 'saving' && 'Saving…'}
      {state === 'saved' && 'Saved'}
      {state === 'error' && (
        <>
          <span className={styles.invalid} title={message ?? undefined}>
            Could not save
          </span>{' '}
          —{' '}
          <button type="button" className={styles.linkButton} onClick={onRetry} data-testid="save-retry">
            Retry
          </button>
        </>
      )}
    </span>
  );
}

function Notices({ notices, onDismiss }: { notices: readonly Notice[]; onDismiss: (id: number) => void }) {
  return (
    <div className={styles.notices} aria-live="assertive" data-testid="notices">
      {notices.map((n) => (
        <div key={n.id} className={`${styles.notice} ${styles[`notice_${n.kind}`] ?? ''}`} role={n.kind === 'info' ? 'status' : 'alert'} data-testid={`notice-${n.kind}`}>
          <p>{n.text}</p>
          <button type="button" className={styles.iconButton} onClick={() => onDismiss(n.id)} aria-label="Dismiss message">
            ×
          </button>
        </div>
      ))}
    </div>
  );
}

function PriceSummary({ costs, serverTotal, wordingOrder, amountPaid }: { costs: Costs; serverTotal: number | null; wordingOrder: string; amountPaid: number }) {
  const lines = costLines(costs);
  // Once money came in: what was paid and what is left, against the saved total (the one payments are for).
  const balance = Math.max(0, (serverTotal ?? costs.orderTotal) - amountPaid);
  const mismatch = serverTotal !== null && priceDiffers(costs.orderTotal, serverTotal);
  return (
    <section className={styles.summary} aria-labelledby="cfg-summary-heading" data-testid="price-summary" data-tour="price-summary">
      <h2 id="cfg-summary-heading" className={styles.panelTitle}>
        Price summary
      </h2>
      <dl className={styles.costs}>
        {lines.map((l) => (
          <div key={l.key} className={l.emphasis ? styles.totalLine : undefined} data-testid={`cost-${l.key}`}>
            <dt>{l.label}</dt>
            {l.key === 'total' ? (
              <dd data-testid="order-total" data-cents={costs.orderTotal} {...(serverTotal !== null ? { 'data-server-cents': serverTotal } : {})}>
                {l.text}
              </dd>
            ) : (
              <dd>{l.text}</dd>
            )}
          </div>
        ))}
        {amountPaid > 0 && (
          <>
            <div data-testid="cost-paid">
              <dt>Paid</dt>
              <dd>{formatCents(amountPaid)}</dd>
            </div>
            <div className={styles.totalLine} data-testid="cost-balance">
              <dt>Balance due</dt>
              <dd>{formatCents(balance)}</dd>
            </div>
          </>
        )}
      </dl>
      {mismatch && (
        <p className={styles.mismatch} role="status" data-testid="total-mismatch">
          The {wordingOrder} total differs from the saved total ({formatCents(serverTotal)}); reload to refresh.
        </p>
      )}
    </section>
  );
}
