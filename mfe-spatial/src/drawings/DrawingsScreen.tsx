import { useCallback, useEffect, useMemo, useState, type CSSProperties } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { activeOrgAtom, activeRulesAtom, errorMessage, missingOrderPathAtom, usePageTitle } from '@cpq/client';
import { drawingsFilename, formatDate, orgDateSettings, type DocumentPdfBody } from '@cpq/domain';
import { ErrorPanel, Link, downloadBlob, useLocationKey } from '@cpq/ui';
import { DrawingSheet, LeftOutNote } from './DrawingSheet.tsx';
import { SpatialViewSheet } from './SpatialViewSheet.tsx';
import { canvasMeasure } from './measure.ts';
import { muralDesigns, spatialPages } from './spatialPages.ts';
import { DrawingsToolbar, type PdfState } from './DrawingsToolbar.tsx';
import { drawInstances, layOutPages } from './drawingSet.ts';
import { fetchDrawingsPdf } from './pdfDownload.ts';
import { productSpecNotes } from './productSpec.ts';
import { parseDrawingsRoute, withSettings, type DrawingsSettings } from './route.ts';
import { useDrawingsData } from './useDrawingsData.ts';
import { usePrinting } from './usePrinting.ts';
import a11y from '../a11y.module.css';
import styles from './DrawingsScreen.module.css';

/** The order's last change in the organisation's date format (decision 0089); '' when it has none. */
function lastUpdatedText(value: string | null | undefined, designEngine: unknown): string {
  const settings = orgDateSettings(designEngine);
  const shown = formatDate(value, { locale: settings.locale, timeZone: settings.timeZone || 'UTC', style: 'date' });
  return shown === value ? '' : shown;
}

/** Resolves once every picture of the set (SVG images and <img>s) has loaded or failed. */
async function picturesLoaded(): Promise<void> {
  const screen = document.querySelector('[data-testid="drawings-screen"]');
  if (!screen) return;
  const addresses = new Set<string>();
  screen.querySelectorAll('svg image').forEach((el) => {
    const href = el.getAttribute('href');
    if (href) addresses.add(href);
  });
  screen.querySelectorAll('img').forEach((img) => addresses.add(img.currentSrc || img.src));
  await Promise.all(
    [...addresses].map((src) => {
      if (typeof Image === 'undefined') return undefined;
      const img = new Image();
      img.src = src;
      return typeof img.decode === 'function' ? img.decode().catch(() => undefined) : undefined;
    }),
  );
}

export const MISSING_ORDER_TEXT = "You might need to ask for an invite or the order you're looking for might have been deleted";

