import { adminStyles as styles } from '../common/index.ts';
import type { StockedFilterValue } from './productRows.ts';

/** The Stocked filter of the products list: Stocked, Not in Stock, All. */
export function StockedFilter({ value, onChange }: { value: StockedFilterValue; onChange(v: StockedFilterValue): void }) {
  return (
    <label className={styles.filter}>
      <span>Stocked</span>
      <select value={value} onChange={(e) => onChange(e.target.value as StockedFilterValue)}>
        <option value="stocked">Stocked</option>
        <option value="notStocked">Not in Stock</option>
        <option value="all">All</option>
      </select>
    </label>
  );
}
