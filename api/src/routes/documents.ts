import Router from '@koa/router';
import type { Context } from 'koa';
import { DocumentPdfBody, EMPLOYEE_DOCUMENT_MODES, documentFilename, drawingsFilename } from '@cpq/domain';
import { PdfBusyError, PdfTimeoutError, type PdfJob, type PdfRenderer } from '../adapters/pdf/index.ts';
import type { MediaStorage } from '../adapters/storage/types.ts';
import { requestClientOf } from '../auth/sessions.ts';
import { SESSION_COOKIE } from '../sessionCookie.ts';
import type { Queries } from '../db/queries.ts';
import { ApiError, badRequest, forbidden, unauthenticated } from '../http/errors.ts';
import { validateBody } from '../http/validate.ts';
import { authorizeOrder, can, requireUser, type OrderFieldRules } from '../policy.ts';
import type { OrderDataService } from '../services/orderData.ts';
import { enterOrderByToken, type SharingDeps } from '../services/sharing.ts';
import { assertRevisionExists } from '../services/revisions.ts';
import type { TransactionRunner } from '../db/transactions.ts';

export const DOCUMENT_PDF_PATH = '/api/documents/pdf';

export interface DocumentRouteDeps {
  queries: Queries;
  plugins?: OrderFieldRules;
  orderData: OrderDataService;
  sharing: SharingDeps;
  transaction: TransactionRunner;
  pdf: PdfRenderer;
  /** Where the server reaches its own pages (PDF_RENDER_ORIGIN); by default the address this request came in on. */
  renderOrigin?: string;
  /** Where media files are served from: the PDF's page may load images from there too. */
  storage?: Pick<MediaStorage, 'url'>;
}

/** The origin media addresses point at (an S3 bucket's, or the portal's own for the local folder), as a presigned address shows it. */
async function mediaOriginOf(storage: Pick<MediaStorage, 'url'> | undefined, orgId: number, pageOrigin: string): Promise<string[]> {
  if (!storage) return [];
  return [new URL(await storage.url(`${orgId}/${'0'.repeat(32)}.png`), pageOrigin).origin];
}

/** The active organisation key of the portal's pages (packages/client): the page opens in the order's organisation. */
const ACTIVE_ORG_KEY = 'cpq.activeOrgId';

