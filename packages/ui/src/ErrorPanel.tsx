import type { ReactNode } from 'react';
import { Button } from './Button.tsx';
import styles from './ErrorPanel.module.css';

export interface ErrorPanelProps {
  heading: string;
  /** The error text, shown as is so a person can report it. */
  detail?: string;
  /** Technical text (e.g. a loader's message), folded away under "Technical details". */
  technicalDetail?: string;
  /** When given, a "Retry" button calls it. */
  onRetry?: () => void;
  retrying?: boolean;
  testId?: string;
  children?: ReactNode;
}

/** A contained error message for one area of the page; the rest of the portal keeps working. */
export function ErrorPanel({ heading, detail, technicalDetail, onRetry, retrying, testId, children }: ErrorPanelProps) {
  return (
    <div className={styles.panel} role="alert" data-testid={testId}>
      <h2 className={styles.heading}>{heading}</h2>
      {detail ? <p className={styles.detail}>{detail}</p> : null}
      {technicalDetail ? (
        <details className={styles.technical}>
          <summary>Technical details</summary>
          <p className={styles.code}>{technicalDetail}</p>
        </details>
      ) : null}
      {children}
      {onRetry ? (
        <Button onClick={onRetry} disabled={retrying}>
          {retrying ? 'Retrying…' : 'Retry'}
        </Button>
      ) : null}
    </div>
  );
}
