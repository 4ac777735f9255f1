import Router from '@koa/router';
import type { Context } from 'koa';
import type { Static, TSchema } from '@sinclair/typebox';
import { AcceptQuoteBody, OrderRevisionBody, OrderRevisionsBody, QuoteAcceptanceSettingBody, RestoreRevisionBody } from '@cpq/domain';
import { requestClientOf } from '../auth/sessions.ts';
import { validateBody } from '../http/validate.ts';
import { authorize, authorizeOrderById, type Access, type Endpoint } from '../policy.ts';
import type { WriteDeps } from '../services/orderWrites.ts';
import { acceptQuote, orderRevision, orderRevisions, quoteAcceptanceSetting, restoreRevision } from '../services/revisions.ts';
import type { Queries } from '../db/queries.ts';
import { renderDocumentPdf, type DocumentRouteDeps } from './documents.ts';

export type RevisionRouteDeps = WriteDeps & { queries: Queries } & Pick<DocumentRouteDeps, 'pdf' | 'renderOrigin' | 'storage'>;

/** Quote revisions and online acceptance (docs/decisions/0122-quote-revisions.md). */
export function revisionRoutes(deps: RevisionRouteDeps): Router {
  const r = new Router({ prefix: '/api/configurator/product-order' });

  const orderCall = <S extends TSchema>(path: string, schema: S, endpoint: Endpoint, run: (access: Access, body: Static<S> & { productOrderId: number }, ctx: Context) => Promise<unknown>) =>
    r.post(path, async (ctx: Context) => {
      const body = validateBody(schema, ctx.request.body) as Static<S> & { productOrderId: number };
      const access = await authorizeOrderById(ctx, deps, endpoint, body.productOrderId);
      ctx.body = { data: await run(access, body, ctx) };
    });

  orderCall('/revisions', OrderRevisionsBody, 'configurator.getOrderRevisions', (access, body) => orderRevisions(deps, access, body.productOrderId));
  orderCall('/revision', OrderRevisionBody, 'configurator.getOrderRevision', (access, body) => orderRevision(deps, access, body));
  orderCall('/restore-revision', RestoreRevisionBody, 'configurator.restoreRevision', (access, body) => restoreRevision(deps, access, body));
  orderCall('/accept-quote', AcceptQuoteBody, 'configurator.acceptQuote', (access, body, ctx) =>
    // The quote PDF hashed is the revision's quote exactly as this person is shown it.
    acceptQuote(deps, access, body, requestClientOf(ctx), (order) =>
      renderDocumentPdf(ctx, deps, { orgId: access.orgId, productOrderOrgSpecificId: order.orgSpecificId, document: 'documents', mode: 'quote', revision: body.revisionNumber }),
    ),
  );
  r.post('/quote-acceptance-setting', async (ctx) => {
    const body = validateBody(QuoteAcceptanceSettingBody, ctx.request.body);
    const access = await authorize(ctx, deps, 'orgSettings.quoteAcceptance', body.orgId);
    ctx.body = { data: await quoteAcceptanceSetting(deps, access.orgId, body.acceptanceRequiredBeforePayment) };
  });
  return r;
}
