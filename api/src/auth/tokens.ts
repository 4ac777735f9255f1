import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as sha256 hex. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
