import { ApiRequestError } from '@cpq/client';
import type { MediumAssociations, MediumJson } from '@cpq/domain';
import { resources, type Row } from '../common/index.ts';

/** A medium as the screen gets it: its caption (title), associations and time-limited address. */
export type Medium = MediumJson & Row;
export type AssociationKey = keyof MediumAssociations;

/** A row the picker can associate: a product, a property or an option (its property's title beside it). */
export interface Associable {
  key: AssociationKey;
  id: number;
  label: string;
}

export const mediaApi = {
  list: (orgId: number) => resources.get<Medium>('media', { orgId, type: 'image' }),
  update: (id: number, props: { title?: string | null; associations?: MediumAssociations }) => resources.update<Medium>('media', id, props),
  destroy: (id: number) => resources.destroy('media', id),
  /** Products, properties and options of the organisation, for the association picker. */
  async associables(orgId: number): Promise<Associable[]> {
    const [products, properties, options] = await Promise.all([
      resources.get('products', { orgId }),
      resources.get('productProperties', { orgId }),
      resources.get('productOptions', { orgId }),
    ]);
    const propertyTitle = new Map(properties.map((p) => [p.id, String(p.title ?? '')]));
    return [
      ...products.map((p) => ({ key: 'products' as const, id: p.id, label: String(p.title ?? `Product ${p.id}`) })),
      ...properties.map((p) => ({ key: 'productProperties' as const, id: p.id, label: String(p.title ?? `Property ${p.id}`) })),
      ...options.map((o) => ({ key: 'productOptions' as const, id: o.id, label: `${String(o.title ?? `Option ${o.id}`)} (${propertyTitle.get(o.productPropertyId as number) ?? 'no property'})` })),
    ];
  },
  upload: uploadMedium,
};

/**
 * Sends one image as the request body (POST /api/media/upload?orgId=…) with XMLHttpRequest, whose
 * upload progress fetch does not report. The server's message is the error's message.
 */
export function uploadMedium(orgId: number, file: File, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<Medium> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/media/upload?orgId=${orgId}`);
    xhr.setRequestHeader('content-type', 'application/octet-stream');
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader('x-file-name', encodeURIComponent(file.name));
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      type Answer = { data?: Medium; error?: { code?: string; message?: string } };
      let body: Answer | null;
      try {
        body = JSON.parse(xhr.responseText) as Answer;
      } catch {
        body = null; // not JSON: the status says it
      }
      if (xhr.status >= 200 && xhr.status < 300 && body?.data) resolve(body.data);
      else reject(new ApiRequestError(xhr.status, body?.error?.code ?? 'httpError', body?.error?.message ?? `The upload failed (${xhr.status}).`));
    };
    xhr.onerror = () => reject(new Error('The upload failed: the server could not be reached. Check your connection and try again.'));
    xhr.onabort = () => reject(new Error('The upload was cancelled.'));
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(file);
  });
}
