import type { Knex } from 'knex';
import {
  PRODUCT_ORDER_GUEST_WRITABLE_FIELDS,
  checkInstanceTitle,
  copyOfTitle,
  isActiveRole,
  type CreateProductOrderWithItemsBody,
  type OrderOwnerCandidate,
} from '@cpq/domain';
import type { Repos, Row } from '../db/repository.ts';
import type { ProductOrderRow } from '../db/rows.ts';
import { badRequest } from '../http/errors.ts';
import { assertInvolvedInOrder, pricingVisible, productVisible, shapeOrder, type Access } from '../policy.ts';
import { audit, insertProductOrder } from './orders.ts';
import { lockOrderForWrite, splitEmails, type WriteDeps } from './orderWrites.ts';
import { computeItem, finishOrderWrite, pricesFollow, pricingContext, recomputeItems, staleness, type PricingContext } from './repricing.ts';

/**
 * Order fields a copy takes from its source besides the creation fields (type, category, product,
 * stocked). A guest's copy takes only what a guest could have written: the discount, shipping, tax
 * and tariff terms and the employee notes an employee set on one order are not carried to others.
 * Not copied for anyone: status, payments, costs (recomputed), the effective pricing date (the copy
 * is priced as of today), command data, tracking number and estimated shipping date (they belong to
 * the original's fulfilment), archived, the shareable link and the drawings of a spatial order.
 */
const EMPLOYEE_COPIED_FIELDS = [
  'disableSalesTax',
  'shippingMode',
  'shippingPercentage',
  'shippingFlatAmount',
  'discountMode',
  'discountPercentage',
  'discountFlatAmount',
  'taxPercentage',
  'tariffPercentage',
  'primaryNote',
  'secondaryNote',
] as const;
const CREATION_FIELDS = ['title', 'archived', 'promptedForProjectInfo'];
const GUEST_COPIED_FIELDS = PRODUCT_ORDER_GUEST_WRITABLE_FIELDS.filter((f) => !CREATION_FIELDS.includes(f));

function copiedFields(access: Access, source: ProductOrderRow): Row {
  const fields: readonly string[] = access.policyRole === 'guest' ? GUEST_COPIED_FIELDS : [...GUEST_COPIED_FIELDS, ...EMPLOYEE_COPIED_FIELDS];
  const out: Row = {};
  for (const f of fields) if (source[f] !== undefined) out[f] = source[f];
  return out;
}

/** Inserts items priced and validated by the engine; answers their totals for the order costs. */
async function insertItems(repos: Repos, trx: Knex.Transaction, ctx: PricingContext, order: ProductOrderRow, items: Row[]): Promise<number[]> {
  const rows = items.map((fields) => ({ ...fields, ...computeItem(ctx, order, fields as unknown as Parameters<typeof computeItem>[2]) }));
  await repos.productInstances.insertMany(rows, trx);
  return rows.map((r) => r.totalPriceInCents);
}

/**
 * Copy order: a new order of the caller titled "Copy of {title}", at the first status, with copies of
 * the items (prices and validity recomputed by the engine), in one transaction. Employees copy any
 * order of the organisation; a guest only an order they own.
 */
