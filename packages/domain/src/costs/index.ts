export { computeOrderCosts, repriceOrder, costOrderContext, guestTerms } from './costs.ts';
export type { OrderPricingFields, GuestTerms, GuestRecordTerms, ComputeOrderCostsInput, RepriceOrderInput, RepricedInstance, RepriceOrderResult } from './costs.ts';
export { costLines, discountLabel, type CostLine } from './lines.ts';
export { involvedEntryOf, isPricingHidden, pricingVisibleTo, type PricingViewer } from './visibility.ts';
