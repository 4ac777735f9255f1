import { describe, expect, it } from 'vitest';
import { DOUBLE_CLICK_MS, isDoubleClick } from './doubleClick.ts';

const text = (at: number) => ({ key: 'productCanvasTexts', id: 7, at });

describe('a double-click on the drawing: two clicks on one thing within 300 ms', () => {
  it('is 300 ms', () => expect(DOUBLE_CLICK_MS).toBe(300));
  it('two clicks 120 ms or exactly 300 ms apart are a double-click', () => {
    expect(isDoubleClick(text(1000), text(1120))).toBe(true);
    expect(isDoubleClick(text(1000), text(1300))).toBe(true);
  });
  it('350 ms apart they are two clicks', () => expect(isDoubleClick(text(1000), text(1350))).toBe(false));
  it('a first click, or clicks on two different things, are not', () => {
    expect(isDoubleClick(null, text(1000))).toBe(false);
    expect(isDoubleClick(text(1000), { ...text(1100), id: 8 })).toBe(false);
    expect(isDoubleClick(text(1000), { ...text(1100), key: 'productCanvasLines' })).toBe(false);
  });
  it('an earlier time stamp (clicks out of order) is not', () => expect(isDoubleClick(text(1000), text(900))).toBe(false));
});
