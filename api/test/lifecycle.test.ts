import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { gracefulShutdown, repeatEvery } from '../src/lifecycle.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A promise and its resolve, for a pass or a request the test lets finish when it chooses. */
function gate(): { promise: Promise<void>; open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

describe('repeatEvery', () => {
  it('never runs two passes at once, runs again at once while a pass says there is more, and stops after the pass in progress', async () => {
    let running = 0;
    let most = 0;
    let passes = 0;
    const hold = gate();
    const task = repeatEvery(
      5,
      async () => {
        running++;
        most = Math.max(most, running);
        passes++;
        if (passes === 3) await hold.promise;
        running--;
        return passes < 3; // the first two passes have more to do
      },
      () => {},
    );
    for (let i = 0; i < 100 && passes < 3; i++) await sleep(5);
    expect(passes).toBe(3);
    let stopped = false;
    const stopping = task.stop().then(() => (stopped = true));
    await sleep(30);
    expect(stopped).toBe(false); // the third pass is still running
    hold.open();
    await stopping;
    await sleep(30);
    expect(passes).toBe(3); // nothing after stop
    expect(most).toBe(1);
  });

  it('hands a failing pass to onError and goes on at the next interval', async () => {
    const errors: unknown[] = [];
    let passes = 0;
    const task = repeatEvery(
      5,
      async () => {
        passes++;
        if (passes === 1) throw new Error('database away');
      },
      (err) => errors.push(err),
    );
    for (let i = 0; i < 100 && passes < 3; i++) await sleep(5);
    await task.stop();
    expect(passes).toBeGreaterThanOrEqual(3);
    expect(errors).toEqual([new Error('database away')]);
  });
});

describe('gracefulShutdown', () => {
  async function serverWith(handler: (req: IncomingMessage, res: ServerResponse) => void) {
    const server = createServer(handler);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
  }

  it('waits for the request in flight and the task in progress, closes after them, and exits 0', async () => {
    const request = gate();
    const pass = gate();
    const { server, url } = await serverWith((_req, res) => void request.promise.then(() => res.end('done')));
    const order: string[] = [];
    let passStarted = false;
    const task = repeatEvery(
      5,
      async () => {
        passStarted = true;
        await pass.promise;
        order.push('task finished');
      },
      () => {},
    );
    const exits: number[] = [];
    const shutdown = gracefulShutdown({ server, tasks: [task], close: async () => void order.push('closed'), timeoutMs: 5000, log: () => {}, exit: (code) => exits.push(code) });
    const answer = fetch(url).then(async (r) => ({ text: await r.text(), connection: r.headers.get('connection') }));
    for (let i = 0; i < 100 && !passStarted; i++) await sleep(5);
    await sleep(50); // the request has reached the server
    shutdown.begin('SIGTERM');
    shutdown.begin('SIGTERM'); // a second signal changes nothing
    await expect(fetch(url)).rejects.toThrow(); // no new connection
    await sleep(50);
    expect(exits).toEqual([]);
    request.open();
    expect(await answer).toEqual({ text: 'done', connection: 'close' });
    await sleep(50);
    expect(exits).toEqual([]); // the task's pass is still running
    pass.open();
    for (let i = 0; i < 100 && !exits.length; i++) await sleep(5);
    expect(order).toEqual(['task finished', 'closed']);
    expect(exits).toEqual([0]);
  });

  it('cuts what is still open after the time limit and exits 1', async () => {
    const { server, url } = await serverWith(() => {}); // never answers
    const exits: number[] = [];
    const lines: string[] = [];
    const shutdown = gracefulShutdown({ server, tasks: [], close: async () => {}, timeoutMs: 200, log: (l) => lines.push(l), exit: (code) => exits.push(code) });
    const answer = fetch(url).then(
      () => 'answered',
      () => 'cut',
    );
    await sleep(50);
    shutdown.begin('SIGTERM');
    expect(await answer).toBe('cut');
    expect(exits).toEqual([1]);
    expect(lines).toEqual(['SIGTERM: finishing the requests and tasks in progress, then stopping.', 'Stopped after 200 ms with work still in progress.']);
  });
});
