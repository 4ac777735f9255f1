/**
 * Types shared by the configuration and pricing engine (availability, validation, pricing, costs).
 * Pure data: the same values are built in the browser from get-configurator-order-data and in the
 * API from the database, and fed to the same functions.
 */
import type { Static } from '@sinclair/typebox';
import type { Role } from '../roles.ts';
import type { Product, ProductOption, ProductProperty } from '../schemas/catalogue.ts';
import type { ProductOptionClassifierSchema, ProductPricingRuleSchema, ProductRuleSchema } from '../schemas/entities.ts';
import type {
  PricingCheckSchema,
  PricingConditionSchema,
  PricingExpressionSchema,
  PricingOperatorSchema,
  PricingRuleVersionSchema,
} from '../schemas/pricing.ts';

/** One property's entry in productInstance.properties: optionId, value, text array (engravings under property 27). */
export interface PropertySelection {
  optionId?: number | null;
  /** dimensions / number / text value as typed or stored. */
  value?: string | number | null;
  /** Array inputs (isArray text properties, e.g. engravings lines). */
  text?: string[];
  /** Engravings (property 27) are keyed by mechanism index then above/below; kept opaque here. */
  [extra: string]: unknown;
}

/** productInstance.properties: keyed by property id (as text). */
export type InstanceProperties = Record<string, PropertySelection>;

export interface InstanceLike {
  productId: number;
  title?: string | null;
  quantity: number;
  rank?: number;
  properties: InstanceProperties;
  customPriceInCents?: number | null;
}

/*
 * The catalogue records below are the TypeBox schemas' static types, so what the API stores and
 * validates and what the engine reads cannot drift apart (types.test-d.ts checks the rest).
 */

/**
 * productRule: fromResourceKey 'productOptions' (the rule applies while one of fromIds is selected)
 * or 'products' (while the instance's product is one of fromIds); toResourceKey 'productOptions'
 * with toIds. Semantics: docs/availability.md.
 */
export type ProductRule = Static<typeof ProductRuleSchema>;
export type RuleType = ProductRule['type'];

export type PricingOperator = Static<typeof PricingOperatorSchema>;
/** One check of a condition: what is looked at (a property's option id or value, or the quantity), compared with expected. */
export type PricingCheck = Static<typeof PricingCheckSchema>;
export type PricingCondition = Static<typeof PricingConditionSchema>;
/** For type group, props.expressions are nested expressions evaluated from 0. */
export type PricingExpression = Static<typeof PricingExpressionSchema>;
export type ExpressionType = PricingExpression['type'];
/** created: 'YYYY-MM-DD HH:MM:SS' (UTC). */
export type PricingRuleVersion = Static<typeof PricingRuleVersionSchema>;
/** versions are keyed by version number as text ("1", "2", ...). */
export type ProductPricingRule = Static<typeof ProductPricingRuleSchema>;
/** A classifier names the numbers options carry in option.classifications[classifierId]. */
export type ProductOptionClassifier = Static<typeof ProductOptionClassifierSchema>;

/** Everything the engine reads about an organisation's catalogue. */
export interface CatalogueSnapshot {
  products: readonly Product[];
  productProperties: readonly ProductProperty[];
  productOptions: readonly ProductOption[];
  productRules: readonly ProductRule[];
  productPricingRules: readonly ProductPricingRule[];
  productOptionClassifiers: readonly ProductOptionClassifier[];
}

/** Who is looking: decides publish levels (owner all; member internal and all; others all). */
export interface Viewer {
  role: Role;
}
