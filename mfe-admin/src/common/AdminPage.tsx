import type { ReactNode } from 'react';
import { ErrorPanel, LoadingScreen } from '@cpq/ui';
import type { Load } from './useLoad.ts';
import styles from './admin.module.css';

export interface AdminPageProps {
  /** The page heading: text, or an EditableTitle on detail pages. */
  title: ReactNode;
  /** The line under the heading (detail pages: "ID {id}"). */
  subtitle?: ReactNode;
  /** Buttons on the right of the header (settings, archive, duplicate...). */
  actions?: ReactNode;
  /** Controls under the header (filters). */
  toolbar?: ReactNode;
  children?: ReactNode;
  testId?: string;
}

/** The page header every admin screen has, then its content. */
export function AdminPage({ title, subtitle, actions, toolbar, children, testId }: AdminPageProps) {
  return (
    <section className={styles.page} data-testid={testId}>
      <header className={styles.header}>
        <div className={styles.titles}>
          {typeof title === 'string' ? <h1 className={styles.title}>{title}</h1> : title}
          {subtitle ? <p className={styles.subtitle}>{subtitle}</p> : null}
        </div>
        {actions ? <div className={styles.actions}>{actions}</div> : null}
      </header>
      {toolbar ? <div className={styles.toolbar}>{toolbar}</div> : null}
      <div className={styles.body}>{children}</div>
    </section>
  );
}

/**
 * Loading and error states of a screen's data: the loading screen's three lines while it loads, an
 * error with Retry when it failed, else the content.
 */
export function Loaded<T>({ load, heading, children }: { load: Load<T> & { reload(): void }; heading: string; children: (data: T) => ReactNode }) {
  if (load.status === 'loading') return <LoadingScreen />;
  if (load.status === 'error') return <ErrorPanel heading={heading} detail={load.error} onRetry={load.reload} />;
  return <>{children(load.data)}</>;
}
