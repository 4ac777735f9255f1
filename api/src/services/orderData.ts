import { createHash } from 'node:crypto';
import { isSpatialOrder, pricesFollowCatalogue, type CatalogueAdditions, type Organisation, type StatusData } from '@cpq/domain';
import type { OrderHead, OwnerGuestTerms } from '../db/queries.ts';
import type { Repos, Row } from '../db/repository.ts';
import type { TransactionRunner } from '../db/transactions.ts';
import type { ProductOrderRow } from '../db/rows.ts';
import {
  assertInvolvedInOrder,
  audienceKey,
  orderNotFound,
  catalogueAudience,
  shapeCatalogueAdditions,
  shapeInstance,
  shapeOrder,
  type Access,
  type CatalogueAudience,
} from '../policy.ts';
import { CompressedBody } from '../http/revalidate.ts';
import type { CatalogueCache, CatalogueEntry } from './catalogueCache.ts';
import { orgStatuses } from './orgs.ts';
import { isDue } from './repricing.ts';

const SPATIAL_LISTS = ['archWalls', 'archElevations', 'archCustomViews', 'entities', 'productCanvasTexts', 'productCanvasLines'] as const;

/** What is kept of one order at one revision: the order and its parts as stored, and their shaped, serialised forms. */
interface OrderParts {
  revision: number;
  order: ProductOrderRow;
  items: Row[];
  /** Drawn on the architectural canvas (isSpatialOrder): then the spatial lists are loaded and sent. */
  isSpatial: boolean;
  /** Its stored prices follow the catalogue (an open quote): a read reprices them first when due. */
  follows: boolean;
  spatial: Partial<Record<(typeof SPATIAL_LISTS)[number], Row[]>>;
  usedProductIds: Set<number>;
  chosenOptionIds: Set<unknown>;
  /** Serialised items and spatial lists per kind of reader (prices visible or not, employee or guest). */
  readonly json: Map<string, string>;
  /** Whole response bodies (and their compressed forms) per kind of reader, catalogue version and owner's guest terms. */
  readonly bodies: Map<string, CompressedBody>;
  /** Catalogue additions per catalogue version and audience. */
  readonly additions: Map<string, CatalogueAdditions>;
}

/**
 * The shape of the order data: raised when what a body holds for the same inputs changes (a field
 * added or shaped differently), so a copy kept by a browser across a deploy is not confirmed.
 */
const ORDER_DATA_FORMAT = 1;

/**
 * A body is made once per order revision and reader, often read only a few times: brotli at 5 is
 * within a few per cent of 9 on this JSON at a fraction of the time.
 */
const ORDER_DATA_COMPRESSION = { br: 5, gzip: 6 };

/** Orders kept in memory per API process (least recently read dropped first). */
const MAX_ORDERS = 500;

export interface OrderDataDeps {
  repos: Repos;
  transaction: TransactionRunner;
  catalogues: CatalogueCache;
  /** The product categories an organisation's plugin draws on the canvas (rules.spatial.spatialCategoryIds). */
  spatialCategoryIds: (orgId: number) => readonly number[];
  /** Stored prices found due when the order page reads them are repriced first (none: read as stored). */
  pricing?: {
    rulesVersion: (orgId: number) => string;
    reprice: (orderId: number) => Promise<unknown>;
    logError: (err: unknown, request?: string) => void;
  };
}

/**
 * Everything of an order the order page needs besides the catalogue, shaped for the caller by the
 * policy (no price of the order or its items when pricing is hidden from the caller; which pricing
 * steps failed only for employees). The order and its parts are kept in memory per order and
 * revision: every write to an order or its parts bumps the stored revision (the repository does it),
 * so a read costs one narrow query for the revision, and every API process stays correct.
 */
export class OrderDataService {
  private readonly parts = new Map<number, OrderParts>();
  loads = 0;

  constructor(private readonly deps: OrderDataDeps) {}

  /**
   * The order the caller opens (its head read by authorizeOrder), as stored now; a missing one or one
   * the caller is not involved in is 404.
   */
  async open(access: Access, head: OrderHead | undefined): Promise<{ order: ProductOrderRow; parts: OrderParts; ownerGuest: OwnerGuestTerms | null }> {
    if (!head) throw orderNotFound();
    const parts = await this.partsOf(head.id, head.revision);
    assertInvolvedInOrder(access, parts.order);
    return { order: parts.order, parts, ownerGuest: head.ownerGuest };
  }

