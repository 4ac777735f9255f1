import Router from '@koa/router';
import type { Context } from 'koa';
import { MEDIA_MAX_BYTES, MEDIA_MESSAGES, MediaFileName, MediaUploadQuery, MediumDestroyBody, MediumUpdateBody } from '@cpq/domain';
import { LOCAL_FILE_PATH, LocalMediaStorage } from '../adapters/storage/local.ts';
import { MEDIA_URL_TTL_SECONDS } from '../adapters/storage/types.ts';
import type { Queries } from '../db/queries.ts';
import { readRaw } from '../http/body.ts';
import { ApiError, badRequest } from '../http/errors.ts';
import { compile, validateBody } from '../http/validate.ts';
import { authorize, requireCaller } from '../policy.ts';
import { destroyMedium, mediumNotFound, orgOfMedium, readMediumFile, updateMedium, uploadMedium, type MediaDeps } from '../services/media.ts';

/** The upload reads its own body (image bytes): app.ts keeps the JSON body parser off this path. */
export const MEDIA_UPLOAD_PATH = '/api/media/upload';

/**
 * Types an upload may be sent as. None of them is one an HTML form or a no-CORS fetch can send, so
 * another site cannot make a browser upload (the origin check applies as well); the bytes alone
 * decide what the file is.
 */
const UPLOAD_TYPES = new Set(['application/octet-stream', 'image/png', 'image/jpeg']);

const tooLarge = () => new ApiError(413, 'fileTooLarge', MEDIA_MESSAGES.tooLarge);

/**
 * Media (docs/decisions/0055-media.md): upload (owners), the caption and associations and delete
 * through the generic resource paths (owners; registered before the generic resource routes, which
 * keep media read-only), and the local storage's signed file addresses.
 */
export function mediaRoutes(deps: MediaDeps & { queries: Queries }): Router {
  const r = new Router();

  r.post(MEDIA_UPLOAD_PATH, async (ctx) => {
    const query = validateBody(MediaUploadQuery, { ...ctx.query });
    if (!UPLOAD_TYPES.has(ctx.request.type)) throw new ApiError(415, 'unsupportedMediaType', MEDIA_MESSAGES.wrongType);
    // Under 5,000,000 bytes: a body of that many is refused (before anything is read when it says so).
    if (Number(ctx.get('content-length') || 0) >= MEDIA_MAX_BYTES) {
      ctx.set('Connection', 'close');
      throw tooLarge();
    }
    const access = await authorize(ctx, deps, 'media.write', Number(query.orgId));
    const fileName = fileNameOf(ctx);
    const bytes = await readRaw(ctx, MEDIA_MAX_BYTES - 1, tooLarge);
    ctx.body = { data: await uploadMedium(deps, access, { bytes, fileName }) };
  });

  r.post('/api/resources/media/update', async (ctx) => {
    const body = validateBody(MediumUpdateBody, ctx.request.body);
    const access = await authorizeMedium(ctx, body.where.id);
    ctx.body = { data: await updateMedium(deps, access, body.where.id, body.props) };
  });

  r.post('/api/resources/media/destroy', async (ctx) => {
    const body = validateBody(MediumDestroyBody, ctx.request.body);
    const access = await authorizeMedium(ctx, body.where.id);
    ctx.body = { data: await destroyMedium(deps, access, body.where.id) };
  });

  /**
   * A file of the local storage, by its signed address: the signature is the key (like a presigned
   * S3 address), so an <img> needs no session. A forged or expired address is refused (403); with an
   * S3 bucket the browser never comes here (404).
   */
  r.get(`${LOCAL_FILE_PATH}/:orgId/:name`, async (ctx) => {
    const storage = deps.storage;
    if (!(storage instanceof LocalMediaStorage)) throw mediumNotFound();
    const key = `${ctx.params.orgId}/${ctx.params.name}`;
    const { expires, signature } = ctx.query;
    if (!storage.verify(key, typeof expires === 'string' ? expires : undefined, typeof signature === 'string' ? signature : undefined)) {
      throw new ApiError(403, 'invalidMediaUrl', 'This image address is not valid or has expired. Reload the page to get a new one.');
    }
    const file = await storage.get(key);
    if (!file) throw mediumNotFound();
    // Cached until the address expires; the file under a key never changes.
    const left = Math.max(0, Math.min(MEDIA_URL_TTL_SECONDS * 2, Number(expires) - Math.floor(Date.now() / 1000)));
    ctx.set('Cache-Control', `private, max-age=${left}, immutable`);
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.type = file.contentType;
    ctx.body = file.body;
  });

  /**
   * A medium's picture by its id, the address thumbnails name (mediumFileUrl, docs/decisions/0085-thumbnails-and-swatches.md):
   * it never changes, so a category, product or option can keep it. The session decides: signed in
   * (401), then a member of the medium's organisation, as for any catalogue read; another
   * organisation's medium, a missing one and one without a file alike are 404.
   */
  r.get('/api/media/:id/file', async (ctx) => {
    const id = /^[1-9][0-9]{0,9}$/.test(ctx.params.id ?? '') ? Number(ctx.params.id) : null;
    await requireCaller(ctx, deps.queries);
    if (id === null) throw mediumNotFound();
    const access = await authorize(ctx, deps, 'resources.get', await orgOfMedium(deps, id), mediumNotFound);
    const file = await readMediumFile(deps, access, id);
    // A medium's file never changes; who may see it can, so the cache is the browser's own and short.
    ctx.set('Cache-Control', 'private, max-age=3600');
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.type = file.contentType;
    ctx.body = file.body;
  });

  /** A medium named by id: signed in first (401), then its organisation decides; missing and foreign media alike are 404. */
  async function authorizeMedium(ctx: Context, id: number) {
    await requireCaller(ctx, deps.queries);
    return authorize(ctx, deps, 'media.write', await orgOfMedium(deps, id), mediumNotFound);
  }

  return r;
}

/** X-File-Name: the chosen file's name, URI-encoded (headers carry no other characters safely). */
function fileNameOf(ctx: Context): string | undefined {
  const raw = ctx.get('x-file-name');
  if (!raw) return undefined;
  let name: string;
  try {
    name = decodeURIComponent(raw);
  } catch {
    throw badRequest('X-File-Name must be URI-encoded.');
  }
  if (!compile(MediaFileName)(name)) throw badRequest('X-File-Name must be 1 to 255 characters.');
  return name;
}
