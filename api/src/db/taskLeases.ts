import type { Knex } from 'knex';
import type { BackgroundTaskState } from '@cpq/domain';
import { fromDbDate, normaliseDbDate, toDbDate } from './time.ts';

const TABLE = 'background_tasks';

/**
 * Leases on the background tasks (decision 0118): with several API processes on one database, a
 * process runs a task's pass only while it holds the task's lease, taken by one conditional UPDATE
 * (free, expired, or its own), renewed while the pass runs, given back when it ends. A process that
 * dies mid-pass holds it only until the lease runs out; another takes the task over then.
 */
export class TaskLeases {
  private readonly known = new Set<string>();

  constructor(private readonly db: Knex) {}

  /** Takes the lease of `name` for `holder` until `now + leaseMs`: true when this holder has it now. */
  async claim(name: string, holder: string, leaseMs: number, now = new Date()): Promise<boolean> {
    if (!this.known.has(name)) {
      await this.db(TABLE).insert({ name, runs: 0, failures: 0 }).onConflict('name').ignore();
      this.known.add(name);
    }
    const at = toDbDate(now);
    const taken = await this.db(TABLE)
      .where({ name })
      .andWhere((q) => q.whereNull('holder').orWhere('holder', holder).orWhere('lease_until', '<', at))
      .update({ holder, lease_until: toDbDate(new Date(now.getTime() + leaseMs)), last_started: at });
    return taken === 1;
  }

  /** Extends the lease while its holder still has it: false when it was lost (expired and taken). */
  async renew(name: string, holder: string, leaseMs: number, now = new Date()): Promise<boolean> {
    return (await this.db(TABLE).where({ name, holder }).update({ lease_until: toDbDate(new Date(now.getTime() + leaseMs)) })) === 1;
  }

  /** Gives the lease back and records how the pass ended (the error's first line, without a stack). */
  async release(name: string, holder: string, outcome: { error?: unknown }, now = new Date()): Promise<void> {
    const failed = outcome.error !== undefined;
    const message = failed ? (outcome.error instanceof Error ? outcome.error.message : String(outcome.error)).split('\n')[0]!.slice(0, 500) : null;
    await this.db(TABLE)
      .where({ name, holder })
      .update({
        holder: null,
        lease_until: null,
        last_finished: toDbDate(now),
        last_outcome: failed ? 'failed' : 'ok',
        last_error: message,
        runs: this.db.raw('runs + 1'),
        failures: this.db.raw(failed ? 'failures + 1' : 'failures'),
      });
  }

  /** Every task, by name. */
  async list(now = new Date()): Promise<BackgroundTaskState[]> {
    const rows = (await this.db(TABLE).select('*').orderBy('name')) as Array<Record<string, unknown>>;
    return rows.map((r) => {
      const leaseUntil = normaliseDbDate(r.lease_until);
      const held = r.holder != null && leaseUntil !== null && fromDbDate(leaseUntil).getTime() > now.getTime();
      const outcome = r.last_outcome === 'failed' ? 'failed' : r.last_outcome === 'ok' ? 'ok' : 'pending';
      return {
        name: String(r.name),
        state: held ? 'running' : outcome,
        holder: held ? String(r.holder) : null,
        leaseUntil: held ? leaseUntil : null,
        lastStarted: normaliseDbDate(r.last_started),
        lastFinished: normaliseDbDate(r.last_finished),
        lastError: outcome === 'failed' ? ((r.last_error as string | null) ?? null) : null,
        runs: Number(r.runs),
        failures: Number(r.failures),
      };
    });
  }
}
