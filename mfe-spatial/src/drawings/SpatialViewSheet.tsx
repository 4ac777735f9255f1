import type { PageSize } from './pageLayout.ts';
import { SheetFooter, type SheetHeading } from './DrawingSheet.tsx';
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

/** A printed page of one viewport: its drawing (an SVG picture of the view) and its notes. */
export function SpatialViewSheet({ page, pageNumber, pageCount, size, heading }: { page: SpatialPage; pageNumber: number; pageCount: number; size: PageSize; heading: SheetHeading }) {
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
        <img src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(page.svg)}`} alt={`Drawing: ${page.title}`} className={styles.spatialImage} style={{ maxHeight: size.heightPx - 280 }} />
      </div>
      {page.notes.map((n) => (
        <p key={n.key} className={styles.notes}>
          <strong>{NOTE_LABELS[n.key] ?? n.key}:</strong> {n.text}
        </p>
      ))}
      <SheetFooter pageNumber={pageNumber} pageCount={pageCount} heading={heading} />
    </section>
  );
}
