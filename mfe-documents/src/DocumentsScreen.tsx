import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Catalogue, OrderData } from '@cpq/client';
import {
  CatalogueIndex,
  catalogueSnapshotFromRows,
  documentFilename,
  isEmployee,
  isPricingHidden,
  orderCatalogueRows,
  type DocumentKind,
  type OrderDataProductOrder,
  type OrgMembership,
} from '@cpq/domain';
import { drawInstance, graphicsByProduct, type Drawing } from '@cpq/drawing';
import { ProductDrawing } from '@cpq/drawing/react';
import { engineHooks, type PluginRules } from '@cpq/plugin-sdk';
import { Button, downloadBlob, downloadCsv } from '@cpq/ui';
import { documentCsv } from './csv.ts';
import { formatDate } from './dates.ts';
import { DocumentPages, type Branding } from './DocumentPages.tsx';
import { buildDocument, DRAWING_HEIGHT } from './model.ts';
import { fetchPdf } from './pdf.ts';
import { revisionLabel, revisionTime, type RevisionContext } from './revisionLoad.ts';
import { RevisionNotice } from './RevisionNotice.tsx';
import { allowedModes, currentUrl, effectiveMode, urlWith, type DocumentsRoute } from './route.ts';
import styles from './Documents.module.css';

export const SCALE_NOTE = 'Drawing prints to scale on 11x17 (manufacturing) or 8.5x11.';

const MODE_LABELS: Record<DocumentKind, string> = { quote: 'QUOTE', invoice: 'INVOICE', packingSlip: 'PACKING SLIP', factory: 'FACTORY' };

export interface DocumentsScreenProps {
  org: OrgMembership;
  rules: PluginRules;
  userId: number | null;
  route: DocumentsRoute;
  order: OrderDataProductOrder;
  data: OrderData;
  catalogue: Catalogue;
  /** The quote revision printed (order, data and catalogue are then that revision's) and the order's latest. */
  revisions: RevisionContext;
  /** Overridable in tests (the page's time when the order has no pricing date; the CSV's file date). */
  now?: Date;
}

type PdfState = { status: 'idle' } | { status: 'preparing' } | { status: 'error'; message: string };