/** /orders/{orgSpecificId}/drawings: the order's drawings set, to print or download as a PDF. */
export function DrawingsScreen() {
  const org = useAtomValue(activeOrgAtom);
  const rules = useAtomValue(activeRulesAtom);
  const config = rules?.drawings ?? null;
  const locationKey = useLocationKey();
  const q = locationKey.indexOf('?');
  const pathname = q < 0 ? locationKey : locationKey.slice(0, q);
  const search = q < 0 ? '' : locationKey.slice(q);
  const defaults: DrawingsSettings = { setMode: 'multiple', units: config?.defaultUnits ?? 'mm', showDimensions: true };
  const route = parseDrawingsRoute(pathname, search, defaults);
  // Titled from the address while the order loads: "Drawings · Quote #12 · Lumen & Brass" once the
  // organisation's word for an order is known, else "Drawings · Lumen & Brass".
  const titleWord = rules?.wording.order ?? null;
  usePageTitle(['Drawings', ...(route && titleWord ? [`${titleWord.charAt(0).toUpperCase()}${titleWord.slice(1)} #${route.orgSpecificId}`] : [])]);

  // Settings changed on this page; written to the query string too, so a reload or the PDF shows the same set.
  const [changed, setChanged] = useState<DrawingsSettings | null>(null);
  const settings = changed ?? route?.settings ?? defaults;
  // Another order's drawings (the screen stays mounted between orders): back to its URL's settings.
  useEffect(() => setChanged(null), [pathname]);
  const changeSettings = (next: DrawingsSettings) => {
    setChanged(next);
    window.history.replaceState(window.history.state, '', `${pathname}${withSettings(search, next)}`);
  };

  const [attempt, setAttempt] = useState(0);
  const data = useDrawingsData(
    { orgId: org?.id ?? null, orgSpecificId: route?.orgSpecificId ?? null, shareToken: route?.shareToken, shareableOrderId: route?.shareableOrderId },
    attempt,
  );
  const { state: printState, print } = usePrinting();

  // The header shows no order tabs for an order that is not there.
  const setMissingOrderPath = useSetAtom(missingOrderPathAtom);
  const missing = data.status === 'missing';
  useEffect(() => {
    if (!missing) return;
    setMissingOrderPath(pathname.replace(/\/drawings\/?$/, ''));
    return () => setMissingOrderPath(null);
  }, [missing, pathname, setMissingOrderPath]);
  const [pdf, setPdf] = useState<PdfState>({ status: 'idle' });

  const dimensionControls = config?.dimensionControls === true;
  // Client sets (INDIVIDUAL) of an organisation with dimension controls always carry dimensions.
  const showDimensions = dimensionControls && settings.setMode === 'individual' ? true : settings.showDimensions;

  const layout = useMemo(() => {
    if (data.status !== 'loaded' || !config) return null;
    const paper = rules?.drawingsPage.paper ?? 'ledger';
    const drawn = drawInstances(data.data.productInstances, data.index, data.catalogue.productGraphics, config, { units: settings.units, setMode: settings.setMode, showDimensions }, paper);
    return layOutPages(drawn, settings.setMode, paper);
  }, [data, config, rules, settings.units, settings.setMode, showDimensions]);
  // A spatial order's viewports follow its items (the mural page types where murals are planned).
  // Pages with nothing to draw are left out, with a note on the set's first page.
  const pageSize = layout?.size ?? null;
  const { pages: viewPages, leftOut } = useMemo(() => {
    if (data.status !== 'loaded' || !data.data.isSpatial || !rules || !pageSize) return { pages: [], leftOut: [] };
    // The room a viewport's drawing has on its page (SpatialViewSheet): the page less margins, heading, notes and footer.
    const drawingBoxPx = { width: pageSize.widthPx - 72, height: pageSize.heightPx - 280 };
    const measure = canvasMeasure();
    return spatialPages(data.data, rules.spatial, { drawingBoxPx, muralDesign: muralDesigns(data.index), ...(measure ? { measure } : {}) });
  }, [data, rules, pageSize]);
  const leftOutNotes = leftOut.map((p) => p.note);

  const status = data.status === 'loaded' && !layout ? 'loading' : data.status;

  // On screen, pages wider than the window are shown smaller (print always uses the real size).
  const [fit, setFit] = useState(1);
  const pageWidthPx = layout?.size.widthPx ?? 0;
  const fitRef = useCallback(
    (el: HTMLDivElement | null) => {
      if (!el || !pageWidthPx || typeof ResizeObserver === 'undefined') return;
      const measure = () => {
        const style = getComputedStyle(el);
        const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        setFit(Math.min(1, Math.floor((room / pageWidthPx) * 1000) / 1000));
      };
      // Measured now as well (a ref is attached before the browser paints): a page first drawn at full
      // size and shrunk when the observer reports would move everything on it (a layout shift).
      measure();
      const observer = new ResizeObserver(measure);
      observer.observe(el);
      return () => observer.disconnect();
    },
    [pageWidthPx],
  );
  const wordingOrder = rules?.wording.order ?? 'order';

  // The PDF renderer waits for this mark: every page of the set is in the document, with its pictures
  // (the mural designs, item pictures, the logo) loaded, or failed: a missing picture does not hold the PDF up.
  useEffect(() => {
    if (status !== 'loaded') return;
    let live = true;
    const ready = () => {
      if (live) document.documentElement.dataset.printReady = 'true';
    };
    picturesLoaded().then(ready, ready);
    return () => {
      live = false;
      delete document.documentElement.dataset.printReady;
    };
  }, [status, layout, viewPages]);

  const downloadPdf = async () => {
    if (data.status !== 'loaded' || !org || !route) return;
    setPdf({ status: 'preparing' });
    const body: DocumentPdfBody = {
      orgId: org.id,
      productOrderOrgSpecificId: route.orgSpecificId,
      document: 'drawings',
      setMode: settings.setMode,
      units: settings.units,
      showDimensions: settings.showDimensions,
      ...(route.shareToken ? { shareToken: route.shareToken } : {}),
      ...(route.shareableOrderId ? { shareableOrderId: route.shareableOrderId } : {}),
    };
    try {
      const blob = await fetchDrawingsPdf(body);
      downloadBlob(blob, `${drawingsFilename({ orgSpecificId: data.order.orgSpecificId, title: data.order.title ?? '' }, new Date())}.pdf`);
      setPdf({ status: 'idle' });
    } catch (err) {
      setPdf({ status: 'error', message: errorMessage(err) });
    }
  };

  const hideToolbar = route?.print === true || printState.printing;
  let body;
  if (status === 'loading') {
    body = (
      <p className={styles.message} role="status">
        Loading drawings…
      </p>
    );
  } else if (data.status === 'missing') {
    body = (
      <div className={styles.message} data-testid="drawings-missing">
        <p>{MISSING_ORDER_TEXT}</p>
        <Link href="/orders" className={styles.link}>
          Go to {rules?.wording.orders ?? 'orders'}
        </Link>
      </div>
    );
  } else if (data.status === 'error') {
    body = <ErrorPanel heading="The drawings could not be loaded." detail={data.message} onRetry={() => setAttempt((n) => n + 1)} testId="drawings-error" />;
  } else if (data.status === 'loaded' && layout) {
    const { order } = data;
    const heading = {
      heading: `${wordingOrder.charAt(0).toUpperCase()}${wordingOrder.slice(1)} #${order.orgSpecificId}`,
      title: order.title ?? '',
      estimateNumber: config?.showEstimateNumber ? (order.estimateNumber ?? null) : null,
      productSpec: config?.productSpec ? productSpecNotes(data.data.archCustomViews) : [],
      orgTitle: org?.title ?? '',
      logoUrl: org?.appData.designEngine?.logoUrl ?? null,
      // As the documents' footers have it: 'Order #{id}' and the order's last change, read in UTC
      // unless the organisation names its zone (the PDF is this page drawn on the server).
      orderNumber: `Order #${order.orgSpecificId}`,
      lastUpdated: lastUpdatedText(order.lastUpdated, org?.appData.designEngine),
    };
    const pageCount = layout.pages.length + viewPages.length;
    body = pageCount ? (
      <div className={styles.pages} ref={fitRef} style={{ '--sheet-zoom': fit } as CSSProperties}>
        <style>{`@page { size: ${layout.size.cssSize}; margin: 0; }`}</style>
        {layout.pages.map((placed, i) => (
          <DrawingSheet key={i} placed={placed} pageNumber={i + 1} pageCount={pageCount} size={layout.size} heading={heading} optionColumns={rules?.drawingsPage.optionColumns !== false} leftOut={i === 0 ? leftOutNotes : []} />
        ))}
        {viewPages.map((page, i) => (
          <SpatialViewSheet key={`view-${i}`} page={page} pageNumber={layout.pages.length + i + 1} pageCount={pageCount} size={layout.size} heading={heading} leftOut={layout.pages.length === 0 && i === 0 ? leftOutNotes : []} />
        ))}
      </div>
    ) : (
      <div className={styles.message} data-testid="drawings-empty">
        <p>This {wordingOrder} has no items to draw yet.</p>
        <LeftOutNote notes={leftOutNotes} />
        <Link href={`/orders/${order.orgSpecificId}`} className={styles.link}>
          Add items
        </Link>
      </div>
    );
  }

  return (
    <div className={styles.screen} data-testid="drawings-screen" data-status={status} data-printing={printState.printing || undefined} data-pdf={printState.pdf || route?.print || undefined}>
      <h1 className={a11y.visuallyHidden}>Drawings</h1>
      {!hideToolbar && status === 'loaded' ? (
        <DrawingsToolbar settings={settings} onChange={changeSettings} dimensionControls={dimensionControls} onPrint={print} onDownloadPdf={downloadPdf} pdf={pdf} />
      ) : null}
      {body}
    </div>
  );
}
