import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { MEDIA_MESSAGES, mediumFileUrl, type MediaContentType, type MediumAssociations } from '@cpq/domain';
import type { MediaStorage, StoredFile } from '../adapters/storage/types.ts';
import type { Repos, Row, TableKey } from '../db/repository.ts';
import type { TransactionRunner } from '../db/transactions.ts';
import { ApiError, notFound } from '../http/errors.ts';
import type { Access } from '../policy.ts';
import { audit } from './orders.ts';

/**
 * Media of the admin area (docs/decisions/0055-media.md): an upload stores the file, then its row in
 * a transaction (the file is removed again when the row fails); captions and associations are
 * checked against the organisation's own rows; a destroyed medium loses its row, then its file, and
 * products showing it show none. Every write leaves an audit line.
 */
export interface MediaDeps {
  repos: Repos;
  transaction: TransactionRunner;
  storage: MediaStorage;
  logError?: (err: unknown, request?: string) => void;
}

export const mediumNotFound = () => notFound('mediumNotFound', 'Medium not found.');

// ------------------------------------------------------------------------------- what a file is

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);
const GIF = Buffer.from('GIF8', 'latin1');

/** The image type the bytes are (their magic number), or why they are refused. Names and declared types play no part. */
export function imageTypeOf(bytes: Buffer): MediaContentType {
  if (bytes.length === 0) throw new ApiError(400, 'emptyFile', MEDIA_MESSAGES.empty);
  if (bytes.subarray(0, PNG.length).equals(PNG)) return 'image/png';
  if (bytes.subarray(0, JPEG.length).equals(JPEG)) return 'image/jpeg';
  if (bytes.subarray(0, GIF.length).equals(GIF)) throw new ApiError(400, 'gifNotAccepted', MEDIA_MESSAGES.gif);
  throw new ApiError(400, 'notAnImage', MEDIA_MESSAGES.notAnImage);
}

const EXTENSION: Record<MediaContentType, 'png' | 'jpg'> = { 'image/png': 'png', 'image/jpeg': 'jpg' };

/** The name the person gave, without its extension and folders (shown only; never a storage path). */
function baseName(fileName: string | undefined): string | null {
  if (!fileName) return null;
  const last = fileName.split(/[\\/]/).pop() ?? '';
  const base = last.replace(/\.[^.]*$/, '').trim();
  return base ? base.slice(0, 255) : null;
}

// ------------------------------------------------------------------------------- reading

/** A medium as the browser gets it: its time-limited address, never where it is kept. */
export async function shapeMedium(storage: MediaStorage, row: Row): Promise<Row> {
  const { storageKey, ...rest } = row;
  const presignedUrl = row.hasFile && typeof storageKey === 'string' ? await storage.url(storageKey) : null;
  return { ...rest, presignedUrl };
}

export function shapeMedia(storage: MediaStorage, rows: Row[]): Promise<Row[]> {
  return Promise.all(rows.map((r) => shapeMedium(storage, r)));
}

// ------------------------------------------------------------------------------- writing

/**
 * Stores an uploaded image and creates its medium (type 'image', no caption, the uploader). The file
 * goes first: a row never points at a file that is not there; when the row fails, the file is removed.
 */
export async function uploadMedium(deps: MediaDeps, access: Access, upload: { bytes: Buffer; fileName?: string }): Promise<Row> {
  const contentType = imageTypeOf(upload.bytes);
  const extension = EXTENSION[contentType];
  const storageKey = `${access.orgId}/${randomBytes(16).toString('hex')}.${extension}`;
  await deps.storage.put(storageKey, upload.bytes, contentType);
  let id: number;
  try {
    id = await deps.transaction(async (trx) => {
      const row: Row = {
        orgId: access.orgId,
        type: 'image',
        title: null,
        fileName: baseName(upload.fileName),
        fileExtension: extension,
        uploaderId: access.user.id,
        hasFile: 1,
        associations: {},
        storageKey,
        contentType,
        byteSize: upload.bytes.length,
      };
      const newId = await deps.repos.media.insert(row, trx);
      await auditLine(deps, trx, access, newId, 'create', { changes: { fileName: row.fileName, contentType, byteSize: row.byteSize } });
      return newId;
    });
  } catch (e) {
    await deps.storage.delete(storageKey).catch((err: unknown) => deps.logError?.(err, 'removing the file of a failed upload'));
    throw e;
  }
  return shapeMedium(deps.storage, (await deps.repos.media.findOne({ id }))!);
}

/** A medium's stored file, or 404 when the medium (of the caller's organisation) has none. */
export async function readMediumFile(deps: Pick<MediaDeps, 'repos' | 'storage'>, access: Access, id: number): Promise<StoredFile> {
  const [row] = await deps.repos.media.find({ id, orgId: access.orgId }, { columns: ['hasFile', 'storageKey'] });
  const file = row?.hasFile && typeof row.storageKey === 'string' ? await deps.storage.get(row.storageKey) : null;
  if (!file) throw mediumNotFound();
  return file;
}

