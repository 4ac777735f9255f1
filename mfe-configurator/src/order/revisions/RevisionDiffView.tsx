import { useId } from 'react';
import { NONE, NOT_CHOSEN, type RevisionChangeLine, type RevisionDiff } from '@cpq/domain';
import { NO_CHANGES } from './words.ts';
import styles from './RevisionDiffView.module.css';

/**
 * What changed between two revisions (revisionDiff), as a person reads it: each changed item's title
 * then its lines, items added and removed, then the price summary, then the details. Each line stays
 * one sentence in the page ("Finish: Satin Brass → Aged Bronze"); only its look sets the before apart
 * from the after, so a screen reader reads the sentence as written.
 */
export function RevisionDiffView({ diff, testId = 'revision-diff' }: { diff: RevisionDiff; testId?: string }) {
  const costsId = useId();
  const detailsId = useId();
  if (diff.isEmpty) {
    return (
      <p className={styles.none} data-testid={testId}>
        {NO_CHANGES}
      </p>
    );
  }
  return (
    <div className={styles.diff} data-testid={testId}>
      {diff.items.length > 0 && (
        <ul className={styles.list} aria-label="Items">
          {diff.items.map((item, i) =>
            item.kind === 'changed' ? (
              <li key={i} className={styles.item} data-testid="diff-item">
                <span className={styles.itemTitle} data-testid="diff-item-title">
                  {item.title}
                </span>
                <ul className={styles.lines}>
                  {item.lines.map((l, j) => (
                    <ChangeLine key={j} line={l} />
                  ))}
                </ul>
              </li>
            ) : (
              <li key={i} className={`${styles.item} ${styles[item.kind]}`} data-testid={`diff-${item.kind}`}>
                {item.text}
              </li>
            ),
          )}
        </ul>
      )}
      {diff.costs.length > 0 && <Group id={costsId} label="Price summary" lines={diff.costs} testId="diff-costs" />}
      {diff.details.length > 0 && <Group id={detailsId} label="Details" lines={diff.details} testId="diff-details" />}
    </div>
  );
}

function Group({ id, label, lines, testId }: { id: string; label: string; lines: readonly RevisionChangeLine[]; testId: string }) {
  return (
    <div className={styles.group}>
      <p id={id} className={styles.groupLabel}>
        {label}
      </p>
      <ul className={styles.lines} aria-labelledby={id} data-testid={testId}>
        {lines.map((l, i) => (
          <ChangeLine key={i} line={l} />
        ))}
      </ul>
    </div>
  );
}

/** Words that stand for no value ("none", "not chosen"): nothing to strike through or stress. */
const isEmptyValue = (v: string) => v === NONE || v === NOT_CHOSEN;

/** "Label: before → after": the before muted and struck through, the after emphasised. */
function ChangeLine({ line }: { line: RevisionChangeLine }) {
  return (
    <li className={styles.line} data-testid="diff-line">
      {line.label}: <span className={isEmptyValue(line.before) ? styles.empty : styles.before}>{line.before}</span> <span className={styles.arrow}>→</span>{' '}
      <span className={isEmptyValue(line.after) ? styles.empty : styles.after}>{line.after}</span>
    </li>
  );
}
