import type { Server } from 'node:http';

/**
 * How long an idle keep-alive connection stays open: 65 s, where Node's default is 5 s. A client that
 * sends a request on a connection the server is closing at that moment sees it reset (ECONNRESET);
 * the longer the idle time, the rarer that is, and at more than a proxy's usual 60 s idle timeout the
 * proxy, not this server, is the one that closes an idle connection.
 */
export const KEEP_ALIVE_MS = 65_000;

/** Applies KEEP_ALIVE_MS to a listening server; its headers may take a second longer (Node requires more). */
export function keepConnectionsOpen(server: Server): void {
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1000;
}
