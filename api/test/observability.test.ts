/**
 * Logs and metrics as an operator reads them: one JSON object per line, every line written while a
 * request is handled naming its id (the id answered in X-Request-Id), no secrets, and Prometheus
 * metrics behind a setting and a token; the readiness check also covers the background tasks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../src/log.ts';
import { repeatEvery } from '../src/lifecycle.ts';
import { Client, databases, startTestApp, type TestApp } from './helpers.ts';
import type { Mailer } from '../src/adapters/mail/index.ts';

type Line = Record<string, unknown> & { level: string; msg: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const HOME = '/api/configurator/get-configurator-homepage-data';

describe.each(databases)('logs and metrics on $name', (dbCase) => {
  let t: TestApp;
  let lines: Line[];
  const failingMailer: Mailer = {
    send: async () => {
      throw new Error('SMTP server refused');
    },
  };

  beforeAll(async () => {
    lines = [];
    const logger = createLogger({ level: 'info', destination: { write: (s: string) => void lines.push(JSON.parse(s) as Line) } });
    // logError left to the app: its default writes to the logger.
    // A PDF renderer whose queue the metrics read (one render running, three waiting).
    const pdf = { render: async () => Buffer.alloc(0), close: async () => {}, load: { running: 1, waiting: 3 } };
    t = await startTestApp(dbCase, { logger, logError: undefined, mailer: failingMailer, trustProxy: true, metrics: { token: 'operator-token' }, pdf });
  });
  afterAll(async () => {
    await t?.close();
  });

  const signedIn = async () => {
    const owner = new Client(t.url);
    expect((await owner.post('/api/auth/login', { email: 'owner-850@demo.test', password: 'demo' })).status).toBe(200);
    return owner;
  };

  it('gives each request an id, answers it, and writes one line for it: method, path without the query, route, status, time', async () => {
    const owner = await signedIn();
    lines.length = 0;
    const res = await owner.post(HOME, { orgId: 850 });
    expect(res.status).toBe(200);
    const id = res.headers.get('x-request-id')!;
    expect(id).toMatch(UUID);
    const mine = lines.filter((l) => l.reqId === id);
    expect(mine).toEqual([expect.objectContaining({ level: 'info', msg: 'request', method: 'POST', path: HOME, route: HOME, status: 200, ms: expect.any(Number) })]);
    expect(Date.parse(String(mine[0]!.time))).not.toBeNaN();

    // A share token in the query string never reaches the log.
    lines.length = 0;
    const withToken = await owner.get('/api/configurator/catalogue?orgId=850&shareToken=SECRET-TOKEN-123');
    expect(JSON.stringify(lines)).not.toContain('SECRET-TOKEN-123');
    expect(lines.find((l) => l.reqId === withToken.headers.get('x-request-id'))).toMatchObject({ path: '/api/configurator/catalogue', route: '/api/configurator/catalogue' });
  });

  it('keeps the id a trusted proxy passes on, and refuses one that is not an id', async () => {
    const owner = await signedIn();
    const passed = await owner.request('POST', HOME, { orgId: 850 }, { headers: { 'x-request-id': 'nginx-5f2b7c1e9a' } });
    expect(passed.headers.get('x-request-id')).toBe('nginx-5f2b7c1e9a');
    const odd = await owner.request('POST', HOME, { orgId: 850 }, { headers: { 'x-request-id': 'two words' } });
    expect(odd.headers.get('x-request-id')).toMatch(UUID);
  });

  it('names the request in a line a service writes while handling it (a mail that failed after the commit), without secrets', async () => {
    const owner = await signedIn();
    const order = await owner.post('/api/configurator/create-product-order', { productOrderProps: { orgId: 850 } });
    expect(order.status).toBe(200);
    lines.length = 0;
    const res = await owner.post('/api/configurator/product-order/share', { orgId: 850, productOrderOrgSpecificId: order.body.data.orgSpecificId, sharees: [{ email: 'new.person@example.test' }] });
    expect(res.status).toBe(200);
    const id = res.headers.get('x-request-id');
    const failure = lines.find((l) => l.level === 'error');
    expect(failure).toMatchObject({ reqId: id, err: { message: 'SMTP server refused', stack: expect.any(String) } });
    expect(lines.find((l) => l.msg === 'request' && l.reqId === id)).toMatchObject({ status: 200 });
    expect(JSON.stringify(lines)).not.toMatch(/cpq_session=|demo"/);
  });

  it('notes a client that went away mid-answer at debug level, and logs a real stream failure as an error', async () => {
    lines.length = 0;
    const ctx = { method: 'GET', path: '/' };
    t.app.emit('error', Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' }), ctx);
    t.app.emit('error', Object.assign(new Error('EIO: i/o error, read'), { code: 'EIO' }), ctx);
    // The logger is at info: the first is not written, the second is an error naming the request.
    expect(lines.map((l) => [l.level, l.msg])).toEqual([['error', 'GET / failed']]);
  });

  it('serves Prometheus metrics only with the operator token: requests per route and status, their duration, the pool, the PDF queue', async () => {
    const owner = await signedIn();
    await owner.post(HOME, { orgId: 850 });
    const anonymous = await fetch(`${t.url}/metrics`);
    expect(anonymous.status).toBe(401);
    const wrong = await fetch(`${t.url}/metrics`, { headers: { authorization: 'Bearer operator-tokeN' } });
    expect(wrong.status).toBe(401);
    const res = await fetch(`${t.url}/metrics`, { headers: { authorization: 'Bearer operator-token' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    expect(text).toMatch(new RegExp(`^cpq_http_requests_total\\{method="POST",route="${HOME}",status="200"\\} [1-9]\\d*$`, 'm'));
    expect(text).toMatch(new RegExp(`^cpq_http_request_duration_seconds_count\\{method="POST",route="${HOME}"\\} [1-9]\\d*$`, 'm'));
    expect(text).toMatch(/^cpq_db_pool_connections\{state="used"\} \d+$/m);
    expect(text).toMatch(/^cpq_pdf_queue\{state="running"\} 1$/m);
    expect(text).toMatch(/^cpq_pdf_queue\{state="waiting"\} 3$/m);
    expect(text).toMatch(/^cpq_http_requests_total\{method="GET",route="\/metrics",status="401"\} 2$/m);
    expect(text).toMatch(/^cpq_nodejs_eventloop_lag_seconds \S+$/m);
    // The body is the metrics only: no route, session or person in it.
    expect(text).not.toContain('owner-850');
  });

  it('counts background passes, and the readiness check is 503 while a task is stopped or stuck', async () => {
    const app = t.app;
    let passes = 0;
    const task = repeatEvery(5, async () => void passes++, () => {}, { name: 'test task', recorder: app.metrics });
    for (let i = 0; i < 100 && passes < 2; i++) await new Promise((r) => setTimeout(r, 5));
    app.tasksReady = () => task.healthy();
    expect((await fetch(`${t.url}/api/health/ready`)).status).toBe(200);
    await task.stop();
    const stopped = await fetch(`${t.url}/api/health/ready`);
    expect(stopped.status).toBe(503);
    expect(await stopped.json()).toEqual({ error: { code: 'notReady', message: 'This process is stopping or its background tasks are stuck.' } });
    const text = await (await fetch(`${t.url}/metrics`, { headers: { authorization: 'Bearer operator-token' } })).text();
    expect(text).toMatch(/^cpq_task_passes_total\{task="test task",outcome="ok"\} [2-9]\d*$/m);
    app.tasksReady = () => true;
  });
});

describe('without METRICS', () => {
  it('serves no metrics', async () => {
    const t = await startTestApp(databases[0]!);
    try {
      const res = await fetch(`${t.url}/metrics`);
      expect(res.headers.get('content-type') ?? '').not.toContain('version=0.0.4');
      expect(await res.text()).not.toContain('cpq_http_requests_total');
    } finally {
      await t.close();
    }
  });
});
