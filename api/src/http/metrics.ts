import { timingSafeEqual } from 'node:crypto';
import type { Context, Next } from 'koa';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { routeOf } from './requestLog.ts';

/** What a metrics scrape reads from the rest of the process at that moment. */
export interface MetricsSources {
  /** The database pool: connections in use, idle, and callers waiting for one. */
  pool?: () => { used: number; free: number; pendingAcquires: number } | undefined;
  /** The PDF queue: renders in progress and waiting. */
  pdfQueue?: () => { running: number; waiting: number } | undefined;
}

/** The outcome of one pass of a background task, for its counters. */
export interface TaskPassRecorder {
  passStarted(task: string): () => void;
  passEnded(task: string, outcome: 'ok' | 'failed' | 'skipped', seconds: number): void;
}

/**
 * Prometheus metrics of one API process (decision 0117), served at GET /metrics when METRICS=1:
 * requests per route, method and status, their duration per route, the database pool, the PDF
 * queue, background task passes, and Node's own (event loop lag, heap, processor time).
 */
export class Metrics implements TaskPassRecorder {
  readonly registry = new Registry();
  private readonly requests = new Counter({ name: 'cpq_http_requests_total', help: 'HTTP requests answered, by method, route and status.', labelNames: ['method', 'route', 'status'], registers: [this.registry] });
  private readonly duration = new Histogram({
    name: 'cpq_http_request_duration_seconds',
    help: 'Time from the request to its answer, by method and route.',
    labelNames: ['method', 'route'],
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  private readonly passes = new Counter({ name: 'cpq_task_passes_total', help: 'Passes of the background tasks, by task and outcome (skipped: another process holds the task).', labelNames: ['task', 'outcome'], registers: [this.registry] });
  private readonly passSeconds = new Histogram({ name: 'cpq_task_pass_duration_seconds', help: 'Duration of the background tasks’ passes.', labelNames: ['task'], buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 30, 120], registers: [this.registry] });
  private readonly running = new Gauge({ name: 'cpq_task_running', help: 'Background task passes running now.', labelNames: ['task'], registers: [this.registry] });

  constructor(sources: MetricsSources = {}) {
    collectDefaultMetrics({ register: this.registry, prefix: 'cpq_' });
    const { pool, pdfQueue } = sources;
    const registry = this.registry;
    /** A gauge with one value per state, read at each scrape (nothing when its source has none). */
    const byState = (name: string, help: string, read: () => Record<string, number> | undefined) =>
      new Gauge({
        name,
        help,
        labelNames: ['state'],
        registers: [registry],
        collect() {
          for (const [state, n] of Object.entries(read() ?? {})) this.set({ state }, n);
        },
      });
    byState('cpq_db_pool_connections', 'Database pool connections, in use and idle.', () => {
      const p = pool?.();
      return p && { used: p.used, free: p.free };
    });
    new Gauge({
      name: 'cpq_db_pool_pending_acquires',
      help: 'Callers waiting for a database connection.',
      registers: [registry],
      collect() {
        const p = pool?.();
        if (p) this.set(p.pendingAcquires);
      },
    });
    byState('cpq_pdf_queue', 'PDF renders in progress and waiting for a slot.', () => pdfQueue?.());
  }

  /** Counts and times every request (the outermost middleware but the request log). */
  middleware() {
    return async (ctx: Context, next: Next): Promise<void> => {
      const end = this.duration.startTimer();
      try {
        await next();
      } finally {
        const route = routeOf(ctx);
        end({ method: ctx.method, route });
        this.requests.inc({ method: ctx.method, route, status: String(ctx.status) });
      }
    };
  }

  passStarted(task: string): () => void {
    this.running.inc({ task });
    return () => this.running.dec({ task });
  }

  passEnded(task: string, outcome: 'ok' | 'failed' | 'skipped', seconds: number): void {
    this.passes.inc({ task, outcome });
    if (outcome !== 'skipped') this.passSeconds.observe({ task }, seconds);
  }
}

/**
 * GET /metrics in Prometheus's text format. With a token set (METRICS_TOKEN), only for
 * `Authorization: Bearer <token>`; without one, for whoever reaches the process (keep /metrics off
 * the public proxy: docs/operations.md).
 */
export function metricsEndpoint(metrics: Metrics, token: string | undefined) {
  return async (ctx: Context, next: Next): Promise<void> => {
    if (ctx.path !== '/metrics' || ctx.method !== 'GET') return next();
    if (token !== undefined && !sameSecret(ctx.get('authorization'), `Bearer ${token}`)) {
      ctx.status = 401;
      ctx.set('WWW-Authenticate', 'Bearer');
      ctx.body = { error: { code: 'unauthenticated', message: 'The metrics need the operator’s token.' } };
      return;
    }
    ctx.type = metrics.registry.contentType;
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await metrics.registry.metrics();
  };
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
