import Router from '@koa/router';
import { OrdersCountBody, OrdersDataBody, UpdateOrderCostsBody, UpdatePreferencesBody } from '@cpq/domain';
import type { OrdersListQueries } from '../db/ordersList.ts';
import type { Queries } from '../db/queries.ts';
import type { Repos } from '../db/repository.ts';
import type { TransactionRunner } from '../db/transactions.ts';
import { validateBody } from '../http/validate.ts';
import type { RequestSession } from '../auth/requestSession.ts';
import { assertPlatformAdmin, authorize, requireUser, type Access } from '../policy.ts';
import type { PluginRegistry } from '../plugins.ts';
import type { CatalogueCache } from '../services/catalogueCache.ts';
import { updateOrderCosts } from '../services/orderCosts.ts';
import { ListReadAhead, ordersCount, ordersCsv, ordersPage } from '../services/ordersList.ts';
import { updatePreferences } from '../services/preferences.ts';

export interface OrdersListRouteDeps {
  repos: Repos;
  queries: Queries;
  ordersList: OrdersListQueries;
  plugins: PluginRegistry;
  catalogues: CatalogueCache;
  transaction: TransactionRunner;
  /** Pages read at the same time as their call's access (one per process by default). */
  readAhead?: ListReadAhead;
}

/** The orders list (page, CSV export, status counts), the costs recalculation, and the user's saved list settings. */
export function ordersListRoutes(deps: OrdersListRouteDeps): Router {
  const r = new Router({ prefix: '/api' });
  const readAhead = deps.readAhead ?? new ListReadAhead();

  r.post('/configurator/get-configurator-orders-data', async (ctx) => {
    const body = validateBody(OrdersDataBody, ctx.request.body);
    if (body.formatForCsvExport) {
      const access = await authorize(ctx, deps, 'configurator.exportOrdersCsv', body.orgId);
      ctx.body = { data: await ordersCsv(deps, access, body) };
    } else {
      // The page is read while the session and access are (services/ordersList.ts ListReadAhead).
      const { tokenHash } = ctx.state.session as RequestSession;
      const ahead = readAhead.start(deps, tokenHash, body);
      let access: Access;
      try {
        access = await authorize(ctx, deps, 'configurator.getOrdersData', body.orgId);
      } catch (err) {
        readAhead.refused(tokenHash, body.orgId);
        throw err;
      }
      readAhead.authorised(tokenHash, access);
      ctx.body = { data: await ordersPage(deps, access, body, ahead) };
    }
  });

  r.post('/configurator/get-configurator-orders-count', async (ctx) => {
    const body = validateBody(OrdersCountBody, ctx.request.body);
    const access = await authorize(ctx, deps, 'configurator.getOrdersCount', body.orgId);
    ctx.body = { data: await ordersCount(deps, access, body) };
  });

  r.post('/configurator/update-product-order-costs', async (ctx) => {
    const body = validateBody(UpdateOrderCostsBody, ctx.request.body);
    const access = await authorize(ctx, deps, 'configurator.updateOrderCosts', body.orgId);
    await assertPlatformAdmin(deps.repos, access);
    const { updatedCount } = await updateOrderCosts(deps, access);
    ctx.body = { data: { updatedCount } };
  });

  r.post('/users/update-preferences', async (ctx) => {
    const user = await requireUser(ctx, deps.queries);
    const body = validateBody(UpdatePreferencesBody, ctx.request.body);
    ctx.body = { data: await updatePreferences(deps, user.id, body) };
  });

  return r;
}
