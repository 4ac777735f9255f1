/**
 * A rank typed in a list row: parsed as an integer and clamped to 1..count. Null when nothing is to
 * be done (not a number, or the row's own position).
 */
export function parseRank(text: string, current: number, count: number): number | null {
  const trimmed = text.trim();
  if (!/^-?\d+$/.test(trimmed)) return null;
  const wanted = Math.min(Math.max(Number.parseInt(trimmed, 10), 1), Math.max(count, 1));
  return wanted === current ? null : wanted;
}

/** Rows moved as the server does it: the row goes to `rank` and the list is renumbered from 1. */
export function moveRow<T extends { id: number; rank: number }>(rows: readonly T[], id: number, rank: number): T[] {
  const sorted = [...rows].sort((a, b) => a.rank - b.rank || a.id - b.id);
  const from = sorted.findIndex((r) => r.id === id);
  if (from < 0) return sorted;
  const [row] = sorted.splice(from, 1);
  sorted.splice(Math.min(Math.max(rank, 1), sorted.length + 1) - 1, 0, row!);
  return sorted.map((r, i) => ({ ...r, rank: i + 1 }));
}
