import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import Koa from 'koa';
import type { Knex } from 'knex';
import { REPO_ROOT } from './config.ts';
import { createRepos, type Repos } from './db/repository.ts';
import { ApiError, TooManyAttempts } from './http/errors.ts';
import { jsonBodyExcept } from './http/body.ts';
import { securityHeaders } from './http/security.ts';
import { serverTiming } from './http/timing.ts';
import { frontEnd, loadRemotesConfig, type RemotesConfig } from './http/static.ts';
import { DEFAULT_RATE_LIMIT, type RateLimitOptions } from './auth/rateLimit.ts';
import { sessionMiddleware } from './auth/sessions.ts';
import { authRoutes } from './routes/auth.ts';
import { configuratorRoutes } from './routes/configurator.ts';
import { resourceRoutes } from './routes/resources.ts';
import { PluginRegistry } from './plugins.ts';
import { orderWriteRoutes } from './routes/orderWrites.ts';
import { ordersListRoutes } from './routes/ordersList.ts';
import { bindOrdersListQueries } from './db/ordersList.ts';
import { orderActionRoutes } from './routes/orderActions.ts';
import { transactionRunner } from './db/transactions.ts';
import { bindQueries, DEFAULT_SESSION_IDLE_MS } from './db/queries.ts';
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable } from './db/errors.ts';
import { sameOriginWrites } from './http/origin.ts';
import { linkAddress } from './http/linkAddress.ts';
import { brandRoutes } from './routes/brand.ts';
import { healthRoutes } from './routes/health.ts';
import { CatalogueCache } from './services/catalogueCache.ts';
import { OrderDataService } from './services/orderData.ts';
import { paymentProviderFromEnv } from './adapters/payments/index.ts';
import type { PaymentProvider } from './adapters/payments/types.ts';
import { mailerFromEnv, type Mailer } from './adapters/mail/index.ts';
import { StateTaxTable, type TaxRates } from './adapters/tax/index.ts';
import { integrationProviderFromEnv, type IntegrationProvider } from './adapters/integrations/index.ts';
import { orderStatusRoutes, paymentWebhookRoutes } from './routes/orderStatus.ts';
import { sweepPayments } from './services/payments.ts';
import { repriceDueOrders, repriceStoredOrder, type RepriceTick } from './services/repricer.ts';
import { sharingRoutes } from './routes/sharing.ts';
import { integrationRoutes } from './routes/integrations.ts';
import { guestRoutes } from './routes/guests.ts';
import { pricingVersionOrderRoutes } from './routes/pricingVersionOrders.ts';
import { bindShareTokenFailures } from './db/shareTokenFailures.ts';
import { mediaStorageFromEnv, type MediaStorage } from './adapters/storage/index.ts';
import { MEDIA_UPLOAD_PATH, mediaRoutes } from './routes/media.ts';
import { invitationRoutes } from './routes/invitations.ts';
import { documentRoutes } from './routes/documents.ts';
import { spatialRoutes } from './routes/spatial.ts';
import { pdfRendererFromEnv, type PdfRenderer } from './adapters/pdf/index.ts';
import type { Logger } from 'pino';
import { logger as processLogger } from './log.ts';
import { requestLog } from './http/requestLog.ts';
import { Metrics, metricsEndpoint } from './http/metrics.ts';
import { TaskLeases } from './db/taskLeases.ts';
import { platformRoutes } from './routes/platform.ts';
import { openApiRoutes } from './routes/openapi.ts';
import { apiTokenRoutes } from './routes/apiTokens.ts';
import { revisionRoutes } from './routes/revisions.ts';
import { apiTokenAuth, apiTokenLimitsFromEnv, type ApiTokenLimits } from './auth/apiTokenAuth.ts';
import { ApiTokens } from './db/apiTokens.ts';
import { MailQueue } from './services/mailQueue.ts';

