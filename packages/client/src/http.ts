import type { ApiError } from '@cpq/domain';
import { ApiFailure } from '@cpq/domain/basics';

/** A failed API call, carrying the server's code and human message. */
export class ApiRequestError extends ApiFailure {
  override name = 'ApiRequestError';
}

async function parse<T>(res: Response): Promise<T> {
  return parseText<T>(res, await res.text());
}

function parseText<T>(res: Response, text: string): T {
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    throw new ApiRequestError(res.status, 'badResponse', `The server answered ${res.status} with an unreadable body.`);
  }
  if (!res.ok) {
    const err = (body as ApiError | null)?.error;
    throw new ApiRequestError(res.status, err?.code ?? 'httpError', err?.message ?? `Request failed (${res.status}).`, err?.details);
  }
  return (body as { data: T }).data;
}

export async function apiPost<T>(path: string, body: unknown, signal?: AbortSignal): Promise<T> {
  const res = await fetch(path, {
    method: 'POST',
    ...(signal ? { signal } : {}),
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body ?? {}),
  });
  return parse<T>(res);
}

export async function apiGet<T>(path: string): Promise<T> {
  const res = await fetch(path, { credentials: 'same-origin', headers: { accept: 'application/json' } });
  return parse<T>(res);
}

const revalidated = new Map<string, { etag: string; data: unknown }>();

/**
 * GET of a versioned, cacheable answer (ETag): the last answer of each URL is kept in memory and
 * revalidated with If-None-Match, so an unchanged answer costs a 304 and no parsing; the server
 * checks the session every time. The browser's own HTTP cache serves it across reloads.
 */
export async function apiGetRevalidated<T>(path: string): Promise<T> {
  const kept = revalidated.get(path);
  const res = await fetch(path, {
    credentials: 'same-origin',
    headers: { accept: 'application/json', ...(kept ? { 'if-none-match': kept.etag } : {}) },
  });
  if (res.status === 304 && kept) return kept.data as T;
  const data = await parse<T>(res);
  const etag = res.headers.get('etag');
  if (etag) revalidated.set(path, { etag, data });
  else revalidated.delete(path);
  return data;
}


/** Answers of revalidated POSTs, kept as their text (every caller parses its own copy), newest last. */
const keptPosts = new Map<string, { etag: string; text: string }>();
const KEPT_POSTS = 20;

/**
 * POST of a read whose answer is tagged (ETag, `private, no-cache`): the last answer for each path
 * and body is kept in memory and revalidated with If-None-Match, so an unchanged answer costs a 304
 * and no body. Browsers keep no POST answer in their HTTP cache, so the page keeps it itself; the
 * server checks the session and the access on every call and tags by viewer.
 */
export async function apiPostRevalidated<T>(path: string, body: unknown): Promise<T> {
  const sent = JSON.stringify(body ?? {});
  const key = `${path} ${sent}`;
  const kept = keptPosts.get(key);
  const res = await fetch(path, {
    method: 'POST',
    credentials: 'same-origin',
    // no-store: the 304 must reach this code (no HTTP cache entry can turn it into a 200 of its own).
    cache: 'no-store',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...(kept ? { 'if-none-match': kept.etag } : {}) },
    body: sent,
  });
  if (res.status === 304 && kept) {
    keptPosts.delete(key);
    keptPosts.set(key, kept);
    return (JSON.parse(kept.text) as { data: T }).data;
  }
  const text = await res.text();
  const data = parseText<T>(res, text);
  const etag = res.headers.get('etag');
  keptPosts.delete(key);
  if (etag) {
    keptPosts.set(key, { etag, text });
    if (keptPosts.size > KEPT_POSTS) keptPosts.delete(keptPosts.keys().next().value!);
  }
  return data;
}

/** Forgets every kept answer (signing out: the next person of this tab starts empty). */
export function forgetKeptAnswers(): void {
  keptPosts.clear();
  revalidated.clear();
}
