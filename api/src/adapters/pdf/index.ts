import { ChromiumPdfRenderer, type ChromiumPdfOptions } from './chromium.ts';

export * from './types.ts';
export { BoundedQueue } from './queue.ts';
export { ChromiumPdfRenderer, PRINT_READY_SELECTOR, type ChromiumPdfOptions } from './chromium.ts';

type Env = Record<string, string | undefined>;

export const PDF_DEFAULTS: ChromiumPdfOptions = {
  executablePath: '/usr/bin/chromium',
  // Two renders at once suit a two-core machine; each Chromium page takes a core while it lays out.
  concurrency: 2,
  queueLimit: 16,
  timeoutMs: 30_000,
};

function positiveInteger(env: Env, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a positive whole number, got "${raw}".`);
  return n;
}

/** PDF_CHROMIUM_PATH, PDF_CONCURRENCY, PDF_QUEUE_LIMIT, PDF_TIMEOUT_MS (docs/configuration.md). */
export function pdfOptionsFromEnv(env: Env): ChromiumPdfOptions {
  return {
    executablePath: env.PDF_CHROMIUM_PATH?.trim() || PDF_DEFAULTS.executablePath,
    concurrency: positiveInteger(env, 'PDF_CONCURRENCY', PDF_DEFAULTS.concurrency),
    queueLimit: positiveInteger(env, 'PDF_QUEUE_LIMIT', PDF_DEFAULTS.queueLimit),
    timeoutMs: positiveInteger(env, 'PDF_TIMEOUT_MS', PDF_DEFAULTS.timeoutMs),
  };
}

/** The renderer of the environment: nothing starts until the first PDF is asked for. */
export function pdfRendererFromEnv(env: Env): ChromiumPdfRenderer {
  return new ChromiumPdfRenderer(pdfOptionsFromEnv(env));
}
