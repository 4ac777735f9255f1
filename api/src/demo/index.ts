import type { Knex } from 'knex';
import { newOrderCosts, pricesFollowCatalogue, type StatusData } from '@cpq/domain';
import { hashPassword } from '../auth/passwords.ts';
import { createRepos, type Row } from '../db/repository.ts';
import { toDbDate } from '../db/time.ts';
import { allocateOrgSpecificId, bindQueries, startOrderCounter } from '../db/queries.ts';
import { CatalogueCache } from '../services/catalogueCache.ts';
import { freezeRevision } from '../services/revisionFreeze.ts';
import { recomputeOrder } from '../services/repricing.ts';
import { PluginRegistry } from '../plugins.ts';
import { ORGS, seedUsers } from './orgs.ts';
import { demoBrand } from './brand.ts';
import * as cat from './catalogue.ts';
import { demoMediaRows, storeDemoPictures } from './media.ts';
import type { MediaStorage } from '../adapters/storage/types.ts';

export const DEMO_PASSWORD = 'demo';
/** The platform's own staff in the demo (the spec's users 1 and 2: owner-850 and member-850). */
const DEMO_PLATFORM_ADMIN_IDS = [1, 2];

interface DemoOrder {
  orgId: number;
  owner: string; // email
  title: string;
  productCategoryId: number | null;
  /** How many statuses of the organisation's list are completed (1 = orderStarted only). */
  progress: number;
  type?: 'standalone' | 'arch';
  isStocked?: 0 | 1;
  archived?: 0 | 1;
  items?: Array<{ productId: number; title?: string; quantity?: number; notes?: string; properties?: Row }>;
  contactName?: string;
  projectName?: string;
  /** A viewport of the order's drawing with every item placed in it (spatial categories). */
  viewport?: string;
}

/** A keypad with every required option chosen (decision 0091), priced as its finish alone: the other choices cost nothing. */
export const COMPLETE_KEYPAD = { '8': { optionId: 200 }, '9': { optionId: 204 }, '12': { optionId: 218 }, '11': { optionId: 212 }, '7': { optionId: 22 }, '26': { optionId: 138 }, '10': { optionId: 211 } };

/**
 * Fjord House's D-101: every door panel setting chosen (decision 0102), a 67 mm white-oak door hung on
 * the right with 3 hinges, a lever handle and a keyed lock; the hardware costs nothing yet.
 */
export const FJORD_D101 = {
  '141': { value: 820 }, '142': { value: 2040 }, '304': { value: 67 },
  '143': { optionId: 230 }, '144': { optionId: 234 }, '310': { optionId: 334 },
  '147': { optionId: 243 }, '305': { optionId: 320 }, '306': { optionId: 323 }, '307': { optionId: 329 }, '308': { optionId: 332 },
  '309': { value: 'Matt black hinges; soft-close stop' },
  '161': { value: 'D-101' },
  '300': { optionId: 311 }, '302': { value: 120 }, '303': { optionId: 312 },
};

