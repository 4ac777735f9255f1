/** One page of the portal to print: where, as whom, on what paper. */
export interface PdfJob {
  /** Absolute address of the page (the portal's own origin). */
  url: string;
  /** Cookies the page is opened with (the caller's session), for the page's origin only. */
  cookies: ReadonlyArray<{ name: string; value: string }>;
  /**
   * Other origins the page may load images from: where the media storage serves files (an S3 bucket's
   * presigned addresses). Everything else outside the page's origin is refused.
   */
  mediaOrigins?: readonly string[];
  /** localStorage entries of the page's origin, set before its scripts run. */
  localStorage?: Readonly<Record<string, string>>;
  /** Paper when the page names none in CSS (@page size wins). */
  format: 'Letter' | 'Tabloid';
  landscape: boolean;
}

/** Renders portal pages to PDF (docs/decisions/0063-pdf-rendering.md). */
export interface PdfRenderer {
  render(job: PdfJob): Promise<Buffer>;
  /** Ends the browser (server shutdown); a later render starts it again. */
  close(): Promise<void>;
  /** Renders in progress and waiting for a slot (the metrics). */
  readonly load?: { running: number; waiting: number };
}

export const PDF_BUSY_MESSAGE = 'The PDF service is busy. Please try again in a minute.';

/** Every rendering slot is taken and the waiting line is full. */
export class PdfBusyError extends Error {
  constructor() {
    super(PDF_BUSY_MESSAGE);
    this.name = 'PdfBusyError';
  }
}

/** The page did not say it was ready to print in time. */
export class PdfTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`The PDF could not be prepared within ${Math.round(timeoutMs / 1000)} seconds. Please try again; if it keeps failing, print from the page instead.`);
    this.name = 'PdfTimeoutError';
  }
}
