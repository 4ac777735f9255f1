import { Button } from '@cpq/ui';
import styles from './OrdersPage.module.css';

/** A header button's action and whether it is running. */
export interface HeaderAction {
  busy: boolean;
  run: () => void;
}

export interface OrdersHeaderProps {
  title: string;
  /** Platform administrators only; null hides the button. */
  recalculate: HeaderAction | null;
  /** Employees whose rules offer it; null hides the button. */
  exportCsv: HeaderAction | null;
}

/** The page's heading and its actions (Recalculate Costs, Export CSV). */
export function OrdersHeader({ title, recalculate, exportCsv }: OrdersHeaderProps) {
  return (
    <header className={styles.head}>
      <h1 className={styles.title}>{title}</h1>
      {exportCsv || recalculate ? (
        <div className={styles.headActions}>
          {recalculate ? (
            <Button variant="secondary" onClick={() => recalculate.run()} disabled={recalculate.busy} aria-busy={recalculate.busy || undefined} data-testid="recalculate-costs">
              {recalculate.busy ? 'Recalculating…' : 'Recalculate Costs'}
            </Button>
          ) : null}
          {exportCsv ? (
            <Button onClick={() => exportCsv.run()} disabled={exportCsv.busy} aria-busy={exportCsv.busy || undefined} data-testid="csv-export">
              {exportCsv.busy ? 'Exporting…' : 'Export CSV'}
            </Button>
          ) : null}
        </div>
      ) : null}
    </header>
  );
}