const ORDERS: DemoOrder[] = [
  { orgId: 850, owner: 'owner-850@demo.test', title: 'Harbour View Residence', productCategoryId: 1, progress: 1, projectName: 'Harbour View', items: [{ productId: 98, title: 'Entry', properties: { '7': { optionId: 23 }, '8': { optionId: 201 }, '26': { optionId: 139 }, '27': { engravings: { '0': { above: { text: 'LIGHTS' } }, '1': { above: { text: 'SHADES' } } } } } }, { productId: 99, title: 'Kitchen', quantity: 2, properties: { '7': { optionId: 22 } } }] },
  { orgId: 850, owner: 'guest-850@demo.test', title: 'Maple Street Renovation', productCategoryId: 1, progress: 2, items: [{ productId: 98, title: 'Hallway', properties: COMPLETE_KEYPAD }] },
  { orgId: 850, owner: 'member-850@demo.test', title: 'Atelier Noor Showroom', productCategoryId: 13, progress: 3, items: [{ productId: 120, quantity: 12 }] },
  { orgId: 850, owner: 'multi@demo.test', title: 'Cliffside Villa', productCategoryId: 1, progress: 5, items: [{ productId: 98, title: 'Master bedroom' }] },
  { orgId: 850, owner: 'owner-850@demo.test', title: 'Back boxes for Cliffside', productCategoryId: 5, progress: 8, isStocked: 1, items: [{ productId: 116, quantity: 14 }] },
  { orgId: 850, owner: 'member-850@demo.test', title: 'Old sample request', productCategoryId: 6, progress: 1, archived: 1, isStocked: 1 },
  { orgId: 1053, owner: 'owner-1053@demo.test', title: 'Fjord House Doors', productCategoryId: 20, progress: 1, viewport: 'Entry Doors', items: [{ productId: 104, title: 'D-101', notes: 'Entrance door, north elevation', properties: FJORD_D101 }] },
  { orgId: 1053, owner: 'guest-1053@demo.test', title: 'Kitchen Fronts — Berg', productCategoryId: 21, progress: 2, items: [{ productId: 105, quantity: 14, properties: { '151': { value: 596 }, '152': { value: 716 }, '143': { optionId: 231 } } }] },
  { orgId: 1053, owner: 'multi@demo.test', title: 'Studio Flooring', productCategoryId: 8, progress: 5, items: [{ productId: 130, quantity: 30 }] },
  // The slat count is not entered yet: the rule's slat width step fails (employees see a warning).
  { orgId: 1053, owner: 'owner-1053@demo.test', title: 'Listening Room Wall', productCategoryId: 21, progress: 1, items: [{ productId: 106, title: 'North wall', quantity: 6, properties: { '151': { value: 600 }, '152': { value: 2400 }, '143': { optionId: 230 } } }] },
  { orgId: 1798, owner: 'owner-1798@demo.test', title: 'Lobby Mural — Ellis Tower', productCategoryId: 30, progress: 1, type: 'arch' },
  { orgId: 1798, owner: 'guest-1798@demo.test', title: 'Cafe Feature Wall', productCategoryId: 30, progress: 3, type: 'arch' },
  { orgId: 1392, owner: 'owner-1392@demo.test', title: 'Gallery Lighting', productCategoryId: 14, progress: 1, items: [{ productId: 170, quantity: 6 }] },
  { orgId: 1392, owner: 'guest-1392@demo.test', title: 'Guest House Doors', productCategoryId: 16, progress: 4, items: [{ productId: 174, quantity: 3 }] },
  { orgId: 1450, owner: 'owner-1450@demo.test', title: 'Boardroom Controls', productCategoryId: 18, progress: 1, items: [{ productId: 180 }] },
  { orgId: 1450, owner: 'member-1450@demo.test', title: 'Clinic Fit-out', productCategoryId: 18, progress: 6, items: [{ productId: 181, quantity: 4 }] },
];

/**
 * Demo data for a fresh database. Idempotent: does nothing when any organisation exists.
 * Answers true when it seeded. With a media storage, the demo pictures' files go in it first (as an
 * upload stores its file before its row); without one, the caller stores them (storeDemoPictures).
 */