/** The documents screen: mode picker and actions above the paged document. */
export function DocumentsScreen(props: DocumentsScreenProps) {
  const { org, rules, order, data, route, revisions } = props;
  const shown = revisions.shown;
  const employee = isEmployee(org);
  const pricingHidden = data.pricingIsHidden === true || props.catalogue.pricingIsHidden || isPricingHidden(org, order, props.userId);
  const [mode, setMode] = useState<DocumentKind>(() => effectiveMode(route.mode, employee));
  const discountExcluded = order.productCategoryId !== null && rules.documents.discountToggleExcludedCategoryIds.includes(order.productCategoryId);
  const [hideDiscount, setHideDiscount] = useState(route.hideDiscount && !discountExcluded);
  const [now] = useState(() => props.now ?? new Date());
  const [pdf, setPdf] = useState<PdfState>({ status: 'idle' });
  const [printing, setPrinting] = useState(false);

  const catalogue = useMemo(() => new CatalogueIndex(catalogueSnapshotFromRows(orderCatalogueRows(props.catalogue, data.catalogueAdditions))), [props.catalogue, data.catalogueAdditions]);
  const hooks = useMemo(() => engineHooks(rules), [rules]);
  const settings = org.appData.designEngine ?? {};
  // A revision is priced as on the day it was frozen (when its prices were not kept as agreed).
  const pricedAt = useMemo(() => (shown ? revisionTime(shown.at) : null) ?? now, [shown, now]);

  const doc = useMemo(
    () =>
      buildDocument({
        mode,
        order,
        instances: data.productInstances,
        guests: data.guests,
        catalogue,
        hooks,
        orgSettings: settings,
        guest: !employee,
        pricingHidden,
        hideDiscount,
        now: pricedAt,
        engravings: rules.drawings.engravings ?? null,
        showEstimateNumber: rules.drawings.showEstimateNumber === true,
        drawings: true,
        revision: revisionLabel(revisions),
        acceptance: shown?.acceptance ?? null,
      }),
    [mode, order, data, catalogue, hooks, settings, employee, pricingHidden, hideDiscount, pricedAt, rules.drawings, revisions, shown],
  );
  const drawings = useMemo(() => (mode === 'factory' ? factoryDrawings(data, catalogue, props.catalogue.productGraphics, rules) : new Map<number, Drawing>()), [mode, data, catalogue, props.catalogue.productGraphics, rules]);

  // The mode and the discount choice live in the URL (a reload, a shared link and the PDF renderer see the same page).
  useEffect(() => {
    const next = urlWith(window.location.href, mode, hideDiscount);
    if (next !== window.location.pathname + window.location.search + window.location.hash) window.history.replaceState(window.history.state, '', next);
  }, [mode, hideDiscount]);

  // Ctrl/Cmd+P: the browser prints; the toolbar leaves the page while it does.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'p') setPrinting(true);
    };
    const before = () => setPrinting(true);
    const after = () => setPrinting(false);
    window.addEventListener('keydown', onKey);
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
    };
  }, []);

  const pagesRef = useRef<HTMLDivElement>(null);
  usePrintReady(pagesRef, doc);

  const print = useCallback(() => {
    setPrinting(true);
    window.print();
  }, []);

  const downloadPdf = async () => {
    setPdf({ status: 'preparing' });
    try {
      const { blob, fileName } = await fetchPdf({
        orgId: org.id,
        productOrderOrgSpecificId: order.orgSpecificId,
        document: 'documents',
        mode,
        ...(hideDiscount ? { hideDiscount: true } : {}),
        // The file is the revision on screen, as it was.
        ...(shown ? { revision: shown.number } : {}),
        ...(route.shareToken ? { shareToken: route.shareToken } : {}),
        ...(route.shareableOrderId ? { shareableOrderId: route.shareableOrderId } : {}),
      });
      downloadBlob(blob, fileName ?? `${documentFilename(order, mode, new Date())}.pdf`);
      setPdf({ status: 'idle' });
    } catch (err) {
      setPdf({ status: 'error', message: err instanceof Error ? err.message : 'The PDF could not be prepared. Please try again.' });
    }
  };

  const csvAllowed = employee && (mode === 'quote' || mode === 'invoice' || mode === 'packingSlip');
  // Only when there is a discount to hide, prices are shown and the order's category is not excluded.
  const showToggle = doc.hasDiscount && !pricingHidden && !discountExcluded;

  const branding: Branding = {
    orgTitle: org.title,
    logoUrl: settings.logoUrl ?? null,
    orgSpecificId: order.orgSpecificId,
    lastUpdated: formatDate(order.lastUpdated),
    scaleNote: rules.documents.scaleNoteModes.includes(mode) ? SCALE_NOTE : null,
  };

  return (
    // The page the PDF renderer opens is laid out as the sheets whatever its window: the reading layout
    // would be laid out only for printing to throw it away (decision 0111).
    <div className={styles.screen} data-testid="documents-screen" data-layout={route.print ? 'sheets' : undefined}>
      {!route.print && !printing && (
        <>
          <div className={styles.toolbar} data-testid="documents-toolbar">
            <div className={styles.modes} role="group" aria-label="Document">
              {allowedModes(employee).map((m) => (
                <button key={m} type="button" className={styles.mode} aria-pressed={mode === m} onClick={() => setMode(m)} data-testid={`mode-${m}`}>
                  {MODE_LABELS[m]}
                </button>
              ))}
            </div>
            <div className={styles.actions}>
              {showToggle && (
                <Button variant="secondary" onClick={() => setHideDiscount((h) => !h)} data-testid="discount-toggle">
                  {hideDiscount ? 'Show Discount' : 'Hide Discount'}
                </Button>
              )}
              <Button variant="secondary" onClick={print} data-testid="print">
                Print
              </Button>
              <Button variant="secondary" onClick={() => void downloadPdf()} disabled={pdf.status === 'preparing'} data-testid="download-pdf">
                {pdf.status === 'preparing' ? 'Preparing PDF…' : 'Download PDF'}
              </Button>
              {csvAllowed && (
                <Button variant="secondary" onClick={() => downloadCsv(documentCsv(doc), `${documentFilename(order, mode, now)}.csv`)} data-testid="download-csv">
                  Download CSV
                </Button>
              )}
            </div>
          </div>
          <p className={styles.notice} role="status" aria-live="polite">
            {pdf.status === 'preparing' ? 'Preparing PDF…' : ''}
          </p>
          {pdf.status === 'error' && (
            <p className={styles.error} role="alert" data-testid="pdf-error">
              {pdf.message}
            </p>
          )}
          {shown && <RevisionNotice shown={shown} latest={revisions.latest} changedSinceLatest={revisions.changedSinceLatest} currentHref={currentUrl(urlWith(window.location.href, mode, hideDiscount))} />}
        </>
      )}
      <div ref={pagesRef}>
        <DocumentPages
          doc={doc}
          branding={branding}
          renderDrawing={(row) => {
            const drawing = drawings.get(row.id);
            return drawing ? <ProductDrawing drawing={drawing} title={`Drawing of ${row.title}`} maxHeightPx={DRAWING_HEIGHT} /> : null;
          }}
        />
      </div>
    </div>
  );
}

/** Each item's product drawing for the factory sheet, with dimensions, in the organisation's units. */
function factoryDrawings(data: OrderData, catalogue: CatalogueIndex, graphics: Catalogue['productGraphics'], rules: PluginRules): Map<number, Drawing> {
  const out = new Map<number, Drawing>();
  const graphicOf = graphicsByProduct(graphics);
  for (const instance of data.productInstances) {
    const product = catalogue.product(instance.productId);
    if (!product) continue;
    try {
      out.set(instance.id, drawInstance({ product, instance, catalogue, graphic: graphicOf.get(product.id) ?? null, drawingConfig: rules.drawings }, { units: rules.drawings.defaultUnits, showDimensions: true }));
    } catch (err) {
      // One item that cannot be drawn leaves its room empty; the sheet still prints.
      console.warn(`Item ${instance.id} could not be drawn`, err);
    }
  }
  return out;
}

/**
 * Tells the PDF renderer the page is complete: once this document is on screen with its fonts and
 * images loaded, html[data-print-ready="true"]; cleared while a new document renders.
 */
function usePrintReady(ref: React.RefObject<HTMLDivElement | null>, doc: unknown) {
  useEffect(() => {
    const root = document.documentElement;
    delete root.dataset.printReady;
    let live = true;
    const images = [...(ref.current?.querySelectorAll('img') ?? [])].map((img) =>
      img.complete ? Promise.resolve() : new Promise<void>((resolve) => {
        img.addEventListener('load', () => resolve(), { once: true });
        img.addEventListener('error', () => resolve(), { once: true });
      }),
    );
    const fonts = (document as Document & { fonts?: { ready: Promise<unknown> } }).fonts?.ready ?? Promise.resolve();
    void Promise.all([fonts, ...images]).then(() => {
      if (live) root.dataset.printReady = 'true';
    });
    return () => {
      live = false;
      delete root.dataset.printReady;
    };
  }, [ref, doc]);
}
