/** Hands a blob to the browser as a download named `fileName` (a temporary object URL behind a link click). */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.hidden = true;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // The click has handed the blob to the download; the URL is not needed after this task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Hands CSV text to the browser as a download named `fileName`. */
export function downloadCsv(text: string, fileName: string): void {
  downloadBlob(new Blob([text], { type: 'text/csv;charset=utf-8' }), fileName);
}
