import type { Knex } from 'knex';
import type { QuoteAcceptance, RevisionReason, RevisionSide } from '@cpq/domain';
import { isUniqueViolation } from './errors.ts';
import type { Row } from './repository.ts';
import { normaliseDbDate, toDbDate } from './time.ts';

/**
 * Quote revisions, the catalogue versions they were frozen with, and customers' acceptances
 * (docs/decisions/0122-quote-revisions.md). Rows are written once and never changed.
 */

/** What an order's documents are printed from, as it was when a revision was frozen. */
export interface FrozenOrder {
  order: Row;
  items: Row[];
  /** The drawn parts of an order on the architectural canvas (empty otherwise). */
  spatial: Record<string, Row[]>;
  isSpatial: boolean;
  /** The order owner's guest terms then (pricing inputs), null when the owner is no guest. */
  ownerGuest: { disableSalesTax: 0 | 1; discount: { type: string; value: number } | null } | null;
}

export interface RevisionRow {
  number: number;
  reason: RevisionReason;
  restoredFrom: number | null;
  userId: number | null;
  userName: string | null;
  catalogueVersion: number;
  side: RevisionSide;
  created: string;
}

const json = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));
const nameOf = (first: unknown, last: unknown, email: unknown): string | null => [first, last].filter(Boolean).join(' ') || (email ? String(email) : null);

function revisionOf(r: Row): RevisionRow {
  return {
    number: Number(r.number),
    reason: r.reason as RevisionReason,
    restoredFrom: r.restored_from == null ? null : Number(r.restored_from),
    userId: r.user_id == null ? null : Number(r.user_id),
    userName: nameOf(r.first_name, r.last_name, r.email),
    catalogueVersion: Number(r.catalogue_version),
    side: json<RevisionSide>(r.side),
    created: normaliseDbDate(r.created) ?? '',
  };
}

const revisionColumns = ['r.number', 'r.reason', 'r.restored_from', 'r.user_id', 'r.catalogue_version', 'r.side', 'r.created', 'u.first_name', 'u.last_name', 'u.email'];

/** Every revision of an order, newest first (without what they were frozen from). */
export async function listRevisions(db: Knex | Knex.Transaction, productOrderId: number): Promise<RevisionRow[]> {
  const rows = (await db('order_revisions as r').leftJoin('users as u', 'u.id', 'r.user_id').where('r.product_order_id', productOrderId).orderBy('r.number', 'desc').select(revisionColumns)) as Row[];
  return rows.map(revisionOf);
}

/** The latest revision of an order, or undefined when it was never frozen. */
export async function latestRevision(db: Knex | Knex.Transaction, productOrderId: number): Promise<RevisionRow | undefined> {
  const row = (await db('order_revisions as r').leftJoin('users as u', 'u.id', 'r.user_id').where('r.product_order_id', productOrderId).orderBy('r.number', 'desc').first(revisionColumns)) as Row | undefined;
  return row ? revisionOf(row) : undefined;
}

/** One revision (without what it was frozen from), or undefined when the order has no such revision. */
export async function revisionByNumber(db: Knex | Knex.Transaction, productOrderId: number, number: number): Promise<RevisionRow | undefined> {
  const row = (await db('order_revisions as r').leftJoin('users as u', 'u.id', 'r.user_id').where({ 'r.product_order_id': productOrderId, 'r.number': number }).first(revisionColumns)) as Row | undefined;
  return row ? revisionOf(row) : undefined;
}

/** One revision with what it was frozen from. */
export async function readRevision(db: Knex | Knex.Transaction, productOrderId: number, number: number): Promise<(RevisionRow & { frozen: FrozenOrder }) | undefined> {
  const row = (await db('order_revisions as r')
    .leftJoin('users as u', 'u.id', 'r.user_id')
    .where({ 'r.product_order_id': productOrderId, 'r.number': number })
    .first([...revisionColumns, 'r.frozen'])) as Row | undefined;
  return row ? { ...revisionOf(row), frozen: json<FrozenOrder>(row.frozen) } : undefined;
}

