import type { SaveState } from './useSave.ts';
import styles from './products.module.css';

/** The state of the latest save of a screen: saving, saved, or what failed. */
export function SaveStatus({ state }: { state: SaveState }) {
  if (state.status === 'idle') return null;
  if (state.status === 'error') {
    return (
      <span role="alert" className={styles.saveError}>
        {state.message}
      </span>
    );
  }
  return (
    <span role="status" className={styles.saveState}>
      {state.status === 'saving' ? 'Saving…' : 'All changes saved'}
    </span>
  );
}