  /**
   * The response of get-configurator-order-data for this caller: its ETag, and its body `{"data": …}`
   * as bytes (made only when asked for, so a revalidation that matches costs no body).
   *
   * What the body holds depends only on what the tag is made of: the order and its stored revision
   * (every write to the order, its items, its sharing and its spatial parts bumps it), whether the
   * order is drawn and follows the catalogue (read with that revision), the kind of reader (guest or
   * employee, the role the catalogue is published for, prices shown or hidden for this person on this
   * order), the fields hidden from guests, the catalogue version and the owner's guest terms. The
   * viewer's user id is in the tag too, so one person's copy is never confirmed to another.
   * Each body is made once for each and sent as it is.
   */
  async response(access: Access, head: OrderHead | undefined): Promise<{ etag: string; body: () => CompressedBody }> {
    const opened = await this.open(access, head);
    const { ownerGuest } = opened;
    const catalogue = await this.deps.catalogues.entry(access.orgId, undefined, access.catalogueVersion);
    const parts = await this.current(opened.parts, catalogue.version);
    const { order } = parts;
    const audience = catalogueAudience(access, order);
    const hiddenFields = access.policyRole === 'guest' ? (access.guestHiddenOrderFields ?? ['?']).join(',') : '';
    const key = `${readerKind(access, audience)}|${audienceKey(audience)}|${hiddenFields}|${catalogue.version}|${JSON.stringify(ownerGuest)}`;
    const tagged = `${ORDER_DATA_FORMAT}|${order.id}|${parts.revision}|${parts.isSpatial}|${parts.follows}|${access.user.id}|${key}`;
    const etag = `"od-${createHash('sha256').update(tagged).digest('base64url').slice(0, 27)}"`;
    return {
      etag,
      body: () => {
        let body = parts.bodies.get(key);
        if (!body) {
          body = new CompressedBody(Buffer.from(makeBody(parts, access, order, audience, catalogue, ownerGuest)), ORDER_DATA_COMPRESSION);
          if (parts.bodies.size >= 16) parts.bodies.clear();
          parts.bodies.set(key, body);
        }
        return body;
      },
    };
  }

  /**
   * The order's parts with stored prices the server knows to be out of date (it follows the catalogue,
   * and the catalogue changed or a pricing version took effect since) repriced first, in a short
   * transaction of their own — so the page never shows a saved total the server would not store now.
   * A repricing that fails leaves the stored prices to the page (and the repricer retries).
   */
  private async current(parts: OrderParts, catalogueVersion: number): Promise<OrderParts> {
    const pricing = this.deps.pricing;
    if (!pricing || !parts.follows) return parts;
    const basis = `${catalogueVersion}|${pricing.rulesVersion(parts.order.orgId)}`;
    if (!isDue(parts.order, { basis, now: new Date() })) return parts;
    try {
      await pricing.reprice(parts.order.id);
    } catch (err) {
      pricing.logError(err, `repricing order ${parts.order.id} on read`);
      return parts;
    }
    return this.partsOf(parts.order.id, null);
  }

  /** The parts at this revision (kept or read); `null`: read them as they are now. */
  private async partsOf(orderId: number, revision: number | null): Promise<OrderParts> {
    const hit = this.parts.get(orderId);
    if (hit && revision !== null && hit.revision === revision) {
      // Most recently read last: the first key is the one dropped when the map is full.
      this.parts.delete(orderId);
      this.parts.set(orderId, hit);
      return hit;
    }
    // One snapshot: the order, its items and its spatial parts as of one revision.
    const parts = await this.deps.transaction(async (trx) => {
      const { repos } = this.deps;
      const order = (await repos.productOrders.findOne({ id: orderId }, trx)) as ProductOrderRow | undefined;
      if (!order) throw orderNotFound();
      const w = { productOrderId: order.id };
      const items = await repos.productInstances.find(w, { trx, orderBy: ['rank', 'id'] });
      const spatial: OrderParts['spatial'] = {};
      // The organisation's architectural flag is read with the order's parts: a change of it shows
      // from the order's next write (or the process's next start) on.
      const org = (await repos.organisations.findOne({ id: order.orgId }, trx)) as Organisation | undefined;
      const isSpatial = isSpatialOrder(order, { isArchitectural: org?.appData?.designEngine?.isArchitectural }, this.deps.spatialCategoryIds(order.orgId));
      const follows = !!org && pricesFollowCatalogue(orgStatuses(org), (order.statusData ?? {}) as StatusData);
      if (isSpatial) {
        spatial.archWalls = await repos.archWalls.find(w, { trx });
        spatial.archElevations = await repos.archElevations.find(w, { trx });
        spatial.archCustomViews = await repos.archCustomViews.find(w, { trx, orderBy: ['rank', 'id'] });
        spatial.entities = await repos.entities.find(w, { trx });
        spatial.productCanvasTexts = await repos.productCanvasTexts.find(w, { trx });
        spatial.productCanvasLines = await repos.productCanvasLines.find(w, { trx });
      }
      return {
        revision: Number(order.revision),
        order,
        items: items as Row[],
        isSpatial,
        follows,
        spatial,
        usedProductIds: new Set<number>([...items.map((i) => i.productId), ...(order.productId ? [order.productId] : [])]),
        chosenOptionIds: new Set(items.flatMap((i) => Object.values(i.properties ?? {}).map((v) => v?.optionId))),
        json: new Map(),
        bodies: new Map(),
        additions: new Map(),
      } satisfies OrderParts;
    });
    this.loads++;
    // Another reader may hold a newer revision already: keep the newest.
    const current = this.parts.get(orderId);
    if (!current || current.revision <= parts.revision) {
      this.parts.delete(orderId);
      this.parts.set(orderId, parts);
      if (this.parts.size > MAX_ORDERS) this.parts.delete(this.parts.keys().next().value!);
    }
    return parts;
  }
}

