import { describe, expect, it } from 'vitest';
import { idCompletions } from './completions.ts';

const ids = {
  properties: [
    { id: 7, title: 'Mechanism finish' },
    { id: 12, title: 'Plate colour' },
    { id: 141, title: 'Width' },
  ],
  options: [
    { id: 22, title: 'Satin Nickel', detail: 'Mechanism finish' },
    { id: 24, title: 'Matched Antique Bronze', detail: 'Mechanism finish' },
    { id: 130, title: 'White', detail: 'Plate colour' },
  ],
};

describe('catalogue id completions', () => {
  it('offers the properties after "productPropertyId": with their titles', () => {
    expect(idCompletions('  "props": { "productPropertyId": ', ids).map((c) => [c.label, c.detail])).toEqual([
      ['7', 'Mechanism finish'],
      ['12', 'Plate colour'],
      ['141', 'Width'],
    ]);
  });

  it('narrows to the digits typed and replaces them', () => {
    const list = idCompletions('"productPropertyId":1', ids);
    expect(list.map((c) => c.label)).toEqual(['12', '141']);
    expect(list[0]!.replace).toBe(1);
  });

  it('offers options after "expected":, also inside an array after other ids', () => {
    expect(idCompletions('"expected": ', ids).map((c) => c.label)).toEqual(['22', '24', '130']);
    expect(idCompletions('"expected": [24, 2', ids).map((c) => [c.label, c.detail])).toEqual([
      ['22', 'Satin Nickel (Mechanism finish)'],
      ['24', 'Matched Antique Bronze (Mechanism finish)'],
    ]);
  });

  it('offers nothing elsewhere', () => {
    expect(idCompletions('"value": ', ids)).toEqual([]);
    expect(idCompletions('"productPropertyId": 7, ', ids)).toEqual([]);
    expect(idCompletions('"expected": "text', ids)).toEqual([]);
  });
});
