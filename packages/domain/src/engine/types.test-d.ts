/**
 * Compile-time checks (run by tsc, not vitest): the records the API stores and sends fit the engine's
 * inputs as they are, so storage, the wire and the engine cannot drift apart unnoticed.
 */
import type { Static } from '@sinclair/typebox';
import { expectTypeOf } from 'vitest';
import type { CatalogueAdditions, CatalogueResponse, HomepageDataResponse, OrderDataResponse } from '../schemas/api.ts';
import type { ProductInstanceJson, ProductOptionClassifierSchema, ProductPricingRuleSchema, ProductRuleSchema } from '../schemas/entities.ts';
import type { CatalogueRows } from './snapshot.ts';
import type { InstanceLike, ProductOptionClassifier, ProductPricingRule, ProductRule } from './types.ts';

// The engine's catalogue records are the schemas' static types.
expectTypeOf<ProductRule>().toEqualTypeOf<Static<typeof ProductRuleSchema>>();
expectTypeOf<ProductPricingRule>().toEqualTypeOf<Static<typeof ProductPricingRuleSchema>>();
expectTypeOf<ProductOptionClassifier>().toEqualTypeOf<Static<typeof ProductOptionClassifierSchema>>();

// A stored item is priced and validated as it is.
expectTypeOf<ProductInstanceJson>().toExtend<InstanceLike>();
expectTypeOf<OrderDataResponse['productInstances'][number]>().toExtend<InstanceLike>();

// The catalogue response is a catalogue the engine reads without casts, even with its prices left out;
// an order's additions are rows of the same shapes.
expectTypeOf<CatalogueResponse>().toExtend<CatalogueRows>();
expectTypeOf<Omit<CatalogueResponse, 'productPricingRules'>>().toExtend<CatalogueRows>();
expectTypeOf<CatalogueAdditions['products']>().toExtend<CatalogueRows['products']>();
expectTypeOf<CatalogueAdditions['productOptions']>().toExtend<CatalogueRows['productOptions']>();
expectTypeOf<HomepageDataResponse['products']>().toExtend<CatalogueRows['products']>();
