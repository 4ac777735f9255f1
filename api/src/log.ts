import { AsyncLocalStorage } from 'node:async_hooks';
import pino, { type DestinationStream, type Logger } from 'pino';

/**
 * What a request carries into everything it goes on to do (decision 0117): its id, in every log line
 * written while it is handled (mail sent after its commit included), and the address it came in on
 * (http/linkAddress.ts). One AsyncLocalStorage for both.
 */
export interface RequestScope {
  requestId: string;
  /** The request's scheme://host, kept for links when PUBLIC_URL is unset. */
  linkOrigin?: string;
}

export const requestScope = new AsyncLocalStorage<RequestScope>();

/**
 * Never written to a log: cookies, authorisation headers, passwords, tokens and secrets, at the top of
 * a logged object and in the places a request's or an answer's parts would sit. Exact paths: pino's
 * wildcard paths cost a seventh of a cheap request's throughput, and nothing here logs headers or bodies.
 */
const SECRET_KEYS = ['cookie', 'authorization', 'password', 'token', 'shareToken', 'secret'];
const HOLDERS = ['headers', 'body', 'req.headers', 'req.body', 'res.headers'];
export const REDACTED_PATHS = [...SECRET_KEYS, 'headers["set-cookie"]', 'res.headers["set-cookie"]', ...HOLDERS.flatMap((h) => SECRET_KEYS.map((k) => `${h}.${k}`))];

export interface LoggerOptions {
  /** pino's level: fatal, error, warn, info, debug, trace or silent. */
  level?: string;
  /** Where lines go (standard output by default). */
  destination?: DestinationStream;
}

/**
 * One JSON object per line: `level` (its name), `time` (ISO), `msg`, the request's `reqId` when the
 * line is written while a request is handled, and whatever the call adds (`err` with its stack).
 */
export function createLogger(opts: LoggerOptions = {}): Logger {
  return pino(
    {
      level: opts.level ?? 'info',
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin: () => {
        const scope = requestScope.getStore();
        return scope ? { reqId: scope.requestId } : {};
      },
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    },
    // Written off the request's path; what is still buffered is written when the process exits.
    opts.destination ?? pino.destination({ dest: 1, sync: false }),
  );
}

/** The process's logger: LOG_LEVEL (docs/configuration.md), standard output. */
export const logger: Logger = createLogger({ level: process.env.LOG_LEVEL?.trim() || 'info' });
