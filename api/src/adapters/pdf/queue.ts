import { PdfBusyError } from './types.ts';

/**
 * At most `concurrency` jobs at once; up to `queueLimit` more wait their turn in arrival order, and
 * beyond that a job is refused at once (PdfBusyError) rather than left to wait without end.
 */
export class BoundedQueue {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    readonly concurrency: number,
    readonly queueLimit: number,
  ) {}

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.queueLimit) throw new PdfBusyError();
      // The slot is handed over by the job that ends (running stays counted).
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    try {
      return await job();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }

  /** Jobs running and waiting (for tests and the health of the service). */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }
}
