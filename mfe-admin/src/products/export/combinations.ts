/** How many combinations taking one value from each list (1 for no list at all). */
export function countCombinations(lists: readonly (readonly unknown[])[]): number {
  return lists.reduce((n, l) => n * l.length, 1);
}

/**
 * Every combination taking one value from each list, the last list varying fastest (like nested
 * loops). Lazy, so a caller that stops early never builds the rest.
 */
export function* combinations<T>(lists: readonly (readonly T[])[]): Generator<T[]> {
  if (lists.some((l) => l.length === 0)) return;
  const at = lists.map(() => 0);
  for (;;) {
    yield lists.map((l, i) => l[at[i]!]!);
    let i = lists.length - 1;
    while (i >= 0 && ++at[i]! === lists[i]!.length) at[i--] = 0;
    if (i < 0) return;
  }
}
