import type { PageSize } from './pageLayout.ts';
import { LeftOutNote, SheetFooter, type SheetHeading } from './DrawingSheet.tsx';
import type { SpatialPage } from './spatialPages.ts';
import styles from './DrawingSheet.module.css';

const NOTE_LABELS: Record<string, string> = {
  general: 'Notes',
  productSpec: 'Product spec',
  calicoMuralArea: 'Mural areas',
  calicoMuralTexture: 'Mural textures',
  calicoMuralPanel: 'Panels',
  criticalAlignmentPanel: 'Critical alignment',
  calicoMuralSeam: 'Seams',
  mismatch: 'Mismatch',
};

/**
 * The view's SVG drawn in the page itself (not as an <img>): a picture in an SVG image loads no
 * pictures of its own, and tests read the labels' and panels' geometry from the page.
 */
const inline = (svg: string) => svg.replace(/^<\?xml[^>]*\?>\s*/, '');

/** A printed page of one viewport: its drawing (an SVG picture of the view) and its notes. */
export function SpatialViewSheet({ page, pageNumber, pageCount, size, heading, leftOut = [] }: { page: SpatialPage; pageNumber: number; pageCount: number; size: PageSize; heading: SheetHeading; leftOut?: readonly string[] }) {
  return (
    <section className={styles.sheet} style={{ width: size.widthPx, height: size.heightPx }} aria-label={`Page ${pageNumber} of ${pageCount}`} data-testid="drawing-page" data-page-type={page.type} data-page-size={size.name}>
      <header className={styles.header}>
        <h2 className={styles.heading}>{heading.heading}</h2>
        <span className={styles.orderTitle}>{heading.title}</span>
      </header>
      <h3 className={styles.instanceTitle} data-testid="spatial-page-title">
        {page.title}
      </h3>
      <div className={styles.spatialDrawing}>
        {/* The SVG is built by sceneToSvg, which escapes every text and address it writes. */}
        <div className={styles.spatialSvg} role="img" aria-label={`Drawing: ${page.title}`} data-testid="spatial-drawing" dangerouslySetInnerHTML={{ __html: inline(page.svg) }} />
      </div>
      {page.notes.map((n) => (
        <p key={n.key} className={styles.notes}>
          <strong>{NOTE_LABELS[n.key] ?? n.key}:</strong> {n.text}
        </p>
      ))}
      <LeftOutNote notes={leftOut} />
      <SheetFooter pageNumber={pageNumber} pageCount={pageCount} heading={heading} />
    </section>
  );
}