export async function seedDemo(db: Knex, opts: { storage?: MediaStorage } = {}): Promise<boolean> {
  const repos = createRepos(db);
  if ((await repos.organisations.count()) > 0) return false;
  const users = seedUsers();
  const hashes = await Promise.all(users.map(() => hashPassword(DEMO_PASSWORD)));
  if (opts.storage) await storeDemoPictures(opts.storage);
  const ownerOf = (orgId: number) => users.find((u) => u.memberships.some((m) => m.orgId === orgId && m.role === 'owner'))?.id ?? null;
  const mediaRows = await demoMediaRows(ownerOf);

  await db.transaction(async (trx) => {
    for (const o of ORGS) {
      await repos.organisations.insert({ id: o.id, title: o.title, appData: { designEngine: { ...demoBrand(o), ...o.designEngine } } }, trx);
      await startOrderCounter(trx, o.id);
    }
    const userIds = new Map<string, number>();
    for (const [i, u] of users.entries()) {
      await repos.users.insert({ id: u.id, email: u.email, passwordHash: hashes[i]!, firstName: u.firstName, lastName: u.lastName, personalOrgId: null, isPlatformAdmin: DEMO_PLATFORM_ADMIN_IDS.includes(u.id) ? 1 : 0, appData: { designEngine: { ordersPageSettings: { detailLevelFilterValue: 'basic' } } } }, trx);
      userIds.set(u.email, u.id);
      for (const m of u.memberships) {
        await repos.memberships.insert({ userId: u.id, orgId: m.orgId, role: m.role, prevRole: null, accessData: {} }, trx);
        if (m.role === 'guest') {
          const org = ORGS.find((o) => o.id === m.orgId);
          await repos.guests.insert({ orgId: m.orgId, userId: u.id, email: u.email, firstName: u.firstName, lastName: u.lastName, discount: org?.guestDiscount ?? null, disableSalesTax: 0, pricingIsHidden: org?.guestPricingIsHidden ? 1 : 0 }, trx);
        }
      }
    }
    // A user group holds guests of its organisation (the admin page adds members by guest search).
    const guestsOf = (orgId: number) => users.filter((u) => u.memberships.some((m) => m.orgId === orgId && m.role === 'guest')).map((u) => u.id);
    for (const o of ORGS) await repos.userGroups.insert({ orgId: o.id, title: 'Guests', userIds: guestsOf(o.id) }, trx);

    await repos.productCategories.insertMany(cat.categories, trx);
    await repos.productPricingRules.insertMany(cat.pricingRules, trx);
    await repos.media.insertMany(mediaRows, trx);
    await repos.productPropertyGroups.insertMany(cat.propertyGroups, trx);
    await repos.productProperties.insertMany(cat.properties, trx);
    await repos.productOptions.insertMany(cat.options, trx);
    await repos.products.insertMany(cat.products, trx);
    await repos.productOptionClassifiers.insertMany(cat.classifiers, trx);
    await repos.productRules.insertMany(cat.rules, trx);
    await repos.productGraphics.insertMany(cat.graphics, trx);

    // Orders: dates spread over the last weeks, statuses completed up to `progress`.
    const start = Date.UTC(2025, 4, 5, 14, 0, 0);
    const plugins = new PluginRegistry();
    const catalogues = new CatalogueCache(bindQueries(db), repos);
    for (const [i, d] of ORDERS.entries()) {
      const org = ORGS.find((o) => o.id === d.orgId)!;
      const statuses = org.designEngine.productOrderStatuses!;
      const userId = userIds.get(d.owner)!;
      const created = start + i * 86_400_000;
      const statusData: Record<string, Row> = {};
      statuses.slice(0, d.progress).forEach((s, k) => {
        statusData[s.key] = { date: toDbDate(new Date(created + k * 2 * 86_400_000)) };
      });
      const last = statuses[Math.min(d.progress, statuses.length) - 1]!;
      const orgSpecificId = await allocateOrgSpecificId(trx, d.orgId);
      const orderId = await repos.productOrders.insert(
        {
          orgId: d.orgId,
          orgSpecificId,
          userId,
          title: d.title,
          type: d.type ?? 'standalone',
          productId: null,
          productCategoryId: d.productCategoryId,
          archived: d.archived ?? 0,
          isStocked: d.isStocked ?? 0,
          promptedForProjectInfo: 1,
          statusData,
          lastCompletedStatusKey: last.key,
          pricesFollow: pricesFollowCatalogue(statuses, statusData as StatusData) ? 1 : 0,
          amountPaidInCents: 0,
          costs: newOrderCosts(),
          contactName: d.contactName ?? null,
          projectName: d.projectName ?? null,
          deliveryAddress: { streetAddress: `${100 + i} Harbour Road`, city: 'Portland', state: 'ME', zip: '04101', country: 'US' },
          involvedUsers: { [String(userId)]: { role: 'owner', pricingIsHidden: 0 } },
          created: toDbDate(new Date(created)),
          lastUpdated: toDbDate(new Date(created + d.progress * 2 * 86_400_000)),
        },
        trx,
      );
      await repos.auditLog.insert({ orgId: d.orgId, userId, entity: 'productOrder', entityId: orderId, action: 'create', data: { orgSpecificId, seeded: true }, created: toDbDate(new Date(created)) }, trx);
      for (const [rank, item] of (d.items ?? []).entries()) {
        await repos.productInstances.insert(
          { orgId: d.orgId, productOrderId: orderId, productId: item.productId, title: item.title ?? null, quantity: item.quantity ?? 1, rank: rank + 1, properties: item.properties ?? {}, ...(item.notes ? { notes: item.notes } : {}) },
          trx,
        );
      }
      if (d.type === 'arch') await seedSpatial(repos, trx, d.orgId, orderId);
      if (d.viewport) {
        const viewId = await repos.archCustomViews.insert({ orgId: d.orgId, productOrderId: orderId, title: d.viewport, rank: 1, drawingNotesData: {} }, trx);
        await repos.productInstances.update({ productOrderId: orderId }, { archCustomViewId: viewId }, trx);
      }
      // Prices and costs come from the engine, as for any order; then what was paid so far.
      await recomputeOrder({ repos, plugins, catalogues, trx }, orderId);
      // What was paid so far: each payment step the order has moved past (reaching one means it is due).
      const passed = statuses.slice(0, Math.max(0, d.progress - 1)).filter((s) => s.type === 'payment');
      const paymentSteps = statuses.filter((s) => s.type === 'payment').length;
      if (passed.length) {
        const { costs } = (await repos.productOrders.findOne({ id: orderId }, trx)) as { costs: { orderTotal: number; depositAmount: number } };
        let paid = 0;
        for (const [k, s] of passed.entries()) {
          // With a later payment step, the first one takes the deposit; the last one the balance.
          const depositFirst = k === 0 && paymentSteps > 1 && !d.isStocked && costs.depositAmount > 0 && costs.depositAmount < costs.orderTotal;
          const amount = depositFirst ? costs.depositAmount : costs.orderTotal - paid;
          if (amount <= 0) continue;
          paid += amount;
          statusData[s.key] = { ...statusData[s.key], paymentAmountInCents: amount, paymentMethod: 'wire', paidDate: statusData[s.key]!.date };
        }
        // lastUpdated stays the order's own date (the orders list sorts by it).
        await repos.productOrders.update({ id: orderId }, { amountPaidInCents: paid, statusData, lastUpdated: toDbDate(new Date(created + d.progress * 2 * 86_400_000)) }, trx);
      }
      const employeeId = userIds.get(`owner-${d.orgId}@demo.test`) ?? userId;
      await seedStatusEvents(repos, trx, { orgId: d.orgId, id: orderId, userId, employeeId }, statuses, statusData, d.progress);
      // A seeded order that was submitted has its first quote revision, as a submission freezes one.
      const submitted = statuses.slice(0, d.progress).find((s) => s.type === 'submittedForApproval');
      if (submitted) {
        await freezeRevision({ repos, catalogues, plugins }, trx, orderId, { reason: 'submitted', userId });
        await trx('order_revisions').where({ product_order_id: orderId }).update({ created: String(statusData[submitted.key]!.date) });
        await trx('order_status_events').where({ product_order_id: orderId, action: 'submit' }).update({ revision_number: 1 });
      }
    }
  });
  return true;
}

