import Router from '@koa/router';
import { PricingVersionImpactBody, PricingVersionOrdersBody, PublishPricingVersionBody } from '@cpq/domain';
import type { Queries } from '../db/queries.ts';
import type { Repos } from '../db/repository.ts';
import type { TransactionRunner } from '../db/transactions.ts';
import { validateBody } from '../http/validate.ts';
import type { PluginRegistry } from '../plugins.ts';
import { authorize } from '../policy.ts';
import type { CatalogueCache } from '../services/catalogueCache.ts';
import { pricingVersionOrders } from '../services/pricingVersionOrders.ts';
import { pricingVersionImpact, publishPricingVersion } from '../services/pricingVersions.ts';

/**
 * The admin pricing editor's calls about a version, owners only: which orders it prices, what a
 * version text would do to them, and publishing a draft.
 */
export function pricingVersionOrderRoutes(deps: { repos: Repos; queries: Queries; plugins: PluginRegistry; catalogues: CatalogueCache; transaction: TransactionRunner }): Router {
  const r = new Router();
  r.post('/api/configurator/get-pricing-version-orders', async (ctx) => {
    const body = validateBody(PricingVersionOrdersBody, ctx.request.body);
    const access = await authorize(ctx, deps, 'pricingRules.versionOrders', body.orgId);
    ctx.body = { data: { productOrders: await pricingVersionOrders(deps, access, body) } };
  });
  r.post('/api/configurator/get-pricing-version-impact', async (ctx) => {
    const body = validateBody(PricingVersionImpactBody, ctx.request.body);
    const access = await authorize(ctx, deps, 'pricingRules.versionImpact', body.orgId);
    ctx.body = { data: { impact: await pricingVersionImpact(deps, access, body) } };
  });
  r.post('/api/configurator/publish-pricing-version', async (ctx) => {
    const body = validateBody(PublishPricingVersionBody, ctx.request.body);
    const access = await authorize(ctx, deps, 'pricingRules.publishVersion', body.orgId);
    ctx.body = { data: { productPricingRule: await publishPricingVersion(deps, access, body) } };
  });
  return r;
}
