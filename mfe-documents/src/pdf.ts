/** Download PDF: the API renders the same page as the caller and answers application/pdf. */
import type { DocumentKind } from '@cpq/domain';

export interface PdfRequest {
  orgId: number;
  productOrderOrgSpecificId: number;
  document: 'documents';
  mode: DocumentKind;
  hideDiscount?: boolean;
  /** An earlier quote revision, printed as it was. */
  revision?: number;
  shareToken?: string;
  shareableOrderId?: string;
}

/** The file name the server gave (filename* first), else null. */
export function fileNameFrom(disposition: string | null): string | null {
  if (!disposition) return null;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/.exec(disposition);
  return (plain?.[1] ?? plain?.[2])?.trim() || null;
}

/** Fetches the PDF; throws an Error with a sentence a person can act on. */
export async function fetchPdf(body: PdfRequest): Promise<{ blob: Blob; fileName: string | null }> {
  let res: Response;
  try {
    res = await fetch('/api/documents/pdf', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/pdf, application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    throw new Error('The server could not be reached. Check your connection and try again.');
  }
  if (!res.ok) {
    const text = await res.text().catch(() => '');
    let message: string | undefined;
    try {
      message = (JSON.parse(text) as { error?: { message?: string } }).error?.message;
    } catch {
      message = undefined;
    }
    throw new Error(message ?? `The PDF could not be prepared (${res.status}). Please try again.`);
  }
  return { blob: await res.blob(), fileName: fileNameFrom(res.headers.get('content-disposition')) };
}
