import type { OrderDataResponse } from '@cpq/domain';
import type { Repos } from '../db/repository.ts';
import {
  assertInvolvedInOrder,
  optionVisible,
  pricingVisible,
  productVisible,
  shapeInstance,
  shapeOptions,
  shapeOrder,
  shapeProducts,
  type Access,
} from '../policy.ts';

/**
 * Everything the order page needs, shaped for the caller by the policy: only products and options
 * the caller may see (archived ones only where the order already uses them), pricing rules of those
 * products only, and — when pricing is hidden for the caller — no price, cost, pricing rule or option
 * price at all. The browser prices with exactly what the server prices with whenever it may see prices.
 */
export async function orderData(repos: Repos, access: Access, orgSpecificId: number): Promise<OrderDataResponse> {
  const orgId = access.orgId;
  const found = await repos.productOrders.findOne({ orgId, orgSpecificId });
  assertInvolvedInOrder(access, found);
  const order = found!;
  const pricing = pricingVisible(access, order);
  const instances = await repos.productInstances.find({ productOrderId: order.id }, { orderBy: ['rank', 'id'] });
  const usedProductIds = new Set<number>([...instances.map((i) => i.productId), ...(order.productId ? [order.productId] : [])]);
  const chosenOptionIds = new Set(instances.flatMap((i) => Object.values(i.properties ?? {}).map((v) => v?.optionId)));

  const [allProducts, productPricingRules, productProperties, allOptions, productOptionClassifiers, productPropertyGroups, productRules, media, ownerGuest] =
    await Promise.all([
      repos.products.find({ orgId }, { orderBy: ['rank', 'id'] }),
      pricing ? repos.productPricingRules.find({ orgId }) : Promise.resolve([]),
      repos.productProperties.find({ orgId }, { orderBy: ['rank', 'id'] }),
      repos.productOptions.find({ orgId }, { orderBy: ['productPropertyId', 'rank', 'id'] }),
      repos.productOptionClassifiers.find({ orgId }, { orderBy: ['rank', 'id'] }),
      repos.productPropertyGroups.find({ orgId }, { orderBy: ['rank', 'id'] }),
      repos.productRules.find({ orgId }),
      repos.media.find({ orgId }),
      pricing ? repos.guests.findOne({ orgId, userId: order.userId }) : Promise.resolve(undefined),
    ]);
  const products = allProducts.filter((p) => productVisible(access, p, usedProductIds.has(p.id)));
  // Rules of the products sent, deleted ones included: a product that still uses one keeps its price.
  const ruleIds = new Set(products.map((p) => p.productPricingRuleId));
  const data: OrderDataResponse = {
    productOrders: [shapeOrder(access, order)],
    products: shapeProducts(products, pricing),
    productInstances: instances.map((i) => shapeInstance(access, order, i)),
    productPricingRules: productPricingRules.filter((r) => ruleIds.has(r.id)),
    productProperties,
    productOptions: shapeOptions(allOptions.filter((o) => optionVisible(access, o, chosenOptionIds.has(o.id))), pricing),
    productOptionClassifiers,
    productPropertyGroups,
    productRules,
    media,
    // The order owner's sales-tax exemption is a pricing input; nothing else of the guest record is sent.
    guests: ownerGuest ? [{ userId: ownerGuest.userId, disableSalesTax: ownerGuest.appData.designEngine.disableSalesTax ? 1 : 0 }] : [],
    isSpatial: order.type === 'arch',
    pricingIsHidden: !pricing,
  };
  if (order.type === 'arch') {
    const w = { productOrderId: order.id };
    const [archWalls, archElevations, archCustomViews, entities, productCanvasTexts, productCanvasLines] = await Promise.all([
      repos.archWalls.find(w),
      repos.archElevations.find(w),
      repos.archCustomViews.find(w, { orderBy: ['rank', 'id'] }),
      repos.entities.find(w),
      repos.productCanvasTexts.find(w),
      repos.productCanvasLines.find(w),
    ]);
    Object.assign(data, { archWalls, archElevations, archCustomViews, entities, productCanvasTexts, productCanvasLines });
  }
  return data;
}
