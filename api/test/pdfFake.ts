import type { PdfJob, PdfRenderer } from '../src/adapters/pdf/index.ts';

/**
 * Stands in for the Chromium renderer where a test is about who may ask (authorisation matrix,
 * policy, fuzz): records each job and answers a minimal PDF, without starting a browser.
 */
export class RecordingPdfRenderer implements PdfRenderer {
  readonly jobs: PdfJob[] = [];

  async render(job: PdfJob): Promise<Buffer> {
    this.jobs.push(job);
    return Buffer.from('%PDF-1.4\n%recorded\n%%EOF\n');
  }

  async close(): Promise<void> {}
}
