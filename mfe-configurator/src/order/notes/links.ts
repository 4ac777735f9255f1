/** One line of a product's links ("url,label"): a link when the address is http or https, else plain text. */
export type ProductLink = { kind: 'link'; href: string; label: string } | { kind: 'text'; text: string };

/**
 * A product's links as written by the admin: lines of "url,label" (the label may be left out). Only
 * http and https addresses become links, so a "javascript:" or "data:" line can never run; anything
 * else is shown as the text it is. Accepts the lines as one text or a list.
 */
export function parseProductLinks(links: unknown): ProductLink[] {
  const lines = typeof links === 'string' ? links.split(/\r?\n/) : Array.isArray(links) ? links.filter((l): l is string => typeof l === 'string') : [];
  const out: ProductLink[] = [];
  for (const raw of lines) {
    const line = raw.trim();
    if (!line) continue;
    const comma = line.indexOf(',');
    const address = (comma < 0 ? line : line.slice(0, comma)).trim();
    const label = (comma < 0 ? '' : line.slice(comma + 1)).trim();
    let url: URL | null = null;
    try {
      url = new URL(address);
    } catch {
      url = null;
    }
    if (url && (url.protocol === 'http:' || url.protocol === 'https:')) out.push({ kind: 'link', href: url.href, label: label || address });
    else out.push({ kind: 'text', text: line });
  }
  return out;
}