export async function insertRevision(
  trx: Knex.Transaction,
  r: { orgId: number; productOrderId: number; number: number; reason: RevisionReason; restoredFrom: number | null; userId: number | null; catalogueVersion: number; side: RevisionSide; frozen: FrozenOrder },
): Promise<void> {
  await trx('order_revisions').insert({
    org_id: r.orgId,
    product_order_id: r.productOrderId,
    number: r.number,
    reason: r.reason,
    restored_from: r.restoredFrom,
    user_id: r.userId,
    catalogue_version: r.catalogueVersion,
    side: JSON.stringify(r.side),
    frozen: JSON.stringify(r.frozen),
    created: toDbDate(),
  });
}

/** Keeps an organisation's catalogue tables at a version, once (another transaction may keep the same version at the same time). */
export async function keepCatalogueVersion(trx: Knex.Transaction, orgId: number, version: number, tables: unknown): Promise<void> {
  const kept = await trx('catalogue_versions').where({ org_id: orgId, version }).first('id');
  if (kept) return;
  try {
    // A savepoint: a unique violation from a parallel keeper must not abort the surrounding transaction.
    await trx.transaction(async (sp) => {
      await sp('catalogue_versions').insert({ org_id: orgId, version, tables: JSON.stringify(tables), created: toDbDate() });
    });
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
  }
}

export async function readCatalogueVersion(db: Knex | Knex.Transaction, orgId: number, version: number): Promise<unknown | undefined> {
  const row = (await db('catalogue_versions').where({ org_id: orgId, version }).first('tables')) as Row | undefined;
  return row ? json<unknown>(row.tables) : undefined;
}

function acceptanceOf(r: Row): QuoteAcceptance {
  return {
    revisionNumber: Number(r.revision_number),
    fullName: String(r.full_name),
    userId: r.user_id == null ? null : Number(r.user_id),
    userName: nameOf(r.first_name, r.last_name, r.email),
    at: normaliseDbDate(r.created) ?? '',
    ipAddress: String(r.ip_address),
    pdfSha256: String(r.pdf_sha256),
    terms: json<string[]>(r.terms) ?? [],
  };
}

const acceptanceColumns = ['a.*', 'u.first_name', 'u.last_name', 'u.email'];

/** The acceptances of an order, by revision number. */
export async function acceptancesOf(db: Knex | Knex.Transaction, productOrderId: number): Promise<Map<number, QuoteAcceptance>> {
  const rows = (await db('quote_acceptances as a').leftJoin('users as u', 'u.id', 'a.user_id').where('a.product_order_id', productOrderId).select(acceptanceColumns)) as Row[];
  return new Map(rows.map((r) => [Number(r.revision_number), acceptanceOf(r)]));
}

export async function acceptanceOfRevision(db: Knex | Knex.Transaction, productOrderId: number, revisionNumber: number): Promise<QuoteAcceptance | undefined> {
  const row = (await db('quote_acceptances as a')
    .leftJoin('users as u', 'u.id', 'a.user_id')
    .where({ 'a.product_order_id': productOrderId, 'a.revision_number': revisionNumber })
    .first(acceptanceColumns)) as Row | undefined;
  return row ? acceptanceOf(row) : undefined;
}

export async function insertAcceptance(
  trx: Knex.Transaction,
  a: { orgId: number; productOrderId: number; revisionNumber: number; userId: number; fullName: string; ipAddress: string; pdfSha256: string; terms: readonly string[] },
): Promise<void> {
  await trx('quote_acceptances').insert({
    org_id: a.orgId,
    product_order_id: a.productOrderId,
    revision_number: a.revisionNumber,
    user_id: a.userId,
    full_name: a.fullName,
    ip_address: a.ipAddress,
    pdf_sha256: a.pdfSha256,
    terms: JSON.stringify(a.terms),
    created: toDbDate(),
  });
}

/** The guest terms (sales-tax exemption, discount) of an order's owner in its organisation; null when the owner is no guest. */
export async function ownerGuestTerms(db: Knex | Knex.Transaction, orgId: number, userId: number): Promise<FrozenOrder['ownerGuest']> {
  const row = (await db('guests').where({ org_id: orgId, user_id: userId }).first('id', 'disable_sales_tax', 'discount')) as Row | undefined;
  if (!row) return null;
  const discount = json<{ type: string; value: number } | null>(row.discount ?? null);
  return { disableSalesTax: Number(row.disable_sales_tax) ? 1 : 0, discount: discount ?? null };
}
