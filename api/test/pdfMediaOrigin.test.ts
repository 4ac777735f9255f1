import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaStorage } from '../src/adapters/storage/types.ts';
import { startTestApp, type TestApp } from './helpers.ts';
import { RecordingPdfRenderer } from './pdfFake.ts';

/**
 * The PDF's page may load images only from the portal and from where media files are served: the
 * route tells the renderer the media storage's origin as its presigned addresses show it.
 */
const C = '/api/configurator';

describe('the media origin a PDF page may load from', () => {
  let t: TestApp;
  const pdf = new RecordingPdfRenderer();
  const bucket: MediaStorage = {
    put: async () => undefined,
    get: async () => null,
    delete: async () => undefined,
    url: async (key) => `https://media-bucket.s3.eu-west-1.amazonaws.com/${key}?X-Amz-Signature=abc`,
  };

  beforeAll(async () => {
    t = await startTestApp({ name: 'sqlite' }, { pdf, storage: bucket });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is the origin of the bucket when media live in S3', async () => {
    const owner = await t.as('owner-850@demo.test');
    const created = await owner.post(`${C}/create-product-order`, { productOrderProps: { orgId: 850, productCategoryId: 1, title: 'Media origin' } });
    expect(created.status).toBe(200);
    const res = await owner.post('/api/documents/pdf', { orgId: 850, productOrderOrgSpecificId: created.body.data.orgSpecificId, document: 'documents', mode: 'quote' });
    expect(res.status, JSON.stringify(res.body).slice(0, 200)).toBe(200);
    expect(pdf.jobs.at(-1)!.mediaOrigins).toEqual(['https://media-bucket.s3.eu-west-1.amazonaws.com']);
  });
});
