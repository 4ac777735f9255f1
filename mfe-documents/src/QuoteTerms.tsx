import type { DocumentModel } from './model.ts';
import { termsHeight } from './pages.ts';
import styles from './QuoteTerms.module.css';

/** The organisation's terms under a quote, on its last page (their height is counted by the page packer). */
export function QuoteTerms({ doc }: { doc: Pick<DocumentModel, 'terms'> }) {
  if (doc.terms.length === 0) return null;
  return (
    <section className={styles.terms} style={{ height: termsHeight(doc) }} aria-labelledby="quote-terms-heading" data-testid="quote-terms">
      <h2 id="quote-terms-heading" className={styles.heading}>
        Terms
      </h2>
      <ul className={styles.list}>
        {doc.terms.map((t, i) => (
          <li key={i}>{t}</li>
        ))}
      </ul>
    </section>
  );
}

/** A quote's validity, under its title. */
export function ValidUntil({ date }: { date: string | null }) {
  if (!date) return null;
  return (
    <p className={styles.validUntil} data-testid="valid-until">
      Valid until {date}
    </p>
  );
}
