import { csvFileName } from './format.ts';

/** Hands CSV text to the browser as a download named orders-export-{YYYY-MM-DD}.csv. */
export function downloadCsv(text: string, today = new Date()): string {
  const name = csvFileName(today);
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.hidden = true;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // The click has handed the blob to the download; the URL is not needed after this task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
  return name;
}
