import { describe, expect, it } from 'vitest';
import { canGoNext, canGoPrevious, pageConstraints } from './paging.ts';

describe('paging', () => {
  it('asks for the rows of a page', () => {
    expect(pageConstraints(1, 100)).toEqual({ from: 0, to: 100 });
    expect(pageConstraints(3, 50)).toEqual({ from: 100, to: 150 });
  });

  it('previous is disabled on page 1 only', () => {
    expect(canGoPrevious(1)).toBe(false);
    expect(canGoPrevious(2)).toBe(true);
  });

  it('next is disabled when the page holds fewer rows than the page size', () => {
    expect(canGoNext(49, 50)).toBe(false);
    expect(canGoNext(0, 50)).toBe(false);
    expect(canGoNext(50, 50)).toBe(true);
  });
});
