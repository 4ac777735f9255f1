/** Hands CSV text to the browser as a download named `fileName` (a temporary object URL behind a link click). */
export function downloadCsv(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
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
