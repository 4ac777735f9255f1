import type { CSSProperties, ReactNode } from 'react';
import { DOCUMENT_MARGIN, DOCUMENT_PAGE, INCOMPLETE_ADDRESS_TEXT } from '@cpq/domain';
import { PICTURE_SIZE, type DocColumn, type DocRow, type DocumentModel } from './model.ts';
import { Acceptance } from './Acceptance.tsx';
import { QuoteTerms, ValidUntil } from './QuoteTerms.tsx';
import { BODY_HEIGHT, FOOTER_HEIGHT, HEADER_HEIGHT, headerFieldHeight, paginate, summaryHeight, TABLE_HEADER_HEIGHT } from './pages.ts';
import styles from './Documents.module.css';
import pictures from './Pictures.module.css';

export interface Branding {
  orgTitle: string;
  logoUrl: string | null;
  orgSpecificId: number;
  lastUpdated: string;
  /** Footer note that the drawing prints to scale (null: none). */
  scaleNote: string | null;
}

export interface DocumentPagesProps {
  doc: DocumentModel;
  branding: Branding;
  /** Draws an item's product drawing (factory sheet) in the room its row keeps for it. */
  renderDrawing?: (row: DocRow) => ReactNode;
}

const pageStyle: CSSProperties = { width: DOCUMENT_PAGE.width, height: DOCUMENT_PAGE.height, padding: DOCUMENT_MARGIN };

/** The paged document: fixed-size landscape pages, rows packed so none is cut. */
export function DocumentPages({ doc, branding, renderDrawing }: DocumentPagesProps) {
  const pages = paginate(doc);
  return (
    <div className={styles.pages} data-testid="document" data-mode={doc.mode}>
      {pages.map((page, n) => (
        <section key={n} className={styles.page} style={pageStyle} data-testid="document-page" aria-label={`${doc.title}, page ${n + 1} of ${pages.length}`}>
          <div className={styles.body} style={{ height: BODY_HEIGHT }}>
            {n === 0 && <Header doc={doc} branding={branding} />}
            {page.to > page.from && (
              <div role="table" aria-label={`${doc.title} items`} className={styles.table}>
                <div role="row" className={styles.headRow} style={{ height: TABLE_HEADER_HEIGHT }}>
                  {doc.columns.map((c) => (
                    <div key={c.key} role="columnheader" className={cellClass(c)} style={cellStyle(c)}>
                      {c.label}
                    </div>
                  ))}
                </div>
                {doc.rows.slice(page.from, page.to).map((r) => (
                  <Row key={r.id} row={r} columns={doc.columns} renderDrawing={renderDrawing} />
                ))}
              </div>
            )}
            {page.hasSummary && doc.summary && (
              <dl className={styles.summary} style={{ height: summaryHeight(doc) }} data-testid="document-summary">
                {doc.summary.map((l) => (
                  <div key={l.key} className={l.emphasis ? styles.summaryStrong : undefined} data-testid={`summary-${l.key}`}>
                    <dt>{l.label}</dt>
                    <dd>{l.text}</dd>
                  </div>
                ))}
              </dl>
            )}
            {page.hasSummary && <QuoteTerms doc={doc} />}
            {page.hasSummary && <Acceptance doc={doc} />}
          </div>
          <footer className={styles.footer} style={{ height: FOOTER_HEIGHT }} data-testid="document-footer">
            {branding.logoUrl ? <img className={styles.footerLogo} src={branding.logoUrl} alt={branding.orgTitle} /> : <span>{branding.orgTitle}</span>}
            <span>Order #{branding.orgSpecificId}</span>
            <span>Last updated {branding.lastUpdated}</span>
            {branding.scaleNote && <span className={styles.scaleNote}>{branding.scaleNote}</span>}
            <span data-testid="page-number">
              Page {n + 1} of {pages.length}
            </span>
          </footer>
        </section>
      ))}
    </div>
  );
}

function cellClass(c: DocColumn): string {
  return [styles.cell, c.width === null ? styles.itemCell : '', c.align === 'right' ? styles.right : c.align === 'center' ? styles.center : ''].filter(Boolean).join(' ');
}

