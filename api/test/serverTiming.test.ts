import Koa from 'koa';
import { describe, expect, it } from 'vitest';
import { serverTiming } from '../src/http/timing.ts';

/** Server-Timing counts the answer's serialisation: a JSON answer leaves the timing already as its text (decision 0105). */
describe('serverTiming', () => {
  async function answer(body: unknown, path = '/api/x') {
    const app = new Koa();
    let seen: unknown;
    app.use(async (ctx, next) => {
      await next();
      seen = ctx.body;
    });
    app.use(serverTiming);
    app.use((ctx) => {
      ctx.body = body;
    });
    const server = app.listen(0);
    try {
      const { port } = server.address() as { port: number };
      const res = await fetch(`http://127.0.0.1:${port}${path}`);
      return { seen, res, text: await res.text() };
    } finally {
      server.close();
    }
  }

  it('serialises a JSON answer inside the timing, with its type and length kept', async () => {
    const { seen, res, text } = await answer({ data: { a: 1, b: [2, 3] } });
    expect(seen).toBe('{"data":{"a":1,"b":[2,3]}}');
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('content-length')).toBe(String(Buffer.byteLength(text)));
    expect(JSON.parse(text)).toEqual({ data: { a: 1, b: [2, 3] } });
    expect(res.headers.get('server-timing')).toMatch(/^app;dur=\d+\.\d\d$/);
  });

  it('leaves bytes and answers outside /api as they are', async () => {
    const bytes = Buffer.from('{"data":1}');
    expect((await answer(bytes)).seen).toBe(bytes);
    const page = await answer({ not: 'api' }, '/page');
    expect(page.seen).toEqual({ not: 'api' });
    expect(page.res.headers.get('server-timing')).toBeNull();
  });
});
