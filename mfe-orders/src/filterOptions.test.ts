import { describe, expect, it } from 'vitest';
import { categoryOptions, offeredShortcuts } from './filterOptions.ts';
import { STATUSES } from './rows.test-utils.ts';

const categories = [
  { id: 1, title: 'Keypads' },
  { id: 13, title: 'Decora Cover Plates' },
];

describe('category choices', () => {
  it('are the listed categories when all or a listed one is selected', () => {
    expect(categoryOptions(categories, 'all')).toEqual(categories);
    expect(categoryOptions(categories, 13)).toEqual(categories);
  });

  it('add a stand-in for a selected category the server did not list', () => {
    expect(categoryOptions(categories, 999)).toEqual([...categories, { id: 999, title: 'Category 999' }]);
    expect(categoryOptions([], 5)).toEqual([{ id: 5, title: 'Category 5' }]);
  });
});

describe('offered shortcuts', () => {
  it('keep those whose status the organisation has, and the processing-payment one', () => {
    const shortcuts = [
      { label: 'SUB', statusKey: 'submittedForApproval' },
      { label: 'OLD', statusKey: 'retiredStatus' },
      { label: 'PP', processingPayment: true },
    ];
    expect(offeredShortcuts(shortcuts, STATUSES).map((s) => s.label)).toEqual(['SUB', 'PP']);
    expect(offeredShortcuts(shortcuts, []).map((s) => s.label)).toEqual(['PP']);
  });
});
