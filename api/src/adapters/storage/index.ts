import path from 'node:path';
import { LocalMediaStorage } from './local.ts';
import { S3MediaStorage } from './s3.ts';
import type { MediaStorage } from './types.ts';

export * from './types.ts';
export { LocalMediaStorage, LOCAL_FILE_PATH } from './local.ts';
export { S3MediaStorage, type S3StorageConfig } from './s3.ts';

type Env = Record<string, string | undefined>;

/** A setting that keeps the API from starting: the message names the variable to fix. */
export class StorageConfigurationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StorageConfigurationError';
  }
}

const trimmed = (v: string | undefined) => (v?.trim() ? v.trim() : undefined);

/**
 * MEDIA_S3_BUCKET set: that bucket (MEDIA_S3_REGION, MEDIA_S3_ENDPOINT, MEDIA_S3_FORCE_PATH_STYLE,
 * MEDIA_S3_ACCESS_KEY_ID + MEDIA_S3_SECRET_ACCESS_KEY, MEDIA_S3_PREFIX). Otherwise the folder
 * MEDIA_DIR (default <rootDir>/data/media), addresses signed with MEDIA_URL_SECRET when set.
 */
export function mediaStorageFromEnv(env: Env, rootDir: string): MediaStorage {
  const bucket = trimmed(env.MEDIA_S3_BUCKET);
  if (bucket) {
    const accessKeyId = trimmed(env.MEDIA_S3_ACCESS_KEY_ID);
    const secretAccessKey = trimmed(env.MEDIA_S3_SECRET_ACCESS_KEY);
    if (!!accessKeyId !== !!secretAccessKey) {
      throw new StorageConfigurationError('MEDIA_S3_ACCESS_KEY_ID and MEDIA_S3_SECRET_ACCESS_KEY go together: set both or neither.');
    }
    const sessionToken = trimmed(env.MEDIA_S3_SESSION_TOKEN);
    return new S3MediaStorage({
      bucket,
      region: trimmed(env.MEDIA_S3_REGION) ?? 'us-east-1',
      endpoint: trimmed(env.MEDIA_S3_ENDPOINT),
      forcePathStyle: env.MEDIA_S3_FORCE_PATH_STYLE === '1' || env.MEDIA_S3_FORCE_PATH_STYLE === 'true',
      credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) } : undefined,
      prefix: trimmed(env.MEDIA_S3_PREFIX),
    });
  }
  const dir = trimmed(env.MEDIA_DIR) ? path.resolve(rootDir, env.MEDIA_DIR!.trim()) : path.join(rootDir, 'data', 'media');
  return new LocalMediaStorage(dir, trimmed(env.MEDIA_URL_SECRET));
}
