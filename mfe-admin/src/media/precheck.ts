import { MEDIA_MAX_BYTES, MEDIA_MESSAGES } from '@cpq/domain';

/**
 * The upload's check before sending, with the server's limits and words: under 5,000,000 bytes and a
 * JPEG or PNG by its first bytes. The server checks again and decides.
 */
export async function precheck(file: Blob): Promise<string | null> {
  if (file.size >= MEDIA_MAX_BYTES) return MEDIA_MESSAGES.tooLarge;
  if (file.size === 0) return MEDIA_MESSAGES.empty;
  const head = new Uint8Array(await readHead(file));
  const starts = (sig: number[]) => sig.every((b, i) => head[i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) || starts([0xff, 0xd8, 0xff])) return null;
  if (starts([0x47, 0x49, 0x46, 0x38])) return MEDIA_MESSAGES.gif;
  return MEDIA_MESSAGES.notAnImage;
}

/** The first 8 bytes (Blob.arrayBuffer where there is one, else a FileReader). */
function readHead(file: Blob): Promise<ArrayBuffer> {
  const head = file.slice(0, 8);
  if (typeof head.arrayBuffer === 'function') return head.arrayBuffer();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(head);
  });
}
