import { TEST_MODE } from './logic.ts';
import styles from './Status.module.css';

/** An employee's "Test mode": card payments go to the provider's test environment. */
export function TestModeToggle(props: { on: boolean; onChange: (on: boolean) => void; disabled: boolean }) {
  return (
    <label className={styles.check}>
      <input type="checkbox" checked={props.on} onChange={(e) => props.onChange(e.target.checked)} disabled={props.disabled} data-testid="test-mode" />
      {TEST_MODE}
    </label>
  );
}
