/**
 * The baseline of the read benchmarks: bare Koa answering every request with the same bytes as the
 * portal's answer (read from BODY_FILE), in its own process like the portal. Whatever the portal
 * spends beyond this is its own work (session, policy, database, shaping, serialising).
 */
import { readFileSync } from 'node:fs';
import Koa from 'koa';

const body = readFileSync(process.env.BODY_FILE!);
const app = new Koa();
app.use(async (ctx) => {
  // Read the request body as the portal does before answering.
  for await (const chunk of ctx.req) void chunk;
  ctx.type = 'application/json';
  ctx.body = body;
});
app.listen(Number(process.env.PORT), '127.0.0.1');
