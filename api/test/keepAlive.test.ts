import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { keepConnectionsOpen } from '../src/http/keepAlive.ts';

describe('idle keep-alive connections', () => {
  it('stay open 65 s, and the server says so to clients (Keep-Alive: timeout=65)', async () => {
    const server = createServer((_req, res) => res.end('ok'));
    keepConnectionsOpen(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      expect(await res.text()).toBe('ok');
      expect(res.headers.get('keep-alive')).toBe('timeout=65');
      expect(server.headersTimeout).toBeGreaterThan(server.keepAliveTimeout);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
