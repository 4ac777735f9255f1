/**
 * Background tasks with several API processes on one database (decision 0118): a task's pass runs
 * only in the process holding its lease; a lease is taken once however many ask at the same moment,
 * is taken over when its holder went away, and its outcome is visible to platform administrators.
 */
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BackgroundTasksResponse } from '@cpq/domain';
import { TaskLeases } from '../src/db/taskLeases.ts';
import { compile } from '../src/http/validate.ts';
import { leased, repeatEvery } from '../src/lifecycle.ts';
import { databases, startTestApp, type TestApp } from './helpers.ts';

const at = (iso: string) => new Date(`${iso}Z`);

describe.each(databases)('background task leases on $name', (dbCase) => {
  let t: TestApp;
  /** Separate connection pools on the same database: as many API processes. */
  let pools: Knex[];

  beforeAll(async () => {
    t = await startTestApp(dbCase);
    pools = [t.db];
    for (let i = 0; i < 5; i++) pools.push((await t.serve({}, { separateDb: true })).db);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is taken by exactly one of six processes asking at the same moment', async () => {
    const now = at('2026-11-28T10:00:00');
    const answers = await Promise.all(pools.map((db, i) => new TaskLeases(db).claim('race', `process-${i}`, 60_000, now)));
    expect(answers.filter(Boolean)).toHaveLength(1);
    const winner = `process-${answers.indexOf(true)}`;
    const [row] = await new TaskLeases(t.db).list(now);
    expect(row).toMatchObject({ name: 'race', state: 'running', holder: winner, leaseUntil: '2026-11-28 10:01:00' });
  });

  it('stays with its holder while renewed, and goes to another process once it has run out', async () => {
    const a = new TaskLeases(pools[1]!);
    const b = new TaskLeases(pools[2]!);
    expect(await a.claim('sweep', 'a', 60_000, at('2026-11-28T10:00:00'))).toBe(true);
    expect(await b.claim('sweep', 'b', 60_000, at('2026-11-28T10:00:50'))).toBe(false);
    expect(await a.renew('sweep', 'a', 60_000, at('2026-11-28T10:00:50'))).toBe(true);
    expect(await b.claim('sweep', 'b', 60_000, at('2026-11-28T10:01:30'))).toBe(false); // renewed until 10:01:50
    // a stopped without giving it back: at 10:01:51 it is b's.
    expect(await b.claim('sweep', 'b', 60_000, at('2026-11-28T10:01:51'))).toBe(true);
    expect(await a.renew('sweep', 'a', 60_000, at('2026-11-28T10:01:52'))).toBe(false);
  });

  it('records how each pass ended, for the platform administrators', async () => {
    const leases = new TaskLeases(pools[3]!);
    expect(await leases.claim('repricing', 'p3', 60_000, at('2026-11-28T11:00:00'))).toBe(true);
    await leases.release('repricing', 'p3', { error: new Error('Deadlock found when trying to get lock\n at stack') }, at('2026-11-28T11:00:02'));
    const failed = (await leases.list(at('2026-11-28T11:00:03'))).find((r) => r.name === 'repricing');
    expect(failed).toEqual({ name: 'repricing', state: 'failed', holder: null, leaseUntil: null, lastStarted: '2026-11-28 11:00:00', lastFinished: '2026-11-28 11:00:02', lastError: 'Deadlock found when trying to get lock', runs: 1, failures: 1 });
    expect(await leases.claim('repricing', 'p4', 60_000, at('2026-11-28T11:00:05'))).toBe(true);
    await leases.release('repricing', 'p4', {}, at('2026-11-28T11:00:06'));
    expect((await leases.list(at('2026-11-28T11:00:07'))).find((r) => r.name === 'repricing')).toMatchObject({ state: 'ok', lastError: null, runs: 2, failures: 1 });

    // GET /api/platform/background-tasks: platform administrators only (850's owner is one; a guest is not).
    const admin = await t.as('owner-850@demo.test');
    const res = await admin.get('/api/platform/background-tasks');
    expect(res.status).toBe(200);
    const validate = compile(BackgroundTasksResponse);
    expect(validate(res.body.data), JSON.stringify(validate.errors)).toBe(true);
    expect(res.body.data.backgroundTasks.map((r: { name: string }) => r.name)).toEqual(expect.arrayContaining(['race', 'repricing', 'sweep']));
    const guest = await t.as('guest-850@demo.test');
    expect(await guest.get('/api/platform/background-tasks')).toMatchObject({ status: 403, body: { error: { code: 'forbidden', message: 'Only platform administrators can see the background tasks.' } } });
    expect((await t.client().get('/api/platform/background-tasks')).status).toBe(401);
  });

  it('runs the passes of a task in one process at a time when three run it on timers', async () => {
    let running = 0;
    let most = 0;
    let passes = 0;
    const pass = async () => {
      running++;
      most = Math.max(most, running);
      passes++;
      await new Promise((resolve) => setTimeout(resolve, 15));
      running--;
    };
    const tasks = [0, 1, 2].map((i) => repeatEvery(5, leased('timed', { leases: new TaskLeases(pools[i]!), holder: `timer-${i}`, leaseMs: 60_000 }, pass), () => {}));
    for (let i = 0; i < 200 && passes < 6; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    await Promise.all(tasks.map((task) => task.stop()));
    expect(passes).toBeGreaterThanOrEqual(6);
    expect(most).toBe(1);
    const row = (await new TaskLeases(t.db).list()).find((r) => r.name === 'timed');
    expect(row).toMatchObject({ state: 'ok', runs: passes, failures: 0 });
  });
});