export interface AppDeps {
  db: Knex;
  rateLimit?: Partial<RateLimitOptions>;
  /** Where shell/dist, mfe-*\/dist and org-plugins/*\/dist are looked up. */
  repoRoot?: string;
  remotes?: RemotesConfig;
  remotesConfigFile?: string;
  trustProxy?: boolean;
  /** Organisation plugins (rules imported as packages); the installed ones by default. */
  plugins?: PluginRegistry;
  /**
   * Errors with status ≥ 500 are logged here, with the request's method and path (never its query
   * string: share links carry tokens there). By default an error line of the logger.
   */
  logError?: (err: unknown, request?: string) => void;
  /** Structured log lines (log.ts): the process's logger by default. */
  logger?: Logger;
  /** Prometheus metrics at GET /metrics (METRICS=1), only with `Authorization: Bearer <token>` when a token is set. */
  metrics?: { token?: string };
  /** Adapters (docs/decisions/0042-payments.md): from the environment by default. */
  payments?: PaymentProvider;
  mailer?: Mailer;
  tax?: TaxRates;
  /** Where uploaded media files live (MEDIA_DIR or MEDIA_S3_BUCKET; docs/decisions/0055-media.md). */
  storage?: MediaStorage;
  integrations?: IntegrationProvider;
  /**
   * The portal's address in links and mails (PUBLIC_URL; required in production), else the address each
   * request came in on. Writes from its origin are accepted as same-origin.
   */
  publicUrl?: string;
  /** This process's name among those on the database (tests give two apps on one database their own). */
  processId?: string;
  /** API tokens' calls per minute (API_TOKEN_CALLS_PER_MINUTE; tests lower it). */
  apiTokenLimits?: ApiTokenLimits;
  /** Sessions end after this long without use (SESSION_IDLE_MS; a week by default). */
  sessionIdleMs?: number;
  /** Prints the documents and drawings screens (docs/decisions/0063-pdf-rendering.md): the system Chromium by default. */
  pdf?: PdfRenderer;
  /** Where the PDF renderer reaches this server's pages (PDF_RENDER_ORIGIN); by default the address a request came in on. */
  pdfRenderOrigin?: string;
}

export interface App extends Koa {
  repos: Repos;
  plugins: PluginRegistry;
  catalogues: CatalogueCache;
  payments: PaymentProvider;
  /** Settles due simulated payments and reconciles payments in progress (main.ts runs it on a timer). */
  sweepPayments(): Promise<void>;
  /** Reprices a batch of the orders whose stored prices are due (main.ts runs it on a timer; tests pass a clock). */
  repriceOrders(opts?: { now?: Date; limit?: number }): Promise<RepriceTick>;
  /** The PDF renderer: its browser is ended on shutdown (main.ts). */
  pdf: PdfRenderer;
  /** Every API route (method and path): the authorisation matrix and the fuzz tests are generated from it. */
  routeTable: ReadonlyArray<{ method: string; path: string }>;
  /** The metrics when they are on (background task passes are recorded there by main.ts). */
  metrics: Metrics | undefined;
  /** Whether the background tasks run (the readiness check); main.ts says, an app without tasks is ready. */
  tasksReady: () => boolean;
  /** The background tasks' leases: one process of the database runs each pass (main.ts). */
  taskLeases: TaskLeases;
  /** The organisations' API tokens (decision 0119). */
  apiTokens: ApiTokens;
  /** This process among those on the database (host:pid:tag): the holder of leases and claims. */
  processId: string;
  /** Every mail sent, kept until delivered; main.ts runs its retries (decision 0121). */
  mailQueue: MailQueue;
}