/** Who reads, as far as the order data's content goes: employee or guest, prices visible or not. */
const readerKind = (access: Access, audience: CatalogueAudience) => `${access.policyRole === 'guest' ? 'guest' : 'employee'}:${audience.pricing}`;

function makeBody(parts: OrderParts, access: Access, order: ProductOrderRow, audience: CatalogueAudience, catalogue: CatalogueEntry, ownerGuest: OwnerGuestTerms | null): string {
  const head = {
    productOrders: [shapeOrder(access, order)],
    // The order owner's guest terms are pricing inputs (the same for every reader who sees prices);
    // nothing else of the guest record is sent, and nothing at all when prices are hidden.
    guests: audience.pricing && ownerGuest ? [{ userId: order.userId, disableSalesTax: ownerGuest.disableSalesTax, discount: ownerGuest.discount }] : [],
    isSpatial: parts.isSpatial,
    pricingIsHidden: !audience.pricing,
    catalogueVersion: catalogue.version,
    catalogueAdditions: additionsOf(parts, catalogue, audience),
  };
  const head$ = JSON.stringify(head);
  return `{"data":${head$.slice(0, -1)},${partsJson(parts, access, order, audience)}}}`;
}

/** `"productInstances":[…]` and the spatial lists, shaped for the reader, serialised once per kind of reader. */
function partsJson(parts: OrderParts, access: Access, order: ProductOrderRow, audience: CatalogueAudience): string {
  const key = readerKind(access, audience);
  let json = parts.json.get(key);
  if (json === undefined) {
    const body: Row = { productInstances: parts.items.map((i) => shapeInstance(access, order, i)), ...parts.spatial };
    json = JSON.stringify(body).slice(1, -1);
    parts.json.set(key, json);
  }
  return json;
}

function additionsOf(parts: OrderParts, catalogue: CatalogueEntry, audience: CatalogueAudience): CatalogueAdditions {
  const key = `${catalogue.version}:${audienceKey(audience)}`;
  let additions = parts.additions.get(key);
  if (!additions) {
    additions = shapeCatalogueAdditions(catalogue.tables, audience, { productIds: parts.usedProductIds, optionIds: parts.chosenOptionIds }) as unknown as CatalogueAdditions;
    parts.additions.set(key, additions);
  }
  return additions;
}

/**
 * get-configurator-order-data's answer for an order as it was frozen in a quote revision (its rows and
 * the catalogue of then), shaped for the caller exactly as the live order is. Who sees prices follows
 * the order as it is shared now (`involvedUsers` of the live order).
 */
export function frozenOrderData(
  frozen: { order: Row; items: Row[]; spatial: Record<string, Row[]>; isSpatial: boolean; ownerGuest: OwnerGuestTerms | null },
  access: Access,
  live: ProductOrderRow,
  catalogue: CatalogueEntry,
): unknown {
  const order = { ...frozen.order, involvedUsers: live.involvedUsers } as ProductOrderRow;
  const parts: OrderParts = {
    revision: Number(order.revision),
    order,
    items: frozen.items,
    isSpatial: frozen.isSpatial,
    follows: false,
    spatial: frozen.spatial,
    usedProductIds: new Set<number>([...frozen.items.map((i) => Number(i.productId)), ...(order.productId ? [order.productId] : [])]),
    chosenOptionIds: new Set(frozen.items.flatMap((i) => Object.values((i.properties ?? {}) as Record<string, { optionId?: unknown } | null>).map((v) => v?.optionId))),
    json: new Map(),
    bodies: new Map(),
    additions: new Map(),
  };
  return (JSON.parse(makeBody(parts, access, order, catalogueAudience(access, order), catalogue, frozen.ownerGuest)) as { data: unknown }).data;
}
