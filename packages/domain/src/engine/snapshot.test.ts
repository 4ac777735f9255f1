import { describe, expect, it } from 'vitest';
import type { ProductOptionClassifierRowJson } from '../schemas/entities.ts';
import { CatalogueIndex } from './catalogue.ts';
import { catalogueSnapshotFromRows, classifierFromRow, orderCatalogueRows } from './snapshot.ts';
import { makeOption, makePricingRule, makeProduct, makeProductRule, makeProperty } from '@cpq/test-utils';

// The admin's groups and numbers share the data column with numberTitles.
const classifierData = { numberTitles: ['Upcharge (cents)', 'Lead time (weeks)'], groups: [{ id: 1, title: 'Standard', optionIds: [22] }] };
const classifierRow: ProductOptionClassifierRowJson = { id: 1, orgId: 850, title: 'Finish tiers', rank: 1, archived: 0, data: classifierData };

const rows = {
  products: [makeProduct({ id: 98, productPricingRuleId: 3 })],
  productProperties: [makeProperty({ id: 7 })],
  productOptions: [makeOption({ id: 22, productPropertyId: 7 })],
  productRules: [makeProductRule({ id: 1, fromIds: [22], toIds: [23] })],
  productPricingRules: [makePricingRule({ id: 3, deleted: 1 })],
  productOptionClassifiers: [classifierRow],
};

describe('classifierFromRow', () => {
  it('moves data.numberTitles to numberTitles and drops the admin-only data', () => {
    expect(classifierFromRow(classifierRow)).toEqual({ id: 1, orgId: 850, title: 'Finish tiers', numberTitles: ['Upcharge (cents)', 'Lead time (weeks)'] });
  });
  it('tolerates a NULL data column, missing titles and non-text titles', () => {
    const loose = { id: 4, orgId: 850, title: null, data: null } as unknown as ProductOptionClassifierRowJson;
    expect(classifierFromRow(loose)).toEqual({ id: 4, orgId: 850, title: '', numberTitles: [] });
    expect(classifierFromRow({ ...classifierRow, data: { numberTitles: [1, 'b'] as unknown as string[] } }).numberTitles).toEqual(['1', 'b']);
  });
});

describe('catalogueSnapshotFromRows', () => {
  it('keeps the records as they are (deleted pricing rules included) and adapts the classifiers', () => {
    const snapshot = catalogueSnapshotFromRows(rows);
    expect(snapshot.products[0]).toBe(rows.products[0]);
    expect(snapshot.productOptions[0]).toBe(rows.productOptions[0]);
    expect(snapshot.productPricingRules).toEqual([makePricingRule({ id: 3, deleted: 1 })]);
    expect(snapshot.productOptionClassifiers).toEqual([classifierFromRow(classifierRow)]);
    const index = new CatalogueIndex(snapshot);
    expect(index.classifier(1)?.numberTitles).toEqual(['Upcharge (cents)', 'Lead time (weeks)']);
    expect(index.option(22)?.productPropertyId).toBe(7);
  });
  it('completes records sent without their price fields (pricing hidden from the caller)', () => {
    const { productPricingRules: _rules, ...withoutPricing } = rows;
    const { productPricingRuleId: _ruleId, ...product } = rows.products[0]!;
    const { classifications: _classifications, ...option } = rows.productOptions[0]!;
    const snapshot = catalogueSnapshotFromRows({ ...withoutPricing, products: [product], productOptions: [option] });
    expect(snapshot.productPricingRules).toEqual([]);
    expect(snapshot.products[0]!.productPricingRuleId).toBeNull();
    expect(snapshot.productOptions[0]!.classifications).toEqual({});
  });
});

describe('orderCatalogueRows: the catalogue an order page prices with', () => {
  const catalogue = { orgId: 850, version: 4, pricingIsHidden: false, productCategories: [], productPropertyGroups: [], media: [], productGraphics: [], ...rows };
  const archived = makeProduct({ id: 102, archived: 1, productPricingRuleId: 9 });
  const additions = { products: [archived], productOptions: [makeOption({ id: 207, productPropertyId: 7, archived: 1 })], productPricingRules: [makePricingRule({ id: 9 })] };

  it("adds the order's archived products, options and their rules to the catalogue", () => {
    const joined = orderCatalogueRows(catalogue, additions);
    expect(joined.products.map((p) => p.id)).toEqual([98, 102]);
    expect(joined.productOptions.map((o) => o.id)).toEqual([22, 207]);
    expect(joined.productPricingRules?.map((r) => r.id)).toEqual([3, 9]);
    expect(new CatalogueIndex(catalogueSnapshotFromRows(joined)).product(102)?.productPricingRuleId).toBe(9);
  });

  it('keeps one row per id (the catalogue wins) and no rules at all when pricing is hidden', () => {
    const twice = orderCatalogueRows(catalogue, { ...additions, products: [makeProduct({ id: 98, title: 'Other' })] });
    expect(twice.products).toHaveLength(1);
    expect(twice.products[0]!.title).toBe(rows.products[0]!.title);
    expect(orderCatalogueRows({ ...catalogue, pricingIsHidden: true }, additions).productPricingRules).toEqual([]);
    expect(orderCatalogueRows(catalogue, null).products.map((p) => p.id)).toEqual([98]);
  });
});
