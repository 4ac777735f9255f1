import { useDraft } from './useDraft.ts';
import { parseRank } from './rank.ts';
import styles from './admin.module.css';

/**
 * A list row's editable rank: the typed position is applied on Enter or when focus leaves, clamped
 * to 1..count; a non-number or the same position puts the old rank back and does nothing.
 */
export function RankInput({ rank, count, onMove, label }: { rank: number; count: number; onMove(rank: number): void; label: string }) {
  const [text, setText] = useDraft(String(rank));
  const apply = () => {
    const to = parseRank(text, rank, count);
    setText(String(rank));
    if (to !== null) onMove(to);
  };
  return (
    <input
      className={styles.rank}
      inputMode="numeric"
      aria-label={label}
      value={text}
      onChange={(e) => setText(e.target.value)}
      onBlur={apply}
      onKeyDown={(e) => {
        if (e.key === 'Enter') (e.target as HTMLInputElement).blur();
        if (e.key === 'Escape') setText(String(rank));
      }}
    />
  );
}
