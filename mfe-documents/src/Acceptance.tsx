import type { DocumentModel } from './model.ts';
import { acceptanceHeight } from './pages.ts';
import styles from './Acceptance.module.css';

/** "Accepted online" at the end of an accepted revision's quote, after the terms (its height is counted by the page packer). */
export function Acceptance({ doc }: { doc: Pick<DocumentModel, 'acceptance'> }) {
  const block = doc.acceptance;
  if (!block) return null;
  return (
    <section className={styles.acceptance} style={{ height: acceptanceHeight(doc) }} aria-labelledby="quote-acceptance-heading" data-testid="quote-acceptance">
      <div className={styles.box}>
        <h2 id="quote-acceptance-heading" className={styles.heading}>
          {block.heading}
        </h2>
        {block.lines.map((l) => (
          <p key={l.key} className={styles.line} data-testid={`acceptance-${l.key}`}>
            {l.code && l.text.endsWith(l.code) ? (
              <>
                {l.text.slice(0, l.text.length - l.code.length)}
                <code className={styles.code}>{l.code}</code>
              </>
            ) : (
              l.text
            )}
          </p>
        ))}
      </div>
    </section>
  );
}