/** The organisation of a medium, or 404: what the caller must be an owner of. */
export async function orgOfMedium(deps: Pick<MediaDeps, 'repos'>, id: number): Promise<number> {
  const [row] = await deps.repos.media.find({ id }, { columns: ['orgId'] });
  if (!row) throw mediumNotFound();
  return row.orgId;
}

const ASSOCIATED_TABLES: Record<keyof MediumAssociations, TableKey> = { products: 'products', productProperties: 'productProperties', productOptions: 'productOptions' };

/** Associated rows must be the organisation's own; another organisation's ids answer like missing ones. */
async function assertAssociations(deps: MediaDeps, orgId: number, associations: MediumAssociations, trx: Knex.Transaction): Promise<void> {
  for (const [key, table] of Object.entries(ASSOCIATED_TABLES) as Array<[keyof MediumAssociations, TableKey]>) {
    const ids = Object.keys(associations[key] ?? {}).map(Number);
    if (!ids.length) continue;
    const found = new Set((await deps.repos[table].find({ id: ids, orgId }, { trx, columns: ['id'] })).map((r) => (r as Row).id));
    const missing = ids.find((id) => !found.has(id));
    if (missing !== undefined) throw notFound('referenceNotFound', `associations.${key}: ${missing} not found.`);
  }
}

/** Catalogue tables whose rows have a thumbnail address. */
const THUMBNAIL_TABLES = ['productCategories', 'products', 'productProperties', 'productOptions'] as const satisfies readonly TableKey[];

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The caption (title) and the associations. The associations given replace the stored ones whole.
 * Values equal to the stored ones write nothing and leave no audit line.
 */
export async function updateMedium(deps: MediaDeps, access: Access, id: number, props: { title?: string | null; associations?: MediumAssociations }): Promise<Row> {
  const row = await deps.transaction(async (trx) => {
    const before = (await deps.repos.media.lockOne({ id, orgId: access.orgId }, trx)) as Row | undefined;
    if (!before) throw mediumNotFound();
    if (props.associations) await assertAssociations(deps, access.orgId, props.associations, trx);
    const changes: Record<string, { before: unknown; after: unknown }> = {};
    for (const [k, v] of Object.entries(props)) if (v !== undefined && !same(before[k], v)) changes[k] = { before: before[k] ?? null, after: v };
    if (Object.keys(changes).length) {
      await deps.repos.media.update({ id, orgId: access.orgId }, Object.fromEntries(Object.entries(changes).map(([k, c]) => [k, c.after])), trx);
      await auditLine(deps, trx, access, id, 'update', { changes });
    }
    return (await deps.repos.media.findOne({ id }, trx)) as Row;
  });
  return shapeMedium(deps.storage, row);
}

/**
 * Deletes the medium: products that show it show none (mediumId null), the row goes, then the file
 * (after the commit: a failed transaction keeps both). A file that cannot be removed is logged; the
 * medium is gone either way.
 */
export async function destroyMedium(deps: MediaDeps, access: Access, id: number): Promise<{ id: number; productIds: number[] }> {
  const done = await deps.transaction(async (trx) => {
    const before = (await deps.repos.media.lockOne({ id, orgId: access.orgId }, trx)) as Row | undefined;
    if (!before) throw mediumNotFound();
    const products = (await deps.repos.products.find({ orgId: access.orgId, mediumId: id }, { trx, columns: ['id'] })) as Row[];
    if (products.length) await deps.repos.products.update({ orgId: access.orgId, mediumId: id }, { mediumId: null }, trx);
    // Thumbnails that name the medium's address show none rather than a missing picture.
    for (const table of THUMBNAIL_TABLES) await deps.repos[table].update({ orgId: access.orgId, thumbnailUrl: mediumFileUrl(id) }, { thumbnailUrl: null }, trx);
    await deps.repos.media.delete({ id, orgId: access.orgId }, trx);
    const productIds = products.map((p) => p.id as number);
    await auditLine(deps, trx, access, id, 'destroy', { deleted: before, productsWithoutMedium: productIds });
    return { storageKey: before.storageKey, productIds };
  });
  if (typeof done.storageKey === 'string') {
    await deps.storage.delete(done.storageKey).catch((err: unknown) => deps.logError?.(err, `removing the file of medium ${id}`));
  }
  return { id, productIds: done.productIds };
}

async function auditLine(deps: Pick<MediaDeps, 'repos'>, trx: Knex.Transaction, access: Access, id: number, action: string, data: Row): Promise<void> {
  await audit(deps.repos, trx, { orgId: access.orgId, userId: access.user.id, entity: 'media', entityId: id, action, data });
}
