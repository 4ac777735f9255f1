// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';

/** A fresh module each time: its state (who listens, a pending request) is the page's. */
async function tour() {
  vi.resetModules();
  return import('./tour.ts');
}

afterEach(() => vi.useRealTimers());

describe('the guided tour asked for from a page', () => {
  it('starts when the tour is listening', async () => {
    const { listenForGuidedTour, startGuidedTour } = await tour();
    const start = vi.fn();
    const stop = listenForGuidedTour(start);
    expect(start).not.toHaveBeenCalled();
    startGuidedTour();
    startGuidedTour();
    expect(start).toHaveBeenCalledTimes(2);
    stop();
    startGuidedTour();
    expect(start).toHaveBeenCalledTimes(2);
  });

  it('starts as soon as the tour listens when the button was pressed before its code arrived', async () => {
    const { listenForGuidedTour, startGuidedTour } = await tour();
    startGuidedTour();
    const start = vi.fn();
    listenForGuidedTour(start);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('is acted on once: a tour listening later, or again, does not start by itself', async () => {
    const { listenForGuidedTour, startGuidedTour } = await tour();
    startGuidedTour();
    const first = vi.fn();
    listenForGuidedTour(first)();
    const again = vi.fn();
    listenForGuidedTour(again);
    expect(first).toHaveBeenCalledTimes(1);
    expect(again).not.toHaveBeenCalled();
  });

  it('leaves nothing pending while a tour listens, and forgets a request older than 10 seconds', async () => {
    const { listenForGuidedTour, startGuidedTour } = await tour();
    const stop = listenForGuidedTour(vi.fn());
    startGuidedTour();
    stop();
    const later = vi.fn();
    listenForGuidedTour(later)();
    expect(later).not.toHaveBeenCalled();

    vi.useFakeTimers();
    startGuidedTour();
    vi.advanceTimersByTime(10_001);
    const late = vi.fn();
    listenForGuidedTour(late);
    expect(late).not.toHaveBeenCalled();
  });
});
