import type { Server, ServerResponse } from 'node:http';
import type { TaskPassRecorder } from './http/metrics.ts';
import type { TaskLeases } from './db/taskLeases.ts';

/** A background task run every `ms`, one pass at a time; `stop` waits for a pass in progress. */
export interface Repeating {
  stop(): Promise<void>;
  /** Not stopped, and no pass running longer than `stuckMs` (the readiness check). */
  healthy(now?: number): boolean;
}

export interface RepeatOptions {
  /** The task's name in the metrics. */
  name?: string;
  recorder?: TaskPassRecorder;
  /** A pass running longer than this is stuck (10 minutes by default). */
  stuckMs?: number;
}

/** What a pass answers: true when it has more to do at once; 'skipped' when it did not run (another process holds the task). */
export type PassResult = boolean | void | 'skipped';

/**
 * Runs `pass` every `ms` (never two at once). A pass answering `true` has more to do: the next one
 * starts at once. A failing pass goes to `onError` and the next one comes at its time.
 */
export function repeatEvery(ms: number, pass: () => Promise<PassResult>, onError: (err: unknown) => void, opts: RepeatOptions = {}): Repeating {
  let running: Promise<void> | null = null;
  let startedAt = 0;
  let stopped = false;
  const { name = 'task', recorder } = opts;
  const stuckMs = opts.stuckMs ?? 600_000;
  const tick = (): void => {
    if (running || stopped) return;
    startedAt = Date.now();
    const ended = recorder?.passStarted(name);
    const outcome = (result: 'ok' | 'failed' | 'skipped') => {
      ended?.();
      recorder?.passEnded(name, result, (Date.now() - startedAt) / 1000);
    };
    running = pass()
      .then(
        (more) => {
          outcome(more === 'skipped' ? 'skipped' : 'ok');
          if (more === true && !stopped) setImmediate(tick);
        },
        (err: unknown) => {
          outcome('failed');
          onError(err);
        },
      )
      .finally(() => (running = null));
  };
  const timer = setInterval(tick, ms);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
    healthy(now = Date.now()) {
      return !stopped && (!running || now - startedAt < stuckMs);
    },
  };
}

/** Where a process takes a task's lease, under which name, for how long at a time. */
export interface LeaseHolder {
  leases: TaskLeases;
  /** This process (host:pid:tag). */
  holder: string;
  leaseMs: number;
}

/**
 * `pass`, run only while this process holds the task's lease (decision 0118): taken before the pass,
 * renewed every third of its length while it runs, given back with its outcome after. Another
 * process holding it: nothing runs ('skipped').
 */
export function leased(name: string, h: LeaseHolder, pass: () => Promise<boolean | void>): () => Promise<PassResult> {
  return async () => {
    if (!(await h.leases.claim(name, h.holder, h.leaseMs))) return 'skipped';
    const renewal = setInterval(() => void h.leases.renew(name, h.holder, h.leaseMs).catch(() => undefined), h.leaseMs / 3);
    renewal.unref();
    try {
      const more = await pass();
      clearInterval(renewal);
      await h.leases.release(name, h.holder, {});
      return more;
    } catch (err) {
      clearInterval(renewal);
      await h.leases.release(name, h.holder, { error: err }).catch(() => undefined);
      throw err;
    }
  };
}

export interface ShutdownParts {
  server: Server;
  /** Background tasks: no new pass starts, the one in progress is waited for. */
  tasks: readonly Repeating[];
  /** Closes what the process holds once no request is in flight (the database pool, the browser). */
  close: () => Promise<void>;
  /** Past this, connections still open are cut and the process ends with status 1. */
  timeoutMs: number;
  log: (line: string) => void;
  exit: (code: number) => void;
}

/**
 * Graceful shutdown (SIGTERM, SIGINT): stop accepting connections, finish the requests in flight
 * (answered with `Connection: close`; idle keep-alive connections are closed at once), let the
 * background passes in progress end, then close the pool and the browser and exit 0. Returns what a
 * signal calls; a second signal while shutting down changes nothing.
 */
export function gracefulShutdown(parts: ShutdownParts): { begin: (signal: string) => void; readonly shuttingDown: boolean } {
  let shuttingDown = false;
  const { server } = parts;
  // Once shutting down, a response not yet started closes its connection, so the client's next
  // request opens a new one (to another process behind the proxy) instead of meeting this one closing.
  const inFlight = new Set<ServerResponse>();
  server.on('request', (_req, res: ServerResponse) => {
    if (shuttingDown) res.shouldKeepAlive = false;
    inFlight.add(res);
    res.once('close', () => inFlight.delete(res));
  });
  return {
    get shuttingDown() {
      return shuttingDown;
    },
    begin(signal: string) {
      if (shuttingDown) return;
      shuttingDown = true;
      for (const res of inFlight) if (!res.headersSent) res.shouldKeepAlive = false;
      parts.log(`${signal}: finishing the requests and tasks in progress, then stopping.`);
      let finished = false;
      const finish = (code: number) => {
        if (finished) return;
        finished = true;
        clearTimeout(timer);
        parts.exit(code);
      };
      const timer = setTimeout(() => {
        parts.log(`Stopped after ${parts.timeoutMs} ms with work still in progress.`);
        server.closeAllConnections();
        finish(1);
      }, parts.timeoutMs);
      timer.unref();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // close() stops accepting; connections idle between requests would otherwise wait for their timeout.
      server.closeIdleConnections();
      const idleSweep = setInterval(() => server.closeIdleConnections(), 100);
      idleSweep.unref();
      void Promise.all([closed, ...parts.tasks.map((t) => t.stop())])
        .then(() => clearInterval(idleSweep))
        .then(() => parts.close())
        .then(
          () => finish(0),
          (err: unknown) => {
            parts.log(`Shutdown failed: ${err instanceof Error ? err.message : String(err)}`);
            finish(1);
          },
        );
    },
  };
}
