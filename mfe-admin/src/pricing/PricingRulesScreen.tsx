import { lazy } from 'react';
import type { ScreenProps } from '../types.ts';
import { PricingRuleList } from './PricingRuleList.tsx';

// The detail page carries Monaco: it loads only when a rule is opened.
const PricingRuleDetail = lazy(() => import('./PricingRuleDetail.tsx'));

/** /admin/product-pricing-rules and /admin/product-pricing-rules/{productPricingRuleId}. */
export default function PricingRulesScreen({ id }: ScreenProps) {
  return id === null ? <PricingRuleList /> : <PricingRuleDetail id={id} />;
}