export async function duplicateProductOrder(deps: WriteDeps, access: Access, productOrderId: number): Promise<Row> {
  const { repos } = deps;
  return deps.transaction(async (trx) => {
    const source = await repos.productOrders.findOne({ id: productOrderId, orgId: access.orgId }, trx);
    assertInvolvedInOrder(access, source);
    if (access.policyRole === 'guest' && source.userId !== access.user.id) {
      throw badRequest('You can only copy orders you own. Ask the owner to copy it for you.');
    }
    // The caller keeps, on the copy, the price visibility the source's own entry gives them (what the
    // organisation or other orders hide stays decided where it is set).
    const pricingIsHidden = pricingVisible({ ...access, orgPricingHidden: false, pricingHiddenOnAnOrder: false }, source) ? 0 : 1;
    const id = await insertProductOrder(
      repos,
      trx,
      access,
      { orgId: source.orgId, title: copyOfTitle(source.title), type: source.type, isStocked: source.isStocked },
      {
        // Taken as they are (the source was checked when they were set; an archived product stays usable).
        productId: source.productId ?? null,
        productCategoryId: source.productCategoryId ?? null,
        promptedForProjectInfo: 1,
        ...copiedFields(access, source),
        involvedUsers: { [String(access.user.id)]: { role: 'owner', pricingIsHidden } },
      },
    );
    const order = (await repos.productOrders.findOne({ id }, trx))!;
    const ctx = await pricingContext(deps, trx, order.orgId);
    const sourceItems = await repos.productInstances.find({ productOrderId: source.id }, { trx, orderBy: ['rank', 'id'] });
    const itemTotals = await insertItems(
      repos,
      trx,
      ctx,
      order,
      sourceItems.map((it, i) => ({
        orgId: order.orgId,
        productOrderId: order.id,
        productId: it.productId,
        title: it.title ?? null,
        quantity: it.quantity,
        rank: i + 1,
        notes: it.notes ?? null,
        properties: it.properties ?? {},
        // The source's drawing views are not copied.
        archCustomViewId: null,
        mediumId: it.mediumId ?? null,
        customPriceInCents: it.customPriceInCents ?? null,
      })),
    );
    await finishOrderWrite(repos, trx, order, ctx, { itemTotals });
    await audit(repos, trx, { orgId: order.orgId, userId: access.user.id, entity: 'productOrder', entityId: id, action: 'duplicate', data: { fromProductOrderId: source.id, items: sourceItems.length } });
    return shapeOrder(access, (await repos.productOrders.findOne({ id }, trx))!);
  });
}

/**
 * Owner change (employees only, by the policy table): the previous owner becomes a sharee keeping
 * their price visibility, the new user the owner with prices visible. The new owner must be an active
 * member or guest of the organisation. Costs are recomputed (the owner's guest record carries their
 * discount and tax exemption), unless the order's prices no longer follow the catalogue.
 */
export async function changeOrderOwner(deps: WriteDeps, access: Access, productOrderId: number, userId: number): Promise<Row> {
  const { repos } = deps;
  return deps.transaction(async (trx) => {
    const order = await lockOrderForWrite(repos, trx, productOrderId, access);
    const membership = await repos.memberships.findOne({ orgId: order.orgId, userId }, trx);
    if (!membership || !isActiveRole(membership.role)) throw badRequest('userId must be a member or guest of this organisation.');
    if (order.userId === userId) return shapeOrder(access, order);
    const before = order.involvedUsers ?? {};
    const previous = String(order.userId);
    const involvedUsers = {
      ...before,
      [previous]: { role: 'sharee' as const, pricingIsHidden: before[previous]?.pricingIsHidden ?? 0 },
      [String(userId)]: { role: 'owner' as const, pricingIsHidden: 0 as const },
    };
    const ctx = await pricingContext(deps, trx, order.orgId);
    // An order whose prices no longer follow the catalogue keeps them, the previous owner's terms included.
    const keepPrices = !pricesFollow(ctx, order);
    const stale = keepPrices ? 'none' : staleness(order, ctx);
    const itemTotals = stale === 'none' ? undefined : await recomputeItems(repos, trx, order, ctx, stale);
    await finishOrderWrite(repos, trx, order, ctx, { patch: { userId, involvedUsers }, itemTotals, keepPrices });
    await audit(repos, trx, { orgId: order.orgId, userId: access.user.id, entity: 'productOrder', entityId: order.id, action: 'changeOwner', data: { from: order.userId, to: userId } });
    return shapeOrder(access, (await repos.productOrders.findOne({ id: order.id }, trx))!);
  });
}

const ROLE_ORDER: Record<string, number> = { owner: 0, member: 1, guest: 2 };

