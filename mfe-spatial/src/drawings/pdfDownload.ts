import { ApiRequestError } from '@cpq/client';
import type { DocumentPdfBody } from '@cpq/domain';

/**
 * POST /api/documents/pdf: the server prints the drawings set as the caller sees it and answers
 * application/pdf. A refusal answers the API's JSON error, thrown as ApiRequestError with its message.
 */
export async function fetchDrawingsPdf(body: DocumentPdfBody, signal?: AbortSignal): Promise<Blob> {
  const res = await fetch('/api/documents/pdf', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', accept: 'application/pdf, application/json' },
    body: JSON.stringify(body),
    ...(signal ? { signal } : {}),
  });
  if (res.ok && (res.headers.get('content-type') ?? '').startsWith('application/pdf')) return res.blob();
  let message = `The PDF could not be made (${res.status}).`;
  let code = 'httpError';
  try {
    const json = (await res.json()) as { error?: { code?: string; message?: string } };
    if (json.error?.message) message = json.error.message;
    if (json.error?.code) code = json.error.code;
  } catch {
    /* not JSON: keep the plain sentence */
  }
  throw new ApiRequestError(res.ok ? 502 : res.status, code, message);
}
