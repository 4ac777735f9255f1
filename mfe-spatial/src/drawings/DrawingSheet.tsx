import { ProductDrawing } from '@cpq/drawing/react';
import type { DrawingsLayout, PlacedInstance } from './drawingSet.ts';
import styles from './DrawingSheet.module.css';

export interface SheetHeading {
  /** "Order #12" in the organisation's wording. */
  heading: string;
  title: string;
  /** Shown when the organisation prints the estimate number and the order has one. */
  estimateNumber: string | null;
  /** The product spec notes, for organisations that print them. */
  productSpec: readonly string[];
  /** The organisation whose pages these are: its logo heads each footer, else its name. */
  orgTitle: string;
  logoUrl: string | null;
  /** The footer's order number ("Order #12") and the order's last change, in the organisation's date format. */
  orderNumber: string;
  lastUpdated: string;
}

export interface DrawingSheetProps {
  placed: readonly PlacedInstance[];
  pageNumber: number;
  pageCount: number;
  size: DrawingsLayout['size'];
  heading: SheetHeading;
  /** The option id and title columns (some organisations print without them). */
  optionColumns: boolean;
  /** Notes on the pages the set leaves out (shown on its first page). */
  leftOut?: readonly string[];
}

/** One printed page of the drawings set: heading, up to 4 instances side by side, and the sign-off footer. */
export function DrawingSheet({ placed, pageNumber, pageCount, size, heading, optionColumns, leftOut = [] }: DrawingSheetProps) {
  return (
    <section
      className={styles.sheet}
      style={{ width: size.widthPx, height: size.heightPx }}
      aria-label={`Page ${pageNumber} of ${pageCount}`}
      data-testid="drawing-page"
      data-page-size={size.name}
    >
      <header className={styles.header}>
        <h2 className={styles.heading}>{heading.heading}</h2>
        <span className={styles.orderTitle}>{heading.title}</span>
        {heading.estimateNumber ? (
          <span className={styles.estimate} data-testid="estimate-number">
            Estimate #: {heading.estimateNumber}
          </span>
        ) : null}
      </header>
      {heading.productSpec.length ? (
        <div className={styles.productSpec} data-testid="product-spec">
          <h3 className={styles.productSpecTitle}>Product spec</h3>
          {heading.productSpec.map((note, i) => (
            <p key={i}>{note}</p>
          ))}
        </div>
      ) : null}

      <div className={styles.instances}>
        {placed.map((p) => (
          <InstanceBlock key={p.drawn.id} placed={p} optionColumns={optionColumns} />
        ))}
      </div>

      <LeftOutNote notes={leftOut} />
      <SheetFooter pageNumber={pageNumber} pageCount={pageCount} heading={heading} />
    </section>
  );
}

/** Which pages the set leaves out and why ("Print Panel Layout · North Wall is left out: no panels yet. …"). */
export function LeftOutNote({ notes }: { notes: readonly string[] }) {
  if (!notes.length) return null;
  return (
    <aside className={styles.leftOut} data-testid="left-out-pages" aria-label="Pages left out">
      {notes.map((note) => (
        <p key={note}>{note}</p>
      ))}
    </aside>
  );
}

/**
 * Every drawings page ends with the organisation's logo, the order number and its last change, the
 * page number and the Notes / Initials / Date sign-off lines.
 */
export function SheetFooter({ pageNumber, pageCount, heading }: { pageNumber: number; pageCount: number; heading: SheetHeading }) {
  return (
    <footer className={styles.footer} data-testid="drawing-footer">
      {heading.logoUrl ? (
        <img className={styles.footerLogo} src={heading.logoUrl} alt={heading.orgTitle} data-testid="drawing-footer-logo" />
      ) : (
        <span className={styles.footerOrg}>{heading.orgTitle}</span>
      )}
      <span className={styles.footerMeta}>
        <span data-testid="drawing-footer-order">{heading.orderNumber}</span>
        {heading.lastUpdated ? <span data-testid="drawing-footer-updated">Last updated {heading.lastUpdated}</span> : null}
      </span>
      <span className={styles.pageNumber}>
        Page {pageNumber} of {pageCount}
      </span>
      <span className={styles.line}>Notes:</span>
      <span className={styles.lineShort}>Initials:</span>
      <span className={styles.lineShort}>Date:</span>
    </footer>
  );
}

function InstanceBlock({ placed, optionColumns }: { placed: PlacedInstance; optionColumns: boolean }) {
  const { drawn, scale } = placed;
  const titleId = `drawn-${drawn.id}`;
  const width = drawn.drawing ? drawn.drawing.width * scale : 0;
  return (
    <article className={styles.instance} aria-labelledby={titleId} data-testid="drawing-instance" style={{ minWidth: Math.min(width, 240) || 240 }}>
      <div className={styles.drawingArea}>
        {drawn.drawing ? (
          <div className={styles.drawingBox} style={{ width, height: drawn.drawing.height * scale }}>
            <ProductDrawing drawing={drawn.drawing} title={`Drawing of ${drawn.title}`} className={styles.svg} />
          </div>
        ) : (
          <p className={styles.noDrawing}>No drawing for this item.</p>
        )}
      </div>
      <h3 className={styles.instanceTitle} id={titleId}>
        <span className={styles.number} data-testid="instance-number">
          {drawn.number}
        </span>{' '}
        {drawn.title}
      </h3>
      <p className={styles.qty}>Qty: {drawn.quantity}</p>
      {/* A drawing with its own settings table already lists every setting (with units): the page does
          not repeat them below it, where a long list would run into the footer. */}
      {optionColumns && drawn.options.length && !drawn.drawing?.settingsTable ? (
        <table className={styles.options}>
          <thead>
            <tr>
              <th scope="col">Property</th>
              <th scope="col">ID</th>
              <th scope="col">Option</th>
            </tr>
          </thead>
          <tbody>
            {drawn.options.map((o) => (
              <tr key={o.propertyId}>
                <th scope="row">{o.property}</th>
                <td>{o.optionId ?? ''}</td>
                <td className={o.isError ? styles.error : undefined}>{o.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {drawn.notes ? <p className={styles.notes}>{drawn.notes}</p> : null}
    </article>
  );
}
