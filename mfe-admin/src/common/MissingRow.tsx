import { Link } from '@cpq/ui';
import styles from './admin.module.css';

/** A detail page whose id is not a row of this organisation. */
export function MissingRow({ what, listHref, listLabel }: { what: string; listHref: string; listLabel: string }) {
  return (
    <div className={styles.empty} role="status">
      <p>This {what} does not exist in this organisation, or it has been deleted.</p>
      <Link href={listHref}>Back to {listLabel}</Link>
    </div>
  );
}
