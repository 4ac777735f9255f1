import { downloadCsv as download } from '@cpq/ui';
import { csvFileName } from './format.ts';

/** Hands CSV text to the browser as a download named orders-export-{YYYY-MM-DD}.csv. */
export function downloadCsv(text: string, today = new Date()): string {
  const name = csvFileName(today);
  download(text, name);
  return name;
}
