import type { ResultConstraints } from '@cpq/domain';

/** Rows of a 1-based page: from (inclusive) to (exclusive). */
export function pageConstraints(page: number, size: number): ResultConstraints {
  return { from: (page - 1) * size, to: page * size };
}

/** Previous is disabled on page 1. */
export function canGoPrevious(page: number): boolean {
  return page > 1;
}

/** Next is disabled when the page holds fewer rows than the page size (there is nothing after it). */
export function canGoNext(rowsOnPage: number, size: number): boolean {
  return rowsOnPage >= size;
}
