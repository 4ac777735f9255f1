import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalMediaStorage } from '../src/adapters/storage/local.ts';
import { uploadMedium } from '../src/services/media.ts';
import { databases, startTestApp, type Client, type TestApp } from './helpers.ts';
import { gif, jpeg, png } from './mediaFixtures.ts';

/**
 * Media of the admin area (docs/decisions/0055-media.md), written from the rules: owners upload
 * JPEG and PNG images under 5,000,000 bytes, recognised by their bytes (not their name or declared
 * type); members and guests 403, another organisation 404; a medium is read with a time-limited
 * address; captions and associations name the organisation's own rows; delete removes the row, its
 * file and products' references. A refusal changes nothing.
 */
const R = '/api/resources';
const UPLOAD = '/api/media/upload';
const ORG = 850;
const MESSAGES = {
  tooLarge: 'This image is too large: it must be under 5,000,000 bytes.',
  notAnImage: 'This file is not a JPEG or PNG image. Choose a .jpg or .png file.',
  gif: 'GIF images are not accepted. Choose a JPEG or PNG image.',
};

describe.each(databases)('media on $name', (dbCase) => {
  let t: TestApp;
  let owner: Client;
  let member: Client;
  let guest: Client;
  let otherOwner: Client;
  let ownerId: number;
  let mediaDir: string;

  beforeAll(async () => {
    t = await startTestApp(dbCase);
    mediaDir = (t.storage as LocalMediaStorage).dir;
    owner = await t.as('owner-850@demo.test');
    member = await t.as('member-850@demo.test');
    guest = await t.as('guest-850@demo.test');
    otherOwner = await t.as('owner-1053@demo.test');
    ownerId = (await t.repos.users.findOne({ email: 'owner-850@demo.test' }))!.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const count = async (table: string) => Number(((await t.db(table).count({ n: '*' })) as Array<{ n: number | string }>)[0]!.n);
  /** Image files in the media folder (the signing secret beside them is not one). */
  const files = (): string[] => {
    const out: string[] = [];
    const walk = (dir: string) => {
      if (!fs.existsSync(dir)) return;
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        if (e.isDirectory()) walk(path.join(dir, e.name));
        else if (/\.(png|jpg)$/.test(e.name)) out.push(path.join(dir, e.name));
      }
    };
    walk(mediaDir);
    return out;
  };
  const snapshot = async () => ({ media: await count('media'), audit: await count('audit_log'), files: files().length });
  const upload = (client: Client, bytes: Buffer, opts: { orgId?: number | string; type?: string; name?: string; headers?: Record<string, string> } = {}) =>
    client.post(`${UPLOAD}?orgId=${opts.orgId ?? ORG}`, undefined, {
      raw: bytes,
      headers: { 'content-type': opts.type ?? 'application/octet-stream', ...(opts.name ? { 'x-file-name': encodeURIComponent(opts.name) } : {}), ...opts.headers },
    });

  describe('upload', () => {
    it('stores a PNG and creates its medium: an image without caption, by its uploader, with an address that serves it', async () => {
      const before = await snapshot();
      const bytes = png(3, 2);
      const res = await upload(owner, bytes, { name: 'Front panel.png' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const m = res.body.data;
      expect(m).toMatchObject({ orgId: ORG, type: 'image', title: null, uploaderId: ownerId, hasFile: 1, fileName: 'Front panel', fileExtension: 'png', contentType: 'image/png', byteSize: bytes.length, associations: {} });
      expect(m).not.toHaveProperty('storageKey');
      expect(await snapshot()).toEqual({ media: before.media + 1, audit: before.audit + 1, files: before.files + 1 });
      const audit = await t.repos.auditLog.find({ entity: 'media', entityId: m.id });
      expect(audit.map((a) => [a.action, a.userId])).toEqual([['create', ownerId]]);

      const file = await fetch(t.url + m.presignedUrl);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('image/png');
      expect(file.headers.get('x-content-type-options')).toBe('nosniff');
      expect(file.headers.get('cache-control')).toMatch(/^private, max-age=\d+/);
      expect(Buffer.from(await file.arrayBuffer()).equals(bytes)).toBe(true);
    });

    it('decides the type by the bytes: a JPEG named .png is a JPEG; a text file named .png and declared image/png is refused', async () => {
      const res = await upload(owner, jpeg(), { name: 'photo.png', type: 'image/png' });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ contentType: 'image/jpeg', fileExtension: 'jpg', fileName: 'photo' });
      expect((await fetch(t.url + res.body.data.presignedUrl)).headers.get('content-type')).toBe('image/jpeg');

      const before = await snapshot();
      const text = await upload(owner, Buffer.from('This is not a picture.\n'), { name: 'notes.png', type: 'image/png' });
      expect(text.status).toBe(400);
      expect(text.body.error).toEqual({ code: 'notAnImage', message: MESSAGES.notAnImage });
      expect(await snapshot()).toEqual(before);
    });

    it('refuses a GIF, an empty file, and bodies of other types (forms cannot send an upload)', async () => {
      const before = await snapshot();
      const g = await upload(owner, gif(), { name: 'anim.gif' });
      expect(g.status).toBe(400);
      expect(g.body.error).toEqual({ code: 'gifNotAccepted', message: MESSAGES.gif });
      expect((await upload(owner, Buffer.alloc(0))).status).toBe(400);
      for (const type of ['text/plain', 'multipart/form-data; boundary=x', 'application/x-www-form-urlencoded', 'application/json']) {
        const res = await upload(owner, png(), { type });
        expect(res.status, type).toBe(415);
      }
      expect(await snapshot()).toEqual(before);
    });

    it('takes 4,999,999 bytes and refuses 5,000,000 with 413 and the message, declared or streamed', async () => {
      const pad = (size: number) => Buffer.concat([png(), Buffer.alloc(size - png().length)]);
      const ok = await upload(owner, pad(4_999_999));
      expect(ok.status, JSON.stringify(ok.body).slice(0, 200)).toBe(200);
      expect(ok.body.data.byteSize).toBe(4_999_999);

      const before = await snapshot();
      const big = await upload(owner, pad(5_000_000));
      expect(big.status).toBe(413);
      expect(big.body.error).toEqual({ code: 'fileTooLarge', message: MESSAGES.tooLarge });
      // Without Content-Length (chunked): counted as it arrives.
      const streamed = await chunkedUpload(t.url, owner.cookie, pad(5_200_000));
      expect(streamed.status).toBe(413);
      expect(JSON.parse(streamed.body).error.message).toBe(MESSAGES.tooLarge);
      expect(await snapshot()).toEqual(before);
    });

    it('is for owners: members, guests and guest mode 403, signed out 401, another organisation 404; nothing changes', async () => {
      const before = await snapshot();
      expect((await upload(member, png())).status).toBe(403);
      expect((await upload(guest, png())).status).toBe(403);
      const inGuestMode = await t.as('owner-850@demo.test');
      expect((await inGuestMode.post('/api/auth/guest-mode', { orgId: ORG, guestMode: true })).status).toBe(200);
      expect((await upload(inGuestMode, png())).status).toBe(403);
      expect((await upload(t.client(), png())).status).toBe(401);
      const other = await upload(otherOwner, png());
      expect(other.status).toBe(404);
      expect(other.body.error.code).toBe('organisationNotFound');
      expect((await upload(owner, png(), { orgId: 'x' })).status).toBe(400);
      expect((await owner.post(UPLOAD, undefined, { raw: png(), headers: { 'content-type': 'application/octet-stream' } })).status).toBe(400);
      const crossSite = await upload(owner, png(), { headers: { origin: 'https://evil.example' } });
      expect(crossSite.status).toBe(403);
      expect(crossSite.body.error.code).toBe('crossSiteRequest');
      expect(await snapshot()).toEqual(before);
    });

    it('removes the stored file when the row cannot be written', async () => {
      const dir = fs.mkdtempSync(path.join(mediaDir, 'failing-'));
      const storage = new LocalMediaStorage(dir);
      const access = { orgId: ORG, user: { id: ownerId } } as Parameters<typeof uploadMedium>[1];
      const failing = { repos: t.repos, storage, transaction: async () => Promise.reject(new Error('the database went away')) } as unknown as Parameters<typeof uploadMedium>[0];
      await expect(uploadMedium(failing, access, { bytes: png() })).rejects.toThrow('the database went away');
      const left = fs.readdirSync(dir, { recursive: true }).map(String).filter((f) => /\.(png|jpg)$/.test(f));
      expect(left).toEqual([]);
    });
  });

  describe('reading and addresses', () => {
    it('gives members the media with their addresses, never where files are kept', async () => {
      const up = (await upload(owner, png())).body.data;
      const fileless = await t.repos.media.insert({ orgId: ORG, type: 'image', title: 'No file', hasFile: 0, associations: {} });
      const res = await member.post(`${R}/media/get`, { where: { orgId: ORG, type: 'image' } });
      expect(res.status).toBe(200);
      const row = (res.body.data as Array<Record<string, unknown>>).find((m) => m.id === up.id)!;
      expect(row.presignedUrl).toMatch(/^\/api\/media\/file\/850\/[0-9a-f]{32}\.png\?expires=\d+&signature=[0-9a-f]{64}$/);
      expect(JSON.stringify(res.body)).not.toContain('storageKey');
      // A medium without a file has no address.
      expect((res.body.data as Array<Record<string, unknown>>).find((m) => m.id === fileless)!.presignedUrl).toBeNull();
      expect((await otherOwner.post(`${R}/media/get`, { where: { orgId: ORG } })).status).toBe(404);
    });

    it('refuses a forged, altered or expired address (403) and answers 404 once the file is gone', async () => {
      const up = (await upload(owner, png())).body.data;
      const url = new URL(up.presignedUrl, t.url);
      const sig = url.searchParams.get('signature')!;
      const forged = new URL(url);
      forged.searchParams.set('signature', (sig[0] === 'a' ? 'b' : 'a') + sig.slice(1));
      expect((await fetch(forged)).status).toBe(403);
      const later = new URL(url);
      later.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 3600));
      expect((await fetch(later)).status).toBe(403);
      const otherFile = new URL(url);
      otherFile.pathname = otherFile.pathname.replace(/[0-9a-f]{32}/, 'f'.repeat(32));
      expect((await fetch(otherFile)).status).toBe(403);

      const past = new LocalMediaStorage(mediaDir, undefined, () => Date.now() - 3 * 3600 * 1000);
      const key = url.pathname.replace('/api/media/file/', '');
      expect((await fetch(t.url + (await past.url(key)))).status).toBe(403);
    });
  });

  describe('caption and associations', () => {
    it('saves the caption and associations to the organisation’s own products, properties and options, with an audit line', async () => {
      const m = (await upload(owner, png())).body.data;
      const res = await owner.post(`${R}/media/update`, { where: { id: m.id }, props: { title: 'Front view', associations: { products: { '98': true }, productProperties: { '7': true }, productOptions: { '23': true } } } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data).toMatchObject({ id: m.id, title: 'Front view', associations: { products: { '98': true }, productProperties: { '7': true }, productOptions: { '23': true } } });
      expect(res.body.data.presignedUrl).toBeTruthy();
      const audit = await t.repos.auditLog.find({ entity: 'media', entityId: m.id, action: 'update' });
      expect(audit).toHaveLength(1);
      expect((audit[0]!.data as { changes: Record<string, unknown> }).changes.title).toEqual({ before: null, after: 'Front view' });

      // The same values again: nothing written, no audit line.
      const again = await owner.post(`${R}/media/update`, { where: { id: m.id }, props: { title: 'Front view' } });
      expect(again.status).toBe(200);
      expect(await t.repos.auditLog.find({ entity: 'media', entityId: m.id, action: 'update' })).toHaveLength(1);
    });

    it('refuses another organisation’s ids (404), bad bodies (400), non-owners (403), another organisation’s medium (404); nothing changes', async () => {
      const m = (await upload(owner, png())).body.data;
      const before = { ...(await snapshot()), row: await t.repos.media.findOne({ id: m.id }) };
      const upd = (c: Client, body: unknown) => c.post(`${R}/media/update`, body);
      const foreign = await upd(owner, { where: { id: m.id }, props: { title: 'X', associations: { products: { '130': true } } } });
      expect(foreign.status).toBe(404);
      expect(foreign.body.error.code).toBe('referenceNotFound');
      expect((await upd(owner, { where: { id: m.id }, props: { associations: { productOptions: { '999999': true } } } })).status).toBe(404);
      expect((await upd(owner, { where: { id: m.id }, props: {} })).status).toBe(400);
      expect((await upd(owner, { where: { id: m.id }, props: { title: 'X', uploaderId: 1 } })).status).toBe(400);
      expect((await upd(owner, { where: { id: m.id }, props: { associations: { orders: { '1': true } } } })).status).toBe(400);
      expect((await upd(owner, { where: { id: m.id }, props: { associations: { products: { abc: true } } } })).status).toBe(400);
      expect((await upd(owner, { where: { id: m.id }, props: { title: 'x'.repeat(256) } })).status).toBe(400);
      expect((await upd(member, { where: { id: m.id }, props: { title: 'X' } })).status).toBe(403);
      expect((await upd(guest, { where: { id: m.id }, props: { title: 'X' } })).status).toBe(403);
      expect((await upd(t.client(), { where: { id: m.id }, props: { title: 'X' } })).status).toBe(401);
      const other = await upd(otherOwner, { where: { id: m.id }, props: { title: 'X' } });
      expect(other.status).toBe(404);
      expect(other.body.error.code).toBe('mediumNotFound');
      expect((await upd(owner, { where: { id: 999999 }, props: { title: 'X' } })).status).toBe(404);
      expect({ ...(await snapshot()), row: await t.repos.media.findOne({ id: m.id }) }).toEqual(before);
    });
  });

  describe('delete', () => {
    it('deletes the row and its file, and products showing it show none', async () => {
      const m = (await upload(owner, png())).body.data;
      expect((await owner.post(`${R}/products/update`, { where: { id: 98 }, props: { mediumId: m.id } })).status).toBe(200);
      const url = t.url + m.presignedUrl;
      expect((await fetch(url)).status).toBe(200);
      const before = await snapshot();

      const res = await owner.post(`${R}/media/destroy`, { where: { id: m.id } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data).toEqual({ id: m.id, productIds: [98] });
      expect(await t.repos.media.findOne({ id: m.id })).toBeUndefined();
      expect((await t.repos.products.findOne({ id: 98 }))!.mediumId).toBeNull();
      expect(await snapshot()).toEqual({ media: before.media - 1, audit: before.audit + 1, files: before.files - 1 });
      expect((await fetch(url)).status).toBe(404);
      expect((await owner.post(`${R}/media/destroy`, { where: { id: m.id } })).status).toBe(404);
    });

    it('is for owners of the medium’s organisation: 403 and 404 otherwise, and nothing changes', async () => {
      const m = (await upload(owner, png())).body.data;
      const before = await snapshot();
      expect((await member.post(`${R}/media/destroy`, { where: { id: m.id } })).status).toBe(403);
      expect((await guest.post(`${R}/media/destroy`, { where: { id: m.id } })).status).toBe(403);
      expect((await otherOwner.post(`${R}/media/destroy`, { where: { id: m.id } })).status).toBe(404);
      expect((await t.client().post(`${R}/media/destroy`, { where: { id: m.id } })).status).toBe(401);
      expect((await owner.post(`${R}/media/destroy`, { where: { id: 'one' } })).status).toBe(400);
      expect((await owner.post(`${R}/media/destroy`, { where: { id: m.id }, extra: 1 })).status).toBe(400);
      expect(await snapshot()).toEqual(before);
      expect((await fetch(t.url + m.presignedUrl)).status).toBe(200);
    });
  });
});

/** An upload without Content-Length: the body arrives in chunks, as a stream would send it. */
function chunkedUpload(base: string, cookie: string, bytes: Buffer): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const url = new URL(`${UPLOAD}?orgId=${ORG}`, base);
    const req = http.request(url, { method: 'POST', headers: { 'content-type': 'application/octet-stream', origin: url.origin, cookie, 'transfer-encoding': 'chunked' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    for (let i = 0; i < bytes.length; i += 256 * 1024) req.write(bytes.subarray(i, i + 256 * 1024));
    req.end();
  });
}