/** Who may own an order of the organisation: its active members and guests, employees first, then by name. */
export async function orderOwnerCandidates(repos: Repos, orgId: number): Promise<OrderOwnerCandidate[]> {
  const members = (await repos.memberships.find({ orgId }, { columns: ['userId', 'role'] })).filter((m) => isActiveRole(m.role));
  if (!members.length) return [];
  const users = await repos.users.find({ id: members.map((m) => m.userId) }, { columns: ['id', 'email', 'firstName', 'lastName'] });
  const byId = new Map(users.map((u) => [u.id, u]));
  const name = (c: OrderOwnerCandidate) => `${c.firstName ?? ''} ${c.lastName ?? ''} ${c.email}`.trim().toLowerCase();
  return members
    .flatMap((m): OrderOwnerCandidate[] => {
      const u = byId.get(m.userId);
      return u ? [{ userId: u.id, firstName: u.firstName ?? null, lastName: u.lastName ?? null, email: u.email ?? '', role: m.role }] : [];
    })
    .sort((a, b) => (ROLE_ORDER[a.role] ?? 3) - (ROLE_ORDER[b.role] ?? 3) || name(a).localeCompare(name(b)));
}

/**
 * A new order and its items in one transaction (e.g. a back-box quote derived from another order):
 * nothing is created when the order or any item is refused. Each item's product must be one the
 * caller may choose (published for their role, not archived) in the order's category.
 */
export async function createProductOrderWithItems(deps: WriteDeps, access: Access, body: CreateProductOrderWithItemsBody): Promise<Row> {
  const { repos } = deps;
  const { productOrderProps: p, propsSets } = body;
  // Generated titles (e.g. "{title} - Back Boxes") keep their punctuation; only blank is refused.
  const title = p.title.trim();
  if (!title) throw badRequest('A valid order name is required.');
  const { orgId, productCategoryId, isStocked, type, title: _title, ...fields } = p;
  const extra: Row = { ...fields, promptedForProjectInfo: 1 };
  if (typeof fields.clientEmails === 'string') extra.clientEmails = splitEmails(fields.clientEmails);
  return deps.transaction(async (trx) => {
    const id = await insertProductOrder(repos, trx, access, { orgId, title, ...(productCategoryId !== undefined ? { productCategoryId } : {}), ...(isStocked !== undefined ? { isStocked } : {}), ...(type ? { type } : {}) }, extra);
    const order = (await repos.productOrders.findOne({ id }, trx))!;
    const ctx = await pricingContext(deps, trx, orgId);
    const items = propsSets.map((set, i) => {
      const product = ctx.catalogue.product(set.productId);
      // A product the caller may not choose answers exactly like one that does not exist.
      if (!product || !productVisible(access, product)) throw badRequest(`propsSets.${i}.productId must be a product of this organisation`);
      if (order.productCategoryId != null && order.productCategoryId > 0 && product.productCategoryId !== order.productCategoryId) {
        throw badRequest(`propsSets.${i}.productId must be a product of the order’s product category`);
      }
      const t = checkInstanceTitle(set.title ?? null, product.instanceTitleIsRequired ?? 0);
      if (!t.ok) throw badRequest(`propsSets.${i}.title: ${t.message}`);
      return { orgId, productOrderId: id, productId: set.productId, title: set.title ?? null, quantity: set.quantity, rank: i + 1, notes: null, properties: {}, archCustomViewId: null, mediumId: null, customPriceInCents: null };
    });
    const itemTotals = await insertItems(repos, trx, ctx, order, items);
    await finishOrderWrite(repos, trx, order, ctx, { itemTotals });
    await audit(repos, trx, { orgId, userId: access.user.id, entity: 'productOrder', entityId: id, action: 'createWithItems', data: { items: items.length } });
    return shapeOrder(access, (await repos.productOrders.findOne({ id }, trx))!);
  });
}
