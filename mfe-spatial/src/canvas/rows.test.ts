import { expect, it } from 'vitest';
import type { ArchCustomViewJson, EntityJson } from '@cpq/domain';
import { entitiesInView, inView, panelsInLayoutOrder } from './rows.ts';

const panel = (id: number, view: number, panelNumber: number, type = 'calicoMuralPanel') => ({ id, type, data: { archCustomViewId: view, panelNumber } }) as unknown as EntityJson;
const views = [
  { id: 10, rank: 2 },
  { id: 11, rank: 1 },
] as ArchCustomViewJson[];

it('the Panel Layout takes the panels viewport by viewport in rank order, then by panel number, then as made', () => {
  const entities = [panel(1, 10, 1), panel(2, 11, 2), panel(5, 11, 1), panel(3, 11, 1), panel(4, 11, 0, 'calicoMuralSeam')];
  expect(panelsInLayoutOrder(entities, views).map((e) => e.id)).toEqual([3, 5, 2, 1]);
});

it('a viewport shows its own rows; the plan (no viewport) none of them', () => {
  const texts = [{ id: 1, customViewId: 10 }, { id: 2, customViewId: 11 }, { id: 3 }];
  expect(inView(texts, 10)).toEqual([{ id: 1, customViewId: 10 }]);
  expect(inView(texts, null)).toEqual([]);
  expect(entitiesInView([panel(1, 10, 1), panel(2, 11, 1)], 11).map((e) => e.id)).toEqual([2]);
});