export function createApp(deps: AppDeps): App {
  const app = new Koa() as App;
  app.proxy = !!deps.trustProxy;
  const repos = createRepos(deps.db);
  app.repos = repos;
  app.plugins = deps.plugins ?? new PluginRegistry();
  const rateLimit = { ...DEFAULT_RATE_LIMIT, ...deps.rateLimit };
  const logger = deps.logger ?? processLogger;
  const logError = deps.logError ?? ((err: unknown, request?: string) => logger.error({ err, ...(request ? { request } : {}) }, request ? `${request} failed` : 'failed'));
  // ctx.path, never ctx.url: the query string may carry a share token.
  const requestOf = (ctx: Koa.Context) => `${ctx.method} ${ctx.path}`;
  // Errors Koa itself meets (a stream failing after the answer started) go to the same log.
  // A client that went away while its answer was streamed (it had what it needed, or navigated away)
  // is not a server failure: noted at debug level, not as an error.
  app.on('error', (err: unknown, ctx?: Koa.Context) => {
    if (ctx && isClientGone(err)) logger.debug({ request: requestOf(ctx), code: (err as { code?: string }).code }, 'client closed the connection');
    else logError(err, ctx ? requestOf(ctx) : undefined);
  });
  const publicUrl = deps.publicUrl ?? process.env.PUBLIC_URL;
  const links = linkAddress(publicUrl);

  // First: the request's id and scope, and its log line.
  app.use(requestLog({ logger, trustProxy: !!deps.trustProxy }));
  app.tasksReady = () => true;
  app.processId = deps.processId ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  app.taskLeases = new TaskLeases(deps.db);
  app.metrics = deps.metrics ? new Metrics({ pool: () => poolOf(deps.db), pdfQueue: () => app.pdf.load }) : undefined;
  if (app.metrics) {
    app.use(app.metrics.middleware());
    app.use(metricsEndpoint(app.metrics, deps.metrics?.token));
  }
  app.use(serverTiming);
  // Errors → { error: { code, message, details? } }
  app.use(async (ctx, next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body == null && ctx.path.startsWith('/api')) {
        throw new ApiError(404, 'notFound', `No API endpoint ${ctx.method} ${ctx.path}.`);
      }
    } catch (err) {
      if (err instanceof ApiError) {
        if (err instanceof TooManyAttempts) ctx.set('Retry-After', String(err.retryAfterSeconds));
        ctx.status = err.status;
        ctx.body = { error: { code: err.code, message: err.message, ...(err.details !== undefined ? { details: err.details } : {}) } };
      } else if (isDatabaseUnavailable(err)) {
        // Unreachable, timed out, out of connections: the client may simply try again.
        logError(err, requestOf(ctx));
        ctx.status = 503;
        ctx.set('Retry-After', '5');
        ctx.body = { error: { ...DATABASE_UNAVAILABLE } };
      } else {
        const status = (err as { status?: number }).status;
        if (status && status >= 400 && status < 500) {
          ctx.status = status;
          ctx.body = { error: { code: 'badRequest', message: (err as Error).message } };
        } else {
          logError(err, requestOf(ctx));
          ctx.status = 500;
          ctx.body = { error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' } };
        }
      }
    }
  });
  app.use(securityHeaders);
  app.use(sameOriginWrites({ publicUrl }));
  app.use(links.middleware);
  // The media upload reads its own body (image bytes under their own limit).
  app.use(jsonBodyExcept([MEDIA_UPLOAD_PATH]));

  // Past this point nothing gets the raw connection: repositories, named queries and a transaction runner.
  const queries = bindQueries(deps.db, { idleMs: deps.sessionIdleMs ?? sessionIdleFromEnv() });
  const transaction = transactionRunner(deps.db);
  app.catalogues = new CatalogueCache(queries, repos);
  const repricer = { repos, plugins: app.plugins, catalogues: app.catalogues, transaction, logError: (err: unknown) => logError(err, 'repricing') };
  const orderData = new OrderDataService({
    repos,
    transaction,
    catalogues: app.catalogues,
    spatialCategoryIds: (orgId) => app.plugins.rulesFor(orgId).spatial.spatialCategoryIds,
    pricing: { rulesVersion: (orgId) => app.plugins.rulesVersion(orgId), reprice: (orderId) => repriceStoredOrder(repricer, orderId), logError },
  });
  const storage = deps.storage ?? mediaStorageFromEnv(process.env, repoRootOf(deps));
  const services = { repos, queries, plugins: app.plugins, catalogues: app.catalogues, orderData, transaction, storage };
  const payments = deps.payments ?? paymentProviderFromEnv(process.env, deps.db);
  app.payments = payments;
  app.mailQueue = new MailQueue(deps.db, deps.mailer ?? mailerFromEnv(process.env, repoRootOf(deps)), { holder: app.processId });
  const mail = {
    repos,
    // Every mail is kept in the database until delivered (decision 0121); a failed one is tried again later.
    mailer: app.mailQueue,
    // Read when a link is written: PUBLIC_URL, else the address of the request at hand.
    get publicUrl() {
      return links.base();
    },
    logError,
  };
  const paymentDeps = { ...services, mail, payments };
  const integrations = { repos, plugins: app.plugins, integrations: deps.integrations ?? integrationProviderFromEnv(process.env), logError };
  const sharing = { ...services, mail, tokenFailures: bindShareTokenFailures(deps.db, rateLimit) };
  app.pdf = deps.pdf ?? pdfRendererFromEnv(process.env);
  const renderOrigin = deps.pdfRenderOrigin ?? (process.env.PDF_RENDER_ORIGIN?.trim() || undefined);
  app.sweepPayments = () => sweepPayments({ ...paymentDeps, settleDue: 'settleDueIntents' in payments ? () => (payments as unknown as { settleDueIntents(): Promise<string[]> }).settleDueIntents() : undefined });
  app.repriceOrders = (opts) => repriceDueOrders(repricer, opts);
  app.use(sessionMiddleware());
  app.apiTokens = new ApiTokens(deps.db);
  app.use(apiTokenAuth(app.apiTokens, deps.apiTokenLimits ?? apiTokenLimitsFromEnv(process.env), (err, request) => logError(err, request)));
  const routers = [
    healthRoutes({ queries, tasksReady: () => app.tasksReady() }),
    openApiRoutes(),
    brandRoutes({ repos }),
    paymentWebhookRoutes(paymentDeps),
    orderStatusRoutes({ ...paymentDeps, tax: deps.tax ?? new StateTaxTable({}) }),
    authRoutes(services, rateLimit),
    invitationRoutes({ ...services, tokenFailures: sharing.tokenFailures }),
    configuratorRoutes({ ...services, sharing }),
    sharingRoutes(sharing),
    documentRoutes({ ...services, sharing, pdf: app.pdf, renderOrigin }),
    revisionRoutes({ ...services, pdf: app.pdf, renderOrigin }),
    ordersListRoutes({ ...services, ordersList: bindOrdersListQueries(deps.db) }),
    orderWriteRoutes(services),
    spatialRoutes(services),
    orderActionRoutes(services),
    // Before the generic resource routes: it handles /api/resources/userGroups/….
    guestRoutes({ ...services, mail, integrations }),
    integrationRoutes({ ...integrations, queries }),
    // Before the generic resource routes too: it handles /api/resources/media/update and destroy.
    mediaRoutes({ ...services, logError }),
    pricingVersionOrderRoutes(services),
    platformRoutes({ repos, queries, taskLeases: app.taskLeases, mail: app.mailQueue }),
    apiTokenRoutes({ queries, apiTokens: app.apiTokens }),
    resourceRoutes(services),
  ];
  app.routeTable = routers.flatMap((router) =>
    router.stack.flatMap((layer) => layer.methods.filter((m) => m !== 'HEAD').map((method) => ({ method, path: String(layer.path) }))),
  );
  for (const router of routers) {
    app.use(router.routes());
    app.use(router.allowedMethods({ throw: false }));
  }

  // Static front end AFTER the API.
  const repoRoot = repoRootOf(deps);
  const remotes = deps.remotes ?? loadRemotesConfig(deps.remotesConfigFile, repoRoot);
  for (const mw of frontEnd(repoRoot, remotes)) app.use(mw);

  return app;
}

const repoRootOf = (deps: AppDeps) => deps.repoRoot ?? REPO_ROOT;

const CLIENT_GONE_CODES = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE']);
const isClientGone = (err: unknown) => CLIENT_GONE_CODES.has(String((err as { code?: unknown } | null)?.code));

/** The knex pool's counts (tarn), for the metrics. */
function poolOf(db: Knex): { used: number; free: number; pendingAcquires: number } | undefined {
  const pool = (db.client as { pool?: { numUsed(): number; numFree(): number; numPendingAcquires(): number } }).pool;
  return pool ? { used: pool.numUsed(), free: pool.numFree(), pendingAcquires: pool.numPendingAcquires() } : undefined;
}

function sessionIdleFromEnv(): number {
  const ms = Number(process.env.SESSION_IDLE_MS);
  return Number.isFinite(ms) && ms > 0 ? ms : DEFAULT_SESSION_IDLE_MS;
}
