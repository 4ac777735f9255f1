import styles from './admin.module.css';

/** The Status filter of admin lists: active (default), archived, all. */
export type StatusFilterValue = 'active' | 'archived' | 'all';

export function StatusFilter({ value, onChange, label = 'Status' }: { value: StatusFilterValue; onChange(v: StatusFilterValue): void; label?: string }) {
  return (
    <label className={styles.filter}>
      <span>{label}</span>
      <select value={value} onChange={(e) => onChange(e.target.value as StatusFilterValue)}>
        <option value="active">Active</option>
        <option value="archived">Archived</option>
        <option value="all">All</option>
      </select>
    </label>
  );
}

/** Active shows rows not archived, Archived the archived ones, All both. `flag` names the field (pricing rules: deleted). */
export function byStatus<T extends Record<string, unknown>>(rows: readonly T[], value: StatusFilterValue, flag: 'archived' | 'deleted' = 'archived'): T[] {
  if (value === 'all') return [...rows];
  return rows.filter((r) => Boolean(r[flag]) === (value === 'archived'));
}
