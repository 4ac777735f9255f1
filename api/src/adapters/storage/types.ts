/** Where uploaded media files live: a local folder or an S3-compatible bucket (docs/decisions/0055-media.md). */
export interface StoredFile {
  body: Buffer;
  contentType: string;
}

export interface MediaStorage {
  /** Stores the bytes under the key (replacing nothing: keys are new for every upload). */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The file, or null when there is none under the key. */
  get(key: string): Promise<StoredFile | null>;
  /** Removes the file; a key without a file is no error. */
  delete(key: string): Promise<void>;
  /** A time-limited address the browser can show the file from (the "presigned URL"). */
  url(key: string): Promise<string>;
}

/** How long a medium's address stays valid. */
export const MEDIA_URL_TTL_SECONDS = 3600;

/**
 * Keys are `{orgId}/{32 hex}.{png|jpg}`: made by the server, never from a file name, so a key cannot
 * name a path outside the storage, and the extension says the type the bytes were checked to be.
 */
export const MEDIA_KEY = /^([1-9][0-9]{0,9})\/([0-9a-f]{32})\.(png|jpg)$/;

export function contentTypeOfKey(key: string): string {
  return key.endsWith('.png') ? 'image/png' : 'image/jpeg';
}
