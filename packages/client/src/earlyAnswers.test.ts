import { afterEach, describe, expect, it, vi } from 'vitest';
import { earlyAnswers } from './earlyAnswers.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('earlyAnswers', () => {
  it('gives an answer asked ahead to the first taker of its key, once', async () => {
    const early = earlyAnswers<string>();
    const fetch = vi.fn(async () => 'home of 850');
    early.ask('850', fetch);
    expect(early.take('1053')).toBeUndefined();
    await expect(early.take('850')).resolves.toBe('home of 850');
    expect(early.take('850')).toBeUndefined();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('gives nothing once the answer is older than its freshness', () => {
    vi.useFakeTimers();
    const early = earlyAnswers<number>(10_000);
    early.ask('a', async () => 1);
    early.ask('b', async () => 2);
    vi.advanceTimersByTime(9_999);
    expect(early.take('a')).toBeDefined();
    vi.advanceTimersByTime(1);
    expect(early.take('b')).toBeUndefined();
  });

  it('keeps a failure for the taker to report, and reports nothing unasked', async () => {
    const early = earlyAnswers<number>();
    early.ask('x', async () => {
      throw new Error('503');
    });
    await expect(early.take('x')).rejects.toThrow('503');
  });
});