/**
 * The history of a seeded order: the events its steps would have recorded, dated as its steps (the
 * customer submits, an employee approves and moves it on, a payment step passed was paid by wire).
 * Without them a delivered demo order showed an empty history.
 */
async function seedStatusEvents(
  repos: ReturnType<typeof createRepos>,
  trx: Knex.Transaction,
  order: { orgId: number; id: number; userId: number; employeeId: number },
  statuses: ReadonlyArray<{ key: string; type: string }>,
  statusData: Record<string, Row>,
  progress: number,
) {
  const reached = statuses.slice(0, Math.min(progress, statuses.length));
  for (let k = 1; k < reached.length; k++) {
    const from = reached[k - 1]!;
    const to = reached[k]!;
    const at = String(statusData[to.key]?.date ?? '');
    const base = { orgId: order.orgId, productOrderId: order.id, fromStatusKey: from.key, toStatusKey: to.key, amountInCents: null, paymentMethod: null, note: null, created: at };
    if (to.type === 'submittedForApproval') {
      await repos.orderStatusEvents.insert({ ...base, userId: order.userId, action: 'submit' }, trx);
      continue;
    }
    if (from.type === 'submittedForApproval') {
      await repos.orderStatusEvents.insert({ ...base, userId: order.employeeId, action: 'approve' }, trx);
      continue;
    }
    const paid = statusData[from.key];
    if (from.type === 'payment' && typeof paid?.paymentAmountInCents === 'number') {
      // The customer announced the wire; the employee moved the order on once it arrived.
      await repos.orderStatusEvents.insert({ ...base, fromStatusKey: from.key, toStatusKey: from.key, userId: order.userId, action: 'paymentConfirmed', amountInCents: paid.paymentAmountInCents, paymentMethod: 'wire', created: String(statusData[from.key]?.date ?? at) }, trx);
    }
    await repos.orderStatusEvents.insert({ ...base, userId: order.employeeId, action: 'setStatus' }, trx);
  }
}