function cellStyle(c: DocColumn): CSSProperties | undefined {
  return c.width === null ? undefined : { width: c.width, flex: `0 0 ${c.width}px` };
}

function Row({ row, columns, renderDrawing }: { row: DocRow; columns: readonly DocColumn[]; renderDrawing: DocumentPagesProps['renderDrawing'] }) {
  return (
    <div role="row" className={styles.row} style={{ height: row.height }} data-testid="document-row">
      {columns.map((c) => (
        // data-label: the column's heading, shown beside each figure where the table reflows on a narrow screen.
        <div key={c.key} role="cell" className={cellClass(c)} style={cellStyle(c)} data-label={c.key === 'item' || c.key === 'picture' ? undefined : c.label}>
          {c.key === 'quantity' ? (
            <Line>{row.quantity}</Line>
          ) : c.key === 'picture' ? (
            // Decorative beside the item's title (alt=""); eager, so a print or PDF waits for it.
            row.picture && <img src={row.picture} alt="" className={pictures.picture} style={{ width: PICTURE_SIZE, height: PICTURE_SIZE }} data-testid="document-picture" />
          ) : c.key === 'item' ? (
            <>
              <Line strong>{row.title}</Line>
              {row.productTitle && <Line muted>{row.productTitle}</Line>}
              {row.lines.map((l, i) => (
                <Line key={i}>{l}</Line>
              ))}
              {row.notes && <Line muted>Notes: {row.notes}</Line>}
              {row.thumbnails.length > 0 && (
                <div className={styles.thumbs}>
                  {row.thumbnails.map((t) =>
                    t.url ? (
                      <img key={t.url + t.alt} src={t.url} alt={t.alt} className={styles.thumb} />
                    ) : (
                      <span key={t.alt} role="img" aria-label={t.alt} className={`${styles.thumb} ${pictures.colour}`} style={{ backgroundColor: t.color ?? undefined }} data-testid="document-swatch-colour" />
                    ),
                  )}
                </div>
              )}
              {row.hasDrawing && renderDrawing && <div className={styles.drawing}>{renderDrawing(row)}</div>}
            </>
          ) : c.key === 'check' ? (
            <span className={styles.checkLine} aria-label="Checked / initials" />
          ) : (
            (row.cells[c.key] ?? []).map((l, i) => <Line key={i}>{l}</Line>)
          )}
        </div>
      ))}
    </div>
  );
}

function Line({ children, strong, muted }: { children: ReactNode; strong?: boolean; muted?: boolean }) {
  return <div className={[styles.line, strong ? styles.strong : '', muted ? styles.muted : ''].filter(Boolean).join(' ')}>{children}</div>;
}

function Header({ doc, branding }: { doc: DocumentModel; branding: Branding }) {
  const fieldHeight = headerFieldHeight(doc.fields.length);
  return (
    <header className={styles.header} style={{ height: HEADER_HEIGHT }} data-testid="document-header">
      <div className={styles.brand}>
        {branding.logoUrl ? <img className={styles.logo} src={branding.logoUrl} alt={branding.orgTitle} /> : <p className={styles.orgName}>{branding.orgTitle}</p>}
        <h1 className={styles.docTitle}>{doc.title}</h1>
        <ValidUntil date={doc.validUntil} />
      </div>
      <dl className={styles.fields}>
        {doc.fields.map((f) => (
          <div key={f.key} style={{ height: fieldHeight }} data-testid={`field-${f.key}`}>
            <dt>{f.label}</dt>
            <dd>{f.value}</dd>
          </div>
        ))}
      </dl>
      <div className={styles.address} data-testid="delivery-address">
        <p className={styles.addressTitle}>Deliver to</p>
        {doc.address.lines.map((l, i) => (
          <p key={i}>{l}</p>
        ))}
        {doc.address.incomplete && <p className={styles.incomplete}>{INCOMPLETE_ADDRESS_TEXT}</p>}
      </div>
    </header>
  );
}
