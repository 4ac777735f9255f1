import http from 'node:http';
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalMediaStorage, S3MediaStorage, StorageConfigurationError, mediaStorageFromEnv } from '../../src/adapters/storage/index.ts';
import { png } from '../mediaFixtures.ts';

/**
 * The media storage adapters: a local folder with HMAC-signed addresses, and an S3-compatible
 * bucket, here an S3 stand-in served in this process (no network): the real SDK's requests are
 * checked as they arrive (signed, path-style, the type stored), and so is the presigned address.
 */
interface StoredObject {
  body: Buffer;
  contentType: string;
}

function s3StandIn() {
  const objects = new Map<string, StoredObject>();
  const requests: Array<{ method: string; url: string; authorization: string | undefined }> = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests.push({ method: req.method!, url: req.url!, authorization: req.headers.authorization });
      const url = new URL(req.url!, 'http://s3.local');
      const key = decodeURIComponent(url.pathname);
      if (req.method === 'PUT') {
        objects.set(key, { body: Buffer.concat(chunks), contentType: String(req.headers['content-type']) });
        res.writeHead(200, { ETag: '"stand-in"' }).end();
      } else if (req.method === 'GET') {
        const o = objects.get(key);
        if (!o) {
          res.writeHead(404, { 'content-type': 'application/xml' }).end('<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>');
          return;
        }
        res.writeHead(200, { 'content-type': o.contentType, 'content-length': o.body.length }).end(o.body);
      } else if (req.method === 'DELETE') {
        objects.delete(key);
        res.writeHead(204).end();
      } else res.writeHead(405).end();
    });
  });
  return { server, objects, requests };
}

describe('S3 media storage (an S3 stand-in in this process)', () => {
  const standIn = s3StandIn();
  let endpoint: string;
  let storage: S3MediaStorage;

  beforeAll(async () => {
    await new Promise<void>((resolve) => standIn.server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(standIn.server.address() as AddressInfo).port}`;
    storage = mediaStorageFromEnv(
      { MEDIA_S3_BUCKET: 'portal-media', MEDIA_S3_REGION: 'eu-west-1', MEDIA_S3_ENDPOINT: endpoint, MEDIA_S3_FORCE_PATH_STYLE: '1', MEDIA_S3_ACCESS_KEY_ID: 'AKIDTEST', MEDIA_S3_SECRET_ACCESS_KEY: 'secret' },
      '/nowhere',
    ) as S3MediaStorage;
  });
  afterAll(async () => {
    storage?.client.destroy();
    await new Promise<void>((resolve) => standIn.server.close(() => resolve()));
  });

  const key = `850/${'a'.repeat(32)}.png`;

  it('is chosen by MEDIA_S3_BUCKET and puts, gets and deletes signed requests in the bucket', async () => {
    expect(storage).toBeInstanceOf(S3MediaStorage);
    const bytes = png();
    await storage.put(key, bytes, 'image/png');
    const put = standIn.requests.at(-1)!;
    expect(put.method).toBe('PUT');
    expect(decodeURIComponent(new URL(put.url, endpoint).pathname)).toBe(`/portal-media/${key}`);
    expect(put.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDTEST\/\d{8}\/eu-west-1\/s3\/aws4_request/);
    expect(standIn.objects.get(`/portal-media/${key}`)).toEqual({ body: bytes, contentType: 'image/png' });

    const got = await storage.get(key);
    expect(got?.contentType).toBe('image/png');
    expect(got?.body.equals(bytes)).toBe(true);

    await storage.delete(key);
    expect(standIn.objects.has(`/portal-media/${key}`)).toBe(false);
    expect(await storage.get(key)).toBeNull();
  });

  it('presigns a GET address valid for an hour, which fetches the file', async () => {
    await storage.put(key, png(), 'image/png');
    const url = new URL(await storage.url(key));
    expect(url.origin).toBe(endpoint);
    expect(decodeURIComponent(url.pathname)).toBe(`/portal-media/${key}`);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('3600');
    expect(url.searchParams.get('X-Amz-Credential')).toMatch(/^AKIDTEST\//);
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
  });

  it('refuses half a set of keys', () => {
    expect(() => mediaStorageFromEnv({ MEDIA_S3_BUCKET: 'b', MEDIA_S3_ACCESS_KEY_ID: 'only-this' }, '/nowhere')).toThrow(StorageConfigurationError);
  });
});

describe('local media storage', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cpq-local-media-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('is the default: MEDIA_DIR, else data/media under the root', () => {
    expect((mediaStorageFromEnv({ MEDIA_DIR: dir }, '/root') as LocalMediaStorage).dir).toBe(dir);
    expect((mediaStorageFromEnv({}, '/srv/portal') as LocalMediaStorage).dir).toBe(path.join('/srv/portal', 'data', 'media'));
  });

  it('stores, reads and deletes files by key, and refuses keys it did not make', async () => {
    const s = new LocalMediaStorage(dir);
    const key = `850/${'b'.repeat(32)}.jpg`;
    await s.put(key, Buffer.from([0xff, 0xd8, 0xff]), 'image/jpeg');
    expect(await s.get(key)).toEqual({ body: Buffer.from([0xff, 0xd8, 0xff]), contentType: 'image/jpeg' });
    await s.delete(key);
    expect(await s.get(key)).toBeNull();
    await expect(s.put('../../etc/passwd', Buffer.from('x'), 'image/png')).rejects.toThrow(/Not a media key/);
    await expect(s.get('850/../../x.png')).rejects.toThrow(/Not a media key/);
  });

  it('signs addresses that hold for the hour they are made in and the next, with one secret per folder', async () => {
    const start = Date.UTC(2026, 0, 1, 10, 15);
    let now = start;
    const s = new LocalMediaStorage(dir, undefined, () => now);
    const key = `850/${'c'.repeat(32)}.png`;
    const url = new URL(await s.url(key), 'http://x');
    const expires = url.searchParams.get('expires')!;
    const signature = url.searchParams.get('signature')!;
    expect(Number(expires)).toBe(Date.UTC(2026, 0, 1, 12, 0) / 1000);
    // Same address within the hour: the browser's cache serves it.
    now = start + 30 * 60 * 1000;
    expect(await s.url(key)).toBe(url.pathname + url.search);
    expect(s.verify(key, expires, signature)).toBe(true);
    // Another process on the same folder (no MEDIA_URL_SECRET) signs alike.
    expect(new LocalMediaStorage(dir, undefined, () => now).verify(key, expires, signature)).toBe(true);
    expect(new LocalMediaStorage(dir, 'another secret', () => now).verify(key, expires, signature)).toBe(false);
    expect(s.verify(`850/${'d'.repeat(32)}.png`, expires, signature)).toBe(false);
    now = Number(expires) * 1000 + 1;
    expect(s.verify(key, expires, signature)).toBe(false);
  });
});
