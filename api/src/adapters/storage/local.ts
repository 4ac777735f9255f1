import fs from 'node:fs/promises';
import fsSync from 'node:fs';
import path from 'node:path';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { MEDIA_KEY, MEDIA_URL_TTL_SECONDS, contentTypeOfKey, type MediaStorage, type StoredFile } from './types.ts';

/** The path the API serves local files under: `/api/media/file/{orgId}/{name}?expires=…&signature=…`. */
export const LOCAL_FILE_PATH = '/api/media/file';

/**
 * Files in a folder (MEDIA_DIR, by default data/media). Addresses are signed with HMAC-SHA256 over
 * the key and an expiry time; the expiry is rounded up to the next whole TTL window, so one medium
 * keeps one address for a while and the browser's cache can serve it.
 */
export class LocalMediaStorage implements MediaStorage {
  private secretValue: Buffer | undefined;

  constructor(
    readonly dir: string,
    secret?: string,
    private readonly now: () => number = Date.now,
  ) {
    if (secret) this.secretValue = Buffer.from(secret, 'utf8');
  }

  private fileOf(key: string): string {
    if (!MEDIA_KEY.test(key)) throw new Error(`Not a media key: ${key}`);
    return path.join(this.dir, key);
  }

  async put(key: string, body: Buffer, _contentType: string): Promise<void> {
    const file = this.fileOf(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    // Written under another name and renamed: a reader never sees half a file.
    const tmp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
    await fs.writeFile(tmp, body);
    await fs.rename(tmp, file);
  }

  async get(key: string): Promise<StoredFile | null> {
    try {
      return { body: await fs.readFile(this.fileOf(key)), contentType: contentTypeOfKey(key) };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw e;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.fileOf(key), { force: true });
  }

  async url(key: string): Promise<string> {
    const nowSeconds = Math.floor(this.now() / 1000);
    const expires = Math.ceil((nowSeconds + MEDIA_URL_TTL_SECONDS) / MEDIA_URL_TTL_SECONDS) * MEDIA_URL_TTL_SECONDS;
    return `${LOCAL_FILE_PATH}/${key}?expires=${expires}&signature=${this.sign(key, expires)}`;
  }

  /** Whether an address's expiry and signature are this server's and still good. */
  verify(key: string, expires: string | undefined, signature: string | undefined): boolean {
    if (!MEDIA_KEY.test(key) || !expires || !/^[0-9]{1,12}$/.test(expires) || !signature || !/^[0-9a-f]{64}$/.test(signature)) return false;
    if (Number(expires) * 1000 < this.now()) return false;
    const want = Buffer.from(this.sign(key, Number(expires)), 'hex');
    return timingSafeEqual(want, Buffer.from(signature, 'hex'));
  }

  private sign(key: string, expires: number): string {
    return createHmac('sha256', this.secret()).update(`${key}\n${expires}`).digest('hex');
  }

  /**
   * MEDIA_URL_SECRET, else a secret kept beside the files (made once, readable by the server only):
   * every API process that shares the folder signs alike, and addresses survive a restart.
   */
  private secret(): Buffer {
    if (this.secretValue) return this.secretValue;
    const file = path.join(this.dir, '.url-secret');
    fsSync.mkdirSync(this.dir, { recursive: true });
    try {
      fsSync.writeFileSync(file, randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    this.secretValue = Buffer.from(fsSync.readFileSync(file, 'utf8').trim(), 'utf8');
    return this.secretValue;
  }
}