async function seedSpatial(repos: ReturnType<typeof createRepos>, trx: Knex.Transaction, orgId: number, productOrderId: number) {
  const base = { orgId, productOrderId };
  const wall = (from: Row, to: Row) => repos.archWalls.insert({ ...base, from, to, height: 108, thickness: 6 }, trx);
  await wall({ x: 0, z: 0 }, { x: 240, z: 0 });
  await wall({ x: 240, z: 0 }, { x: 240, z: 180 });
  const viewId = await repos.archCustomViews.insert({ ...base, title: 'North Wall', rank: 1, drawingNotesData: { general: 'Verify outlet positions on site.' } }, trx);
  const areaId = await repos.entities.insert({ ...base, type: 'calicoMuralArea', parentId: null, parentResourceKey: null, data: { archCustomViewId: viewId, isReturn: false, position: { x: 0, y: 0 }, size: { width: 240, height: 108 } }, properties: {}, isTentative: 0 }, trx);
  await repos.entities.insert({ ...base, type: 'calicoMuralTexture', parentId: areaId, parentResourceKey: 'entities', data: { archCustomViewId: viewId, muralProductOptionId: 991, substrate: 'standardCommercial', position: { x: 0, y: 0 }, size: { width: 240, height: 108 }, flipX: false, flipY: false }, properties: {}, isTentative: 0 }, trx);
  await repos.productCanvasTexts.insert({ ...base, text: 'Align panel 1 with door frame', position: { x: 20, y: 10 }, width: 80, customViewId: viewId }, trx);
  await repos.productCanvasLines.insert({ ...base, from: { x: 0, y: 0 }, to: { x: 60, y: 0 }, strokeWidth: 1, fromSymbol: 'none', toSymbol: 'arrow', customViewId: viewId, isTentative: 0 }, trx);
  await repos.productInstances.insert({ ...base, productId: 190, title: 'North wall mural', quantity: 1, rank: 1, archCustomViewId: viewId, properties: { '190': { optionId: 991 }, '191': { optionId: 993 } } }, trx);
}