/** The server's own listening address, as the request reached it (IPv4-mapped addresses as IPv4). */
function ownOrigin(ctx: Context): string {
  const socket = ctx.req.socket;
  const address = (socket.localAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
  return `http://${address.includes(':') ? `[${address}]` : address}:${socket.localPort}`;
}

/** The options a screen has, and only those: a documents mode on drawings (or the reverse) is a mistake to report. */
function checkOptions(body: DocumentPdfBody): void {
  const foreign =
    body.document === 'documents'
      ? (['setMode', 'units', 'showDimensions'] as const).filter((k) => body[k] !== undefined)
      : (['mode', 'hideDiscount', 'revision'] as const).filter((k) => body[k] !== undefined);
  if (foreign.length) throw badRequest(`${foreign.join(', ')} ${foreign.length > 1 ? 'do' : 'does'} not apply to ${body.document}.`);
}

/** The page the PDF is printed from, with the screen's options in its query string. */
export function pageUrl(origin: string, body: DocumentPdfBody): string {
  const url = new URL(`/orders/${body.productOrderOrgSpecificId}/${body.document}`, origin);
  const q = url.searchParams;
  q.set('print', '1');
  const options: Record<string, string | number | boolean | undefined> =
    body.document === 'documents' ? { mode: body.mode, hideDiscount: body.hideDiscount, revision: body.revision } : { setMode: body.setMode, units: body.units, showDimensions: body.showDimensions };
  for (const [k, v] of Object.entries({ ...options, shareToken: body.shareToken, shareableOrderId: body.shareableOrderId })) if (v !== undefined) q.set(k, String(v));
  return url.toString();
}

/** 'Küche “Nord”' → 'Kuche _Nord_': accents dropped, any other non-ASCII character an underscore. */
function asciiFallback(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_');
}

/** Paper when the page names none: documents landscape Letter; drawings Letter one by one, Tabloid landscape when several share a page. */
function paperOf(body: DocumentPdfBody): Pick<PdfJob, 'format' | 'landscape'> {
  if (body.document === 'documents') return { format: 'Letter', landscape: true };
  return body.setMode === 'individual' ? { format: 'Letter', landscape: false } : { format: 'Tabloid', landscape: true };
}

/**
 * Prints a page of the portal as the caller (their own session cookie, so it shows only what they may
 * see) after the caller was authorised for it. Busy and timed-out renders are 503 and 504.
 */
export async function renderDocumentPdf(ctx: Context, deps: Pick<DocumentRouteDeps, 'pdf' | 'renderOrigin' | 'storage'>, body: DocumentPdfBody): Promise<Buffer> {
  const session = ctx.cookies.get(SESSION_COOKIE);
  if (!session) throw unauthenticated();
  try {
    const pageOrigin = deps.renderOrigin ?? ownOrigin(ctx);
    return await deps.pdf.render({
      url: pageUrl(pageOrigin, body),
      mediaOrigins: await mediaOriginOf(deps.storage, body.orgId, pageOrigin),
      cookies: [{ name: SESSION_COOKIE, value: session }],
      localStorage: { [ACTIVE_ORG_KEY]: JSON.stringify(body.orgId) },
      ...paperOf(body),
    });
  } catch (err) {
    if (err instanceof PdfBusyError) {
      ctx.set('Retry-After', '60');
      throw new ApiError(503, 'pdfBusy', err.message);
    }
    if (err instanceof PdfTimeoutError) throw new ApiError(504, 'pdfTimeout', err.message);
    throw err;
  }
}

/**
 * POST /api/documents/pdf: the documents or drawings screen of an order as a PDF. Access is decided
 * exactly as for get-configurator-order-data before anything is rendered; the page is then opened as
 * the caller (their own session cookie), so it shows only what they may see.
 */
export function documentRoutes(deps: DocumentRouteDeps): Router {
  const r = new Router();

  r.post(DOCUMENT_PDF_PATH, async (ctx) => {
    const body = validateBody(DocumentPdfBody, ctx.request.body);
    checkOptions(body);
    if (body.shareToken !== undefined) await enterOrderByToken(deps.sharing, await requireUser(ctx, deps.queries), requestClientOf(ctx), { ...body, shareToken: body.shareToken });
    const { access, order: head } = await authorizeOrder(ctx, deps, 'documents.pdf', body.orgId, body.productOrderOrgSpecificId);
    const mode = body.mode ?? 'quote';
    if (body.document === 'documents' && EMPLOYEE_DOCUMENT_MODES.includes(mode) && !can('documents.employeeModes', access.role)) {
      throw forbidden('Only owners and members can download the packing slip and the factory document.');
    }
    const { order } = await deps.orderData.open(access, head);
    if (body.revision !== undefined) await assertRevisionExists(deps, order.id, body.revision);
    const pdf = await renderDocumentPdf(ctx, deps, body);

    const named = { orgSpecificId: order.orgSpecificId, title: order.title ?? '' };
    const now = new Date();
    const base = body.document === 'documents' ? documentFilename(named, mode, now) : drawingsFilename(named, now);
    const filename = `${base}${body.revision ? ` - Revision ${body.revision}` : ''}.pdf`;
    // The full name as RFC 5987 filename* when it is not plain ASCII; filename= an ASCII look-alike for older clients.
    ctx.attachment(filename, { fallback: asciiFallback(filename) });
    ctx.type = 'application/pdf';
    ctx.set('Cache-Control', 'no-store');
    ctx.body = pdf;
  });

  return r;
}
