import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { MEDIA_URL_TTL_SECONDS, type MediaStorage, type StoredFile } from './types.ts';

export interface S3StorageConfig {
  bucket: string;
  region: string;
  /** An S3-compatible service's address (MinIO, R2…); AWS itself when unset. */
  endpoint?: string;
  /** Bucket in the path rather than the host name (most S3-compatible services want it). */
  forcePathStyle?: boolean;
  /** Keys from the environment; the SDK's own chain (instance roles…) when unset. */
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
  /** Prefix of every key in the bucket (several portals may share one bucket). */
  prefix?: string;
}

/** Files in an S3-compatible bucket; the browser fetches them by presigned GET addresses. */
export class S3MediaStorage implements MediaStorage {
  readonly client: S3Client;

  constructor(private readonly config: S3StorageConfig) {
    const options: S3ClientConfig = {
      region: config.region,
      forcePathStyle: !!config.forcePathStyle,
      // Only the checksums S3 requires: several S3-compatible services refuse the newer default ones.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    };
    if (config.endpoint) options.endpoint = config.endpoint;
    if (config.credentials) options.credentials = config.credentials;
    this.client = new S3Client(options);
  }

  private objectKey(key: string): string {
    return `${this.config.prefix ?? ''}${key}`;
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.config.bucket, Key: this.objectKey(key), Body: body, ContentType: contentType }));
  }

  async get(key: string): Promise<StoredFile | null> {
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.config.bucket, Key: this.objectKey(key) }));
      const bytes = await res.Body!.transformToByteArray();
      return { body: Buffer.from(bytes), contentType: res.ContentType ?? 'application/octet-stream' };
    } catch (e) {
      if ((e as { name?: string }).name === 'NoSuchKey') return null;
      throw e;
    }
  }

  async delete(key: string): Promise<void> {
    // S3 answers a delete of a missing key with success too.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: this.objectKey(key) }));
  }

  async url(key: string): Promise<string> {
    // The file is served as the stored type, never sniffed.
    const command = new GetObjectCommand({ Bucket: this.config.bucket, Key: this.objectKey(key), ResponseCacheControl: `private, max-age=${MEDIA_URL_TTL_SECONDS}` });
    return getSignedUrl(this.client, command, { expiresIn: MEDIA_URL_TTL_SECONDS });
  }
}
