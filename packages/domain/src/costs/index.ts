export { computeOrderCosts, repriceOrder, costOrderContext } from './costs.ts';
export type { OrderPricingFields, GuestCostSettings, ComputeOrderCostsInput, RepriceOrderInput, RepricedInstance, RepriceOrderResult } from './costs.ts';
