import Router from '@koa/router';
import type { Knex } from 'knex';
import {
  CreateProductOrderBody,
  HomepageDataBody,
  OrderDataBody,
  isPublishedFor,
  type PublishLevelName,
} from '@cpq/domain';
import type { Repos, Row } from '../db/repository.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { validateBody } from '../http/validate.ts';
import { authorize } from '../policy.ts';
import { homepageData, visibleToRole } from '../services/catalogue.ts';
import { createProductOrder } from '../services/orders.ts';

export function configuratorRoutes(db: Knex, repos: Repos): Router {
  const r = new Router({ prefix: '/api/configurator' });

  r.post('/get-configurator-homepage-data', async (ctx) => {
    const body = validateBody(HomepageDataBody, ctx.request.body);
    const access = await authorize(ctx, repos, 'configurator.getHomepageData', body.orgId);
    ctx.body = { data: await homepageData(repos, body.orgId, access.role) };
  });

  r.post('/create-product-order', async (ctx) => {
    const body = validateBody(CreateProductOrderBody, ctx.request.body);
    const access = await authorize(ctx, repos, 'configurator.createProductOrder', body.productOrderProps.orgId);
    ctx.body = { data: await createProductOrder(db, repos, access.user.id, body.productOrderProps) };
  });

  r.post('/get-configurator-order-data', async (ctx) => {
    const body = validateBody(OrderDataBody, ctx.request.body);
    const access = await authorize(ctx, repos, 'configurator.getOrderData', body.orgId);
    if (body.userId !== undefined && body.userId !== access.user.id) throw forbidden('userId must be your own user id.');
    const orderNotFound = () => notFound('orderNotFound', 'Order not found.');
    const order = (await repos.productOrders.findOne({ orgId: body.orgId, orgSpecificId: body.productOrderOrgSpecificId })) as
      | (Row & { id: number; userId: number; type: string; productId: number | null; involvedUsers: Record<string, unknown> })
      | undefined;
    if (!order) throw orderNotFound();
    if (access.policyRole === 'guest') {
      const involved = order.userId === access.user.id || String(access.user.id) in (order.involvedUsers ?? {});
      if (!involved) throw orderNotFound();
    }
    const orgId = body.orgId;
    const productOrderId = order.id;
    const instances = (await repos.productInstances.find({ productOrderId }, { orderBy: ['rank', 'id'] })) as Array<Row & { productId: number }>;
    const usedProductIds = new Set<number>([...instances.map((i) => i.productId), ...(order.productId ? [order.productId] : [])]);
    const products = ((await repos.products.find({ orgId }, { orderBy: ['rank', 'id'] })) as Array<Row & { id: number; publishLevel: PublishLevelName }>).filter(
      (p) => usedProductIds.has(p.id) || isPublishedFor(p.publishLevel, access.role),
    );
    const [productPricingRules, productProperties, productOptions, productOptionClassifiers, productPropertyGroups, productRules, media] =
      await Promise.all([
        repos.productPricingRules.find({ orgId }),
        repos.productProperties.find({ orgId }, { orderBy: ['rank', 'id'] }),
        repos.productOptions.find({ orgId }, { orderBy: ['productPropertyId', 'rank', 'id'] }),
        repos.productOptionClassifiers.find({ orgId }, { orderBy: ['rank', 'id'] }),
        repos.productPropertyGroups.find({ orgId }, { orderBy: ['rank', 'id'] }),
        repos.productRules.find({ orgId }),
        repos.media.find({ orgId }),
      ]);
    const isSpatial = order.type === 'arch';
    // The browser prices with exactly what the server prices with: deleted rules still used by a
    // product, and options already chosen in this order even when the viewer could not choose them.
    const usedRuleIds = new Set((products as Row[]).map((p) => p.productPricingRuleId));
    const chosenOptionIds = new Set(instances.flatMap((i) => Object.values((i.properties ?? {}) as Record<string, { optionId?: number }>).map((v) => v?.optionId)));
    const visibleOptionIds = new Set(visibleToRole(productOptions as Row[], access.role).map((o) => o.id));
    // The order owner's sales-tax exemption (guest record) is a pricing input; nothing else of it is sent.
    const ownerGuest = (await repos.guests.findOne({ orgId, userId: order.userId })) as Row | undefined;
    const data: Record<string, unknown> = {
      productOrders: [order],
      products,
      productInstances: instances,
      productPricingRules: (productPricingRules as Row[]).filter((r) => !r.deleted || usedRuleIds.has(r.id)),
      productProperties,
      productOptions: (productOptions as Row[]).filter((o) => visibleOptionIds.has(o.id) || chosenOptionIds.has(o.id as number)),
      productOptionClassifiers,
      productPropertyGroups,
      productRules,
      media,
      guests: ownerGuest ? [{ userId: ownerGuest.userId, disableSalesTax: ownerGuest.disableSalesTax }] : [],
      isSpatial,
    };
    if (isSpatial) {
      const w = { productOrderId };
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
    ctx.body = { data };
  });

  return r;
}
