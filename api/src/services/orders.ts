import type { Knex } from 'knex';
import {
  newOrderCosts,
  UNTITLED_ORDER_TITLE,
  type ProductOrder,
  type ProductOrderProps,
  type ProductOrderType,
} from '@cpq/domain';
import { isMysql } from '../db/knex.ts';
import type { Repos, Row } from '../db/repository.ts';
import { nowUtc } from '../db/time.ts';
import { ApiError, badRequest, forbidden } from '../http/errors.ts';
import { getOrg, orgSettings, orgStatuses } from './orgs.ts';

/**
 * Allocates the next orgSpecificId of an organisation inside the caller's transaction.
 * MySQL/MariaDB: the counter row is locked with SELECT … FOR UPDATE until commit.
 * SQLite: a write transaction serialises writers (one connection; knex ignores forUpdate()).
 */
export async function allocateOrgSpecificId(db: Knex, trx: Knex.Transaction, orgId: number): Promise<number> {
  const lockRow = async () => {
    let q = trx('org_counters').select('next_order_id').where({ org_id: orgId });
    if (isMysql(db)) q = q.forUpdate();
    return (await q.first()) as { next_order_id: number | string } | undefined;
  };
  let row = await lockRow();
  if (!row) {
    // First order of the organisation: start after any existing order (e.g. imported data).
    const max = (await trx('product_orders').where({ org_id: orgId }).max({ m: 'org_specific_id' }).first()) as { m: number | null } | undefined;
    await trx('org_counters').insert({ org_id: orgId, next_order_id: Number(max?.m ?? 0) + 1 }).onConflict('org_id').ignore();
    row = await lockRow();
  }
  const next = Number(row!.next_order_id);
  await trx('org_counters').where({ org_id: orgId }).update({ next_order_id: next + 1 });
  return next;
}

export async function audit(
  repos: Repos,
  trx: Knex.Transaction,
  entry: { orgId: number | null; userId: number | null; entity: string; entityId: number | null; action: string; data?: unknown },
): Promise<void> {
  await repos.auditLog.insert({ ...entry, data: entry.data ?? {} }, trx);
}

export async function createProductOrder(
  db: Knex,
  repos: Repos,
  callerId: number,
  props: ProductOrderProps,
): Promise<ProductOrder> {
  if (props.userId !== undefined && props.userId !== callerId) {
    throw forbidden('You can only create orders for yourself.');
  }
  return db.transaction(async (trx) => {
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
      const product = (await repos.products.findOne({ id: props.productId, orgId: props.orgId }, trx)) as Row | undefined;
      if (!product) throw badRequest('productOrderProps.productId must be a product of this organisation');
      if (productCategoryId !== null && product.productCategoryId !== productCategoryId) {
        throw badRequest('productOrderProps.productId must be a product of the order’s product category');
      }
      productId = props.productId;
    }

    const type: ProductOrderType = props.type ?? (settings.isArchitectural ? 'arch' : 'standalone');
    const first = orgStatuses(org)[0]!;
    const now = nowUtc();
    const orgSpecificId = await allocateOrgSpecificId(db, trx, props.orgId);
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
      effectivePricingDate: null,
      amountPaidInCents: 0,
      // The server owns computed fields: client-sent costs are ignored.
      costs: newOrderCosts(props.isStocked ? 100 : (settings.depositPercentage ?? 0)),
      involvedUsers: { [String(callerId)]: { role: 'owner', pricingIsHidden: 0 } },
      created: now,
      lastUpdated: now,
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
    return (await repos.productOrders.findOne({ id }, trx)) as unknown as ProductOrder;
  });
}
