import type { Knex } from 'knex';
import {
  newOrderCosts,
  pricesFollowCatalogue,
  UNTITLED_ORDER_TITLE,
  type ProductOrderProps,
  type ProductOrderType,
} from '@cpq/domain';
import { allocateOrgSpecificId } from '../db/queries.ts';
import type { TransactionRunner } from '../db/transactions.ts';
import type { Repos, Row } from '../db/repository.ts';
import { nowUtc } from '../db/time.ts';
import { ApiError, badRequest, forbidden } from '../http/errors.ts';
import { productVisible, shapeOrder, type Access } from '../policy.ts';
import { getOrg, orgSettings, orgStatuses } from './orgs.ts';

export async function audit(
  repos: Repos,
  trx: Knex.Transaction,
  entry: { orgId: number | null; userId: number | null; entity: string; entityId: number | null; action: string; data?: unknown },
): Promise<void> {
  await repos.auditLog.insert({ ...entry, data: entry.data ?? {} }, trx);
}

export async function createProductOrder(
  deps: { repos: Repos; transaction: TransactionRunner },
  access: Access,
  props: ProductOrderProps,
): Promise<Row> {
  if (props.userId !== undefined && props.userId !== access.user.id) {
    throw forbidden('You can only create orders for yourself.');
  }
  return deps.transaction(async (trx) => {
    const id = await insertProductOrder(deps.repos, trx, access, props);
    return shapeOrder(access, (await deps.repos.productOrders.findOne({ id }, trx))!);
  });
}

/**
 * Inserts a new order of the caller in the caller's transaction (first status, zero costs, the caller
 * its owner) and answers its id; `extra` are further order fields (checked by the caller).
 */
export async function insertProductOrder(repos: Repos, trx: Knex.Transaction, access: Access, props: ProductOrderProps, extra: Row = {}): Promise<number> {
  const callerId = access.user.id;
  const org = await getOrg(repos, props.orgId, trx);
  if (!org) throw new ApiError(404, 'orgNotFound', 'Organisation not found.');
  const settings = orgSettings(org);

  let productCategoryId: number | null = null;
  if (props.productCategoryId !== undefined) {
    const cat = await repos.productCategories.findOne({ id: props.productCategoryId, orgId: props.orgId }, trx);
    if (!cat) throw badRequest('productOrderProps.productCategoryId must be a product category of this organisation');
    productCategoryId = props.productCategoryId;
  }
  let productId: number | null = null;
  if (props.productId !== undefined && props.productId !== null) {
    const product = await repos.products.findOne({ id: props.productId, orgId: props.orgId }, trx);
    if (!product || !productVisible(access, product)) throw badRequest('productOrderProps.productId must be a product of this organisation');
    if (productCategoryId !== null && product.productCategoryId !== productCategoryId) {
      throw badRequest('productOrderProps.productId must be a product of the order’s product category');
    }
    productId = props.productId;
  }

  const type: ProductOrderType = props.type ?? (settings.isArchitectural ? 'arch' : 'standalone');
  const statuses = orgStatuses(org);
  const first = statuses[0]!;
  const now = nowUtc();
  const orgSpecificId = await allocateOrgSpecificId(trx, props.orgId);
  const order = {
    orgId: props.orgId,
    orgSpecificId,
    userId: callerId,
    title: props.title?.trim() || UNTITLED_ORDER_TITLE,
    type,
    productId,
    productCategoryId,
    archived: 0,
    isStocked: props.isStocked ? 1 : 0,
    disableSalesTax: 0,
    promptedForProjectInfo: 0,
    isProcessingPayment: 0,
    statusData: { [first.key]: { date: now } },
    lastCompletedStatusKey: first.key,
    pricesFollow: pricesFollowCatalogue(statuses, { [first.key]: { date: now } }) ? 1 : 0,
    effectivePricingDate: null,
    amountPaidInCents: 0,
    // The server owns computed fields: client-sent costs are ignored.
    costs: newOrderCosts(props.isStocked ? 100 : (settings.depositPercentage ?? 0)),
    involvedUsers: { [String(callerId)]: { role: 'owner', pricingIsHidden: 0 } },
    created: now,
    lastUpdated: now,
    ...extra,
  };
  const id = await repos.productOrders.insert(order, trx);
  await audit(repos, trx, {
    orgId: props.orgId,
    userId: callerId,
    entity: 'productOrder',
    entityId: id,
    action: 'create',
    data: { orgSpecificId, title: order.title, statusKey: first.key },
  });
  return id;
}
