/**
 * Types shared by the configuration and pricing engine (availability, validation, pricing, costs).
 * Pure data: the same values are built in the browser from get-configurator-order-data and in the
 * API from the database, and fed to the same functions.
 */
import type { Role } from '../roles.ts';
import type { Product, ProductOption, ProductProperty } from '../schemas/catalogue.ts';

/** One property's entry in productInstance.properties (ordering §3). */
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

export type RuleType = 'incompatible' | 'compatible';

/**
 * productRule (ordering §3): fromResourceKey 'productOptions' (the rule applies while one of fromIds
 * is selected) or 'products' (while the instance's product is one of fromIds); toResourceKey
 * 'productOptions' with toIds. Semantics: docs/availability.md.
 */
export interface ProductRule {
  id: number;
  orgId: number;
  type: RuleType;
  fromResourceKey: 'productOptions' | 'products';
  fromIds: number[];
  toResourceKey: 'productOptions';
  toIds: number[];
  archived?: 0 | 1;
  description?: string | null;
}

export type PricingOperator = '+' | '-' | '*' | '/' | '%' | 'and' | 'or' | '===';
export type ExpressionType = 'fixed' | 'productPropertyPrice' | 'productPropertyClassifierNumber' | 'propertyValue' | 'group';

export interface PricingCheck {
  /** What is looked at: a property's selected option id or value, or the instance quantity. */
  actual: { type: 'optionId' | 'propertyValue' | 'quantity'; productPropertyId?: number };
  /** Comparison (default '==='). */
  operator?: '===' | '!==' | '<' | '<=' | '>' | '>=' | 'in';
  expected: number | string | boolean | null | Array<number | string>;
}

export interface PricingCondition {
  operator: 'and' | 'or';
  conditions: PricingCheck[];
}

export interface PricingExpression {
  type: ExpressionType;
  props: {
    value?: number;
    productPropertyId?: number;
    productOptionClassifierGroupId?: number;
    productOptionClassifierNumberIndex?: number;
    /** For type group: the nested expressions, evaluated from 0. */
    expressions?: PricingExpression[];
  };
  operator: PricingOperator;
  description?: string;
  condition?: PricingCondition;
}

export interface PricingRuleVersion {
  /** 'YYYY-MM-DD HH:MM:SS' (UTC). */
  created: string;
  expressions: PricingExpression[];
}

export interface ProductPricingRule {
  id: number;
  orgId: number;
  title?: string | null;
  name?: string | null;
  deleted: 0 | 1;
  /** Keyed by version number as text ("1", "2", ...). */
  versions: Record<string, PricingRuleVersion>;
}

/** A classifier names the numbers options carry in option.classifications[classifierId]. */
export interface ProductOptionClassifier {
  id: number;
  orgId: number;
  title: string;
  numberTitles?: string[];
}

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
